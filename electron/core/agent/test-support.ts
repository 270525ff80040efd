// Helpers for the agent's tests: a small document with a needle, its chunks, and an
// independent rebuild of MemAgent's prompts from MEMAGENT.md's placeholders.
import type { ChunkInfo, RunEvent, RunSettings } from '../../../shared/model.ts';
import { DEFAULT_RUN_SETTINGS } from '../../../shared/model.ts';

/** Paragraphs of filler with one needle sentence in paragraph `needleAt`. */
export function needleDocument(paragraphs: number, needleAt: number): string {
  const parts: string[] = [];
  for (let i = 0; i < paragraphs; i += 1) {
    parts.push(
      i === needleAt
        ? 'The secret launch code of the northern observatory is AMBER-4471. It was set in 1998.'
        : `Paragraph ${i} talks about weather in valley ${i}. Rain fell for ${i + 2} days while farmers waited. Costs {memory} and $& rose.`,
    );
  }
  return parts.join('\n\n');
}

/** One chunk per paragraph group: `perChunk` paragraphs each (the engine only needs spans). */
export function paragraphChunks(text: string, perChunk: number): ChunkInfo[] {
  const chunks: ChunkInfo[] = [];
  const cuts = [0];
  let at = 0;
  let seen = 0;
  for (;;) {
    const next = text.indexOf('\n\n', at);
    if (next < 0) break;
    at = next + 2;
    seen += 1;
    if (seen % perChunk === 0) cuts.push(at);
  }
  cuts.push(text.length);
  for (let i = 0; i + 1 < cuts.length; i += 1) {
    const start = cuts[i] as number;
    const end = cuts[i + 1] as number;
    if (end > start)
      chunks.push({ index: chunks.length, start, end, tokens: Math.ceil((end - start) / 4) });
  }
  return chunks;
}

export const QUESTION = 'What is the secret launch code of the northern observatory?';

export const SETTINGS: RunSettings = {
  ...DEFAULT_RUN_SETTINGS,
  memoryTokens: 256,
  answerTokens: 256,
};

/** Fills a template by splitting it at its placeholders (independent of templates.ts's fill). */
export function expectedPrompt(template: string, values: Record<string, string>): string {
  return template
    .split(/\{(prompt|memory|chunk|answer)\}/)
    .map((part, i) => (i % 2 === 1 ? (values[part] as string) : part))
    .join('');
}

/** Collects events and resolves waiters when an event of a type arrives. */
export class EventLog {
  readonly events: RunEvent[] = [];
  #waiters: { test: (e: RunEvent) => boolean; resolve: (e: RunEvent) => void }[] = [];

  readonly push = (event: RunEvent): void => {
    this.events.push(event);
    this.#waiters = this.#waiters.filter((w) => {
      if (!w.test(event)) return true;
      w.resolve(event);
      return false;
    });
  };

  /** The first event (already seen or future) matching `test`. */
  waitFor(test: (e: RunEvent) => boolean): Promise<RunEvent> {
    const seen = this.events.find(test);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve) => this.#waiters.push({ test, resolve }));
  }

  of<T extends RunEvent['type']>(type: T): Extract<RunEvent, { type: T }>[] {
    return this.events.filter((e): e is Extract<RunEvent, { type: T }> => e.type === type);
  }

  terminals(): RunEvent[] {
    return this.events.filter(
      (e) => e.type === 'finished' || e.type === 'error' || e.type === 'cancelled',
    );
  }

  /** The streamed reply text of chunk `k` (all memory deltas joined). */
  streamed(k: number): string {
    return this.of('memory-delta')
      .filter((e) => e.chunk === k)
      .map((e) => e.delta)
      .join('');
  }
}
