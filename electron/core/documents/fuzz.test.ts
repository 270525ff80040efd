import { describe, expect, it } from 'vitest';
import { CoreError } from '../errors.ts';
import { extractDocument } from './index.ts';
import { seededRandom as rng } from '../seeded-random.test-support.ts';
import { fixtureBytes } from './test-support.ts';

// Mutants are drawn from a seeded generator, so a failing one is reproduced by its seed.

type Mutation = 'flip' | 'truncate' | 'duplicate';

function mutate(bytes: Uint8Array, kind: Mutation, seed: number): Uint8Array {
  const random = rng(seed);
  const at = (): number => Math.floor(random() * bytes.length);
  if (kind === 'truncate') return bytes.slice(0, Math.max(1, at()));
  if (kind === 'flip') {
    const copy = bytes.slice();
    const flips = 1 + Math.floor(random() * 16);
    for (let i = 0; i < flips; i++) {
      const p = at();
      copy[p] = (copy[p] ?? 0) ^ (1 << Math.floor(random() * 8));
    }
    return copy;
  }
  const start = at();
  const chunk = bytes.slice(start, Math.min(bytes.length, start + 1 + Math.floor(random() * 512)));
  const insert = at();
  const out = new Uint8Array(bytes.length + chunk.length);
  out.set(bytes.subarray(0, insert));
  out.set(chunk, insert);
  out.set(bytes.subarray(insert), insert + chunk.length);
  return out;
}

const FIXTURES = [
  'contract.pdf',
  'scanned.pdf',
  'encrypted-secret.pdf',
  'lease.docx',
  'lighthouse.epub',
  'article.html',
  'notes.md',
  'french-utf16le.txt',
];
const MUTATIONS: Mutation[] = ['flip', 'truncate', 'duplicate'];
const PER_KIND = 2;
// A mutant past this deadline ends as TimeLimit (pdf.test.ts checks the deadline is kept).
const TIME_LIMIT_MS = 15_000;
const EXPECTED_KINDS = [
  'Unsupported',
  'PasswordRequired',
  'WrongPassword',
  'Damaged',
  'TooLarge',
  'TimeLimit',
];

describe('fuzz: mutated fixtures', () => {
  it(
    'each mutant ends in a document or a typed error (TimeLimit past its deadline), with memory bounded',
    { timeout: 240_000 },
    async () => {
      const cases = FIXTURES.flatMap((name) =>
        MUTATIONS.flatMap((kind) =>
          Array.from({ length: PER_KIND }, (_, i) => ({
            name,
            kind,
            seed: 1000 * i + name.length * 31 + kind.length,
          })),
        ),
      );
      const rssBefore = process.memoryUsage().rss;
      const outcomes: string[] = [];
      const failures: string[] = [];
      let next = 0;
      // Two at a time: the machine has two cores.
      const lane = async (): Promise<void> => {
        while (next < cases.length) {
          const c = cases[next++];
          if (c === undefined) return;
          const bytes = mutate(fixtureBytes(c.name), c.kind, c.seed);
          try {
            const doc = await extractDocument(
              { bytes, name: c.name },
              { timeLimitMs: TIME_LIMIT_MS },
            );
            expect(typeof doc.text).toBe('string');
            outcomes.push('document');
          } catch (error) {
            const kind = error instanceof CoreError ? error.kind : 'not a CoreError';
            if (!EXPECTED_KINDS.includes(kind))
              failures.push(`${c.name} ${c.kind} seed ${c.seed}: ${kind} ${String(error)}`);
            outcomes.push(kind);
          }
        }
      };
      await Promise.all([lane(), lane()]);
      expect(failures).toEqual([]);
      expect(outcomes).toHaveLength(cases.length);
      // Both outcomes occur: the mutations are neither all harmless nor all fatal.
      expect(outcomes).toContain('document');
      expect(outcomes.some((o) => o !== 'document')).toBe(true);
      // Workers are gone and their memory with them; allow generous slack for the GC's timing.
      expect(process.memoryUsage().rss - rssBefore).toBeLessThan(400 * 1024 * 1024);
    },
  );
});
