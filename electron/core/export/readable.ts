// What the Markdown, HTML and PDF exports say about a run, in words, computed once for all of
// them: local times, the one-line failure and details, question groups, each state's change.
import { diffWords, type ChangeObject } from 'diff';
import { formatDuration } from '../../../shared/duration.ts';
import { changeLabel as wordsLabel, stateChange } from '../../../shared/memory-change.ts';
import { plural } from '../../../shared/plural.ts';
import { RUN_STATE_LABEL, runState } from '../../../shared/run-state.ts';
import { groupChunksNote, groupWarnings } from '../../../shared/warning-groups.ts';
import type { ExportedMemory, ExportedRun, SessionExport } from './session.ts';

/** How a session is rendered for people. */
export interface RenderOptions {
  /** IANA zone the times are written in: the command line's TZ, the app's local zone. */
  timeZone?: string;
  /**
   * Markdown's memory appendix: each run's final memory and a line per chunk of what changed
   * (`final`, the default), or every state in full as well (`all`).
   */
  memory?: 'final' | 'all';
}

/**
 * The zone exports write times in: `tz` (the command's TZ, an IANA name) when Intl knows it,
 * else this process's zone (the system's in the app). Taken from the caller, not the process, so
 * a command run inside another process (the tests) writes its own context's zone.
 */
export function localZone(tz?: string): string {
  const named = tz?.trim();
  if (named) {
    try {
      return new Intl.DateTimeFormat('en-GB', { timeZone: named }).resolvedOptions().timeZone;
    } catch {
      // Not an IANA name Intl knows (a POSIX rule such as "CET-1"): the process's zone.
    }
  }
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** "23 Nov 2026, 21:40 CET" in `timeZone`; the ISO text itself if it is not a date. */
export function localTime(iso: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  }).format(date);
}

/** The document's questions in the order first asked; each question's runs newest first. */
export function questionGroups(runs: readonly ExportedRun[]): ExportedRun[][] {
  const groups = new Map<string, ExportedRun[]>();
  for (const run of runs) {
    const group = groups.get(run.question) ?? [];
    group.push(run);
    groups.set(run.question, group);
  }
  return [...groups.values()].map((group) =>
    [...group].sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
  );
}

/** The page's title: what was exported, of which document (the question is the heading below). */
export function exportTitle(session: SessionExport): string {
  const title = session.document.title;
  if (session.scope === 'run') return `An answer from ${title}`;
  if (session.scope === 'question') return `One question about ${title}, every run`;
  return `Questions about ${title}`;
}

const STOPPED: Partial<Record<ExportedRun['status'], string>> = {
  error: 'failed',
  cancelled: 'was cancelled',
  interrupted: 'was interrupted',
  paused: 'is paused',
  queued: 'has not started',
  running: 'was still reading when exported',
};

/**
 * One sentence for a run that did not finish, in place of its warnings: eight retry warnings
 * and the error become "8 retries, then failed: The server did not answer." Undefined for a
 * finished run.
 */
export function failureLine(run: ExportedRun): string | undefined {
  const stopped = STOPPED[run.status];
  if (stopped === undefined) return undefined;
  const retries = run.warnings.filter((w) => w.code === 'retry').length;
  const read = `after ${run.memories.length} of ${plural(run.chunkCount, 'chunk')}`;
  const lead =
    retries > 0 ? `${plural(retries, 'retry', 'retries')}, then ${stopped}` : `It ${stopped}`;
  const why = run.status === 'error' ? (run.error?.message ?? lastMessage(run)) : undefined;
  const hint = run.status === 'error' && run.error?.hint ? ` ${run.error.hint}` : '';
  return `${lead} ${read}${why ? `: ${why}` : '.'}${hint}`;
}

function lastMessage(run: ExportedRun): string | undefined {
  return run.warnings.at(-1)?.message;
}

/**
 * The warnings of a run in one line ("2 retries. Memory cut at its limit (chunks 3, 7)."), or
 * undefined when there were none. The failure line already speaks for a run that stopped.
 */
export function warningsLine(run: ExportedRun): string | undefined {
  if (run.warnings.length === 0) return undefined;
  const parts = groupWarnings(run.warnings).map((group) => {
    const { code, count, first } = group;
    if (code === 'retry') return plural(count, 'retry', 'retries');
    const sentence = first.replace(/[.;:\s]+$/, '');
    const where = groupChunksNote(group);
    return count === 1 ? `${sentence}${where}.` : `${count}× ${sentence}${where}.`;
  });
  return parts.map((p) => (/[.!?]$/.test(p) ? p : `${p}.`)).join(' ');
}

/** "Done · gpt-4o via Cloud (openai) · 36 of 36 chunks · 123,456 tokens in, 789 out · ≈ $0.0123 · asked … · took 3 min 04 s". */
export function detailsLine(run: ExportedRun, timeZone: string): string {
  const parts = [statusWord(run)];
  const model = run.model ?? 'model unknown';
  parts.push(run.backend ? `${model} via ${run.backend.name} (${run.backend.kind})` : model);
  parts.push(`${run.memories.length} of ${plural(run.chunkCount, 'chunk')} read`);
  parts.push(
    `${run.usage.promptTokens.toLocaleString('en-US')} tokens in, ${run.usage.completionTokens.toLocaleString('en-US')} out`,
  );
  if (run.cost !== undefined) parts.push(`≈ $${run.cost.toFixed(run.cost < 0.01 ? 4 : 2)}`);
  parts.push(`asked ${localTime(run.createdAt, timeZone)}`);
  if (run.finishedAt !== null) {
    const ms = Date.parse(run.finishedAt) - Date.parse(run.createdAt);
    parts.push(`took ${formatDuration(ms)}`);
  }
  if (run.origin === 'import') parts.push('imported');
  else if (run.origin === 'cli') parts.push('asked on the command line');
  return parts.join(' · ');
}

/** "Answered", "No answer", "Incomplete", "Failed" …: the app's words (shared/run-state.ts). */
function statusWord(run: ExportedRun): string {
  return RUN_STATE_LABEL[runState(run)];
}

/** "chunks of 5,000 tokens · memory 1,024 · answer 2,048 · temperature 0.7 · top-p 0.95 · boxed final prompt · tokenizer qwen". */
export function settingsLine(run: ExportedRun): string {
  const s = run.settings;
  const n = (v: number) => v.toLocaleString('en-US');
  return [
    `chunks of ${n(s.chunkTokens)} tokens`,
    `memory ${n(s.memoryTokens)}`,
    `answer ${n(s.answerTokens)}`,
    `temperature ${s.temperature}`,
    `top-p ${s.topP}`,
    `${s.final} final prompt`,
    `tokenizer ${s.tokenizer}`,
  ].join(' · ');
}

/**
 * What one memory state changed from the one before: its words added and removed (counted as
 * the app counts them, shared/memory-change.ts) and the word diff the HTML marks.
 */
export interface MemoryChange {
  memory: ExportedMemory;
  added: number;
  removed: number;
  parts: ChangeObject<string>[];
}

/**
 * A word diff costs about (words of both states) × (words changed), so two states longer than
 * this together (a 32,000-token memory is about 130,000 characters), or more than
 * `MAX_DIFF_EDITS` words apart, are shown as one rewritten whole: a memory of megabytes from a
 * server that ignored its token limit took two minutes and 2.4 GB to diff.
 */
const MAX_DIFF_CHARS = 300_000;
const MAX_DIFF_EDITS = 1_000;

/** The word-level change from `before` to `after`, or the whole replaced when too costly. */
function wordChange(before: string, after: string): ChangeObject<string>[] {
  if (before === after) return [];
  if (before.length + after.length <= MAX_DIFF_CHARS) {
    const parts = diffWords(before, after, { maxEditLength: MAX_DIFF_EDITS });
    if (parts !== undefined) return parts;
  }
  const part = (value: string, added: boolean): ChangeObject<string> => ({
    value,
    added,
    removed: !added,
    count: 1,
  });
  return [
    ...(before === '' ? [] : [part(before, false)]),
    ...(after === '' ? [] : [part(after, true)]),
  ];
}

/** Each state's word-level change from the previous one (the first from an empty memory). */
export function memoryChanges(run: ExportedRun): MemoryChange[] {
  return [...eachMemoryChange(run)];
}

/**
 * The changes of memoryChanges one at a time, for a renderer that needs only the counts: a run
 * of 10⁶ chunks held every state's diff parts at once.
 */
export function* eachMemoryChange(run: ExportedRun): Generator<MemoryChange> {
  let before: string | undefined;
  for (const memory of run.memories) {
    const parts = wordChange(before ?? '', memory.memory);
    const { added, removed } = stateChange(before, memory);
    before = memory.memory;
    yield { memory, added, removed, parts };
  }
}

/** The chunks the answer's cited passages are in. */
export function evidenceChunks(run: ExportedRun): Set<number> {
  return new Set((run.evidence ?? []).map((e) => e.chunk));
}

/** "+35 −12 words", "no change", "previous memory kept". */
export function changeLabel(change: MemoryChange): string {
  if (change.memory.kept) return 'previous memory kept';
  return wordsLabel(change);
}
