// Results files for the report tests, written as `memagent eval --out` writes them.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface FixtureRow {
  id: string | number;
  length: number | null;
  em?: number;
  sub_em?: number;
  f1?: number;
  error?: string | { kind: string; message: string } | null;
}

/** A full row line, with the fields a report ignores too. */
export function rowLine(row: FixtureRow): string {
  return JSON.stringify({
    prediction: row.error ? null : 'an answer',
    response: 'Therefore, the answer is an answer.',
    answers: ['an answer'],
    chunks: 2,
    usage: { promptTokens: 100, completionTokens: 10 },
    ms: 1200,
    error: null,
    ...row,
  });
}

/**
 * `a.jsonl`: 8 rows around 7K (6 right by sub-EM, 3 by EM, one failed whose file claims an
 * F1 of 0.9) and 4 around 14K. Expected: 7K bucket EM 37.50, sub-EM 75.00, F1 59.38; 14K
 * bucket 25.00, 50.00, 37.50; all 12 rows 33.33, 66.67, 52.08.
 */
export const FILE_A: FixtureRow[] = [
  { id: 0, length: 6_900, em: 1, sub_em: 1, f1: 1 },
  { id: 1, length: 7_000, em: 1, sub_em: 1, f1: 1 },
  { id: 2, length: 7_100, em: 1, sub_em: 1, f1: 1 },
  { id: 3, length: 7_200, em: 0, sub_em: 1, f1: 0.5 },
  { id: 4, length: 7_300, em: 0, sub_em: 1, f1: 0.5 },
  { id: 5, length: 7_400, em: 0, sub_em: 1, f1: 0.5 },
  { id: 6, length: 7_500, em: 0, sub_em: 0, f1: 0.25 },
  { id: 7, length: 8_192, em: 0, sub_em: 0, f1: 0.9, error: 'BackendFailed: HTTP 503' },
  { id: 8, length: 13_000, em: 1, sub_em: 1, f1: 1 },
  { id: 9, length: 14_000, em: 0, sub_em: 1, f1: 0.5 },
  { id: 10, length: 15_000, em: 0, sub_em: 0, f1: 0 },
  { id: 11, length: 16_384, em: 0, sub_em: 0, f1: 0 },
];

/** `b.jsonl`: two rows around 3.5M, one right: 50.00 sub-EM. */
export const FILE_B: FixtureRow[] = [
  { id: 'x1', length: 3_400_000, em: 1, sub_em: 1, f1: 1 },
  { id: 'x2', length: 3_600_000, em: 0, sub_em: 0, f1: 0 },
];

export const HOSTILE_LABEL = `<script>alert("x")</script> & Tom's \u202eevil\u202c \ud800 ]]>`;

export function tempDir(prefix: string): { dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export function writeResults(dir: string, name: string, rows: readonly FixtureRow[]): string {
  const file = path.join(dir, name);
  writeFileSync(file, rows.map((r) => `${rowLine(r)}\n`).join(''));
  return file;
}

/**
 * A generated set read at every power of two from 8K to 2M tokens, 16 rows a length, accuracy
 * falling from 15 to 9 right: what a chart of a real run looks like, for the eye.
 */
export function generatedRun(): FixtureRow[] {
  const rows: FixtureRow[] = [];
  for (let k = 0; k < 9; k += 1) {
    const length = 8_192 * 2 ** k;
    const right = 15 - Math.round((k * 6) / 8);
    for (let i = 0; i < 16; i += 1) {
      const ok = i < right;
      rows.push({
        id: `g${k}-${i}`,
        length,
        em: ok && i % 2 === 0 ? 1 : 0,
        sub_em: ok ? 1 : 0,
        f1: ok ? 0.8 : 0.1,
        ...(k === 8 && i === 15 ? { error: 'BackendFailed: timeout' } : {}),
      });
    }
  }
  return rows;
}
