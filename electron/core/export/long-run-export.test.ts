// A 700-chunk run (a 3.5M-token book at 5,000 tokens a chunk): the HTML keeps one bar per chunk
// on one line and every state in its trail; the printed page keeps the cited and largest changes.
import { describe, expect, it } from 'vitest';
import { DEFAULT_RUN_SETTINGS } from '../../../shared/model.ts';
import { PRINTED_TRAIL_CHUNKS, sessionToHtml } from './html.ts';
import type { SessionExport } from './session.ts';

const CHUNKS = 700;
const usage = { promptTokens: 6000, completionTokens: 300 };
// The memory grows by a fact every 50 chunks and is rewritten at chunk 400; the rest keep it.
const memories = Array.from({ length: CHUNKS }, (_, chunk) => {
  const facts = Array.from(
    { length: Math.floor(chunk / 50) + 1 },
    (_, i) => `Fact ${i + 1} of the saga.`,
  );
  const text = chunk >= 400 ? `Rewritten: ${facts.join(' ')}` : facts.join(' ');
  return {
    chunk,
    pages: { first: chunk * 3 + 1, last: chunk * 3 + 3 },
    memory: text,
    kept: chunk % 97 === 5,
    usage,
    ms: 900,
  };
});
const session: SessionExport = {
  format: 'memagent-session',
  version: 2,
  scope: 'run',
  exportedAt: '2026-11-23T20:00:00.000Z',
  document: { id: 'd', fileName: 'saga.pdf', title: 'The Saga', format: 'pdf', chars: 14_000_000 },
  runs: [
    {
      id: 'long',
      question: 'How many facts are there?',
      status: 'done',
      answer: '14',
      answerCut: false,
      response: '\\boxed{14}',
      model: 'RL-MemoryAgent-14B',
      backend: null,
      settings: DEFAULT_RUN_SETTINGS,
      usage,
      createdAt: '2026-11-23T17:00:00.000Z',
      finishedAt: '2026-11-23T19:55:00.000Z',
      chunkCount: CHUNKS,
      warnings: [],
      evidence: [
        {
          chunk: 650,
          start: 0,
          end: 10,
          page: 1951,
          pageLabel: null,
          section: null,
          quote: 'Fact 14.',
          score: 1,
          by: 'alignment',
        },
      ],
      memories,
    },
  ],
};

describe('a 700-chunk run', () => {
  it('HTML: 700 bars on one line with no gap, every state in the trail, the cited chunk marked', () => {
    const html = sessionToHtml(session, { timeZone: 'UTC' });
    expect(html.match(/<a class="bar/g)).toHaveLength(CHUNKS);
    expect(html).toContain('<div class="timeline" role="img"');
    expect(html.match(/<a class="bar cited"/g)).toHaveLength(1);
    expect(html.match(/<details id="run-long-chunk-\d+"/g)).toHaveLength(CHUNKS);
    expect(html).toContain('took 2 h 55 min');
    // About 1 KB a chunk: big, but a page a browser opens at once.
    expect(html.length).toBeLessThan(2_000_000);
  });

  it('PDF page: the cited chunk, the largest changes and the last, unchanged stretches as one line', () => {
    const html = sessionToHtml(session, { timeZone: 'UTC', print: true });
    const printed = [...html.matchAll(/<details id="run-long-chunk-(\d+)"/g)].map((m) =>
      Number(m[1]),
    );
    expect(printed.length).toBeLessThanOrEqual(PRINTED_TRAIL_CHUNKS + 1);
    expect(printed).toContain(651);
    expect(printed).toContain(401);
    expect(html).toContain('the HTML and JSON exports hold all 700');
    expect(html).not.toContain('<details id="run-long-chunk-2"');
  });
});
