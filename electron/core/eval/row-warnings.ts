// What went less than cleanly while a row was read (a memory cut at its token limit, a final
// reply cut, thinking stripped, a direct prompt cut to its head and tail), counted by kind. A
// results line carries them so a score can be read with its caveats; summaries count them.
import { z } from 'zod';
import type { MemoryState } from '../../../shared/model.ts';
import type { RunWarning } from '../agent/run-outcome.ts';

/** One kind of warning on a row, and how many times it happened there. */
export const rowWarningSchema = z.object({ kind: z.string(), count: z.number() });
export type RowWarning = z.infer<typeof rowWarningSchema>;

/** What each kind means, for summaries (a kind not listed is shown as it is). */
export const WARNING_KINDS: Readonly<Record<string, string>> = {
  'length-cut': 'memory update cut at its token limit (previous memory kept)',
  'empty-memory': 'empty memory update (previous memory kept)',
  'memory-stopped':
    'memory update stopped by the server or past its token limit (previous memory kept)',
  'answer-cut': 'final reply cut at its token limit',
  'answer-stopped': 'final reply stopped by the server or past its token limit',
  'no-answer': 'final reply without an extractable answer',
  retry: 'request retried',
  'thinking-stripped': 'thinking stripped from a reply',
  'prompt-cut': 'direct prompt cut to its head and tail',
};

/**
 * A row's warnings by kind, in the order each kind first happened. The generic-model note is
 * left out: it is about the evaluation, said once, not about a row.
 */
export function countRowWarnings(kinds: Iterable<string>): RowWarning[] {
  const counts = new Map<string, number>();
  for (const kind of kinds) {
    if (kind === 'generic-model') continue;
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  return [...counts.entries()].map(([kind, count]) => ({ kind, count }));
}

/** True when a raw reply had thinking that the app stripped before using it. */
export function hadThinking(raw: string): boolean {
  return raw.includes('</think>') || raw.trimStart().startsWith('<think>');
}

/** The warnings of a MemAgent run: its own, plus memory replies whose thinking was stripped. */
export function memAgentRowWarnings(
  warnings: readonly RunWarning[],
  memories: readonly MemoryState[],
): RowWarning[] {
  const thinking = memories.filter((m) => m.reply !== undefined && hadThinking(m.reply));
  return countRowWarnings([
    ...warnings.map((w) => w.code),
    ...thinking.map(() => 'thinking-stripped'),
  ]);
}

/** Per kind over many rows: how many rows had it, and how many times in all. */
export interface WarningTally {
  kind: string;
  rows: number;
  count: number;
}

/** Sums rows' warnings by kind, the kind on most rows first. */
export function tallyWarnings(
  rows: readonly { warnings?: readonly RowWarning[] | undefined }[],
): WarningTally[] {
  const byKind = new Map<string, WarningTally>();
  for (const row of rows) {
    for (const w of row.warnings ?? []) {
      const t = byKind.get(w.kind) ?? { kind: w.kind, rows: 0, count: 0 };
      t.rows += 1;
      t.count += w.count;
      byKind.set(w.kind, t);
    }
  }
  return [...byKind.values()].sort((a, b) => b.rows - a.rows);
}

/** "memory update cut at its token limit (previous memory kept): 3 times on 2 rows". */
export function warningLine(t: WarningTally): string {
  const what = WARNING_KINDS[t.kind] ?? t.kind;
  const times = t.count === 1 ? 'once' : `${t.count.toLocaleString('en-US')} times`;
  const rows = `${t.rows.toLocaleString('en-US')} ${t.rows === 1 ? 'row' : 'rows'}`;
  return `${what}: ${times} on ${rows}`;
}
