import { describe, expect, it } from 'vitest';
import type { Usage } from './model.ts';
import { projectUsage } from './memory-growth.ts';

// A run as a server would report it: each chunk request sends the template and question (210
// tokens), the chunk and the previous memory, and gets the new memory back.
const CHUNKS = 35;
const chunkTokens = Array.from({ length: CHUNKS }, (_, k) => (k === CHUNKS - 1 ? 2100 : 5000));
const BUDGET = 1024;

function requests(memory: (k: number) => number): Usage[] {
  const sizes = chunkTokens.map((_, k) => Math.round(Math.min(BUDGET, memory(k))));
  return sizes.map((m, k) => ({
    promptTokens: 210 + (chunkTokens[k] ?? 0) + (k > 0 ? (sizes[k - 1] ?? 0) : 3),
    completionTokens: m,
  }));
}

/** Cost at $2.50 / $10 per million (a typical cloud price), whole run with the final answer. */
const cost = (u: Usage) => (u.promptTokens * 2.5 + u.completionTokens * 10) / 1e6;
function finalCost(all: Usage[]): number {
  const last = all.at(-1)?.completionTokens ?? 0;
  const total = all.reduce(
    (t, u) => ({
      promptTokens: t.promptTokens + u.promptTokens,
      completionTokens: t.completionTokens + u.completionTokens,
    }),
    { promptTokens: 200 + last, completionTokens: 60 },
  );
  return cost(total);
}
const naive = (all: Usage[], d: number) => {
  const soFar = all.slice(0, d).reduce((s, u) => s + cost(u), 0);
  return (soFar * (CHUNKS + 1)) / d;
};

const SEQUENCES: [string, (k: number) => number][] = [
  // Facts pile up until the memory is full (the run reported in the issue).
  ['memory filling up', (k) => 40 + 45 * k],
  ['memory growing then levelling off', (k) => BUDGET * (1 - Math.exp(-k / 10))],
  ['memory small all along (nothing relevant found)', (k) => 60 + (k % 3) * 5],
  ['memory jumping late (the answer is at the end)', (k) => (k < 25 ? 80 : 900)],
];

describe('projectUsage', () => {
  it('says nothing before the first chunk is done', () => {
    expect(projectUsage({ chunkTokens, done: [], memoryTokens: BUDGET, answerTokens: 512 })).toBe(
      null,
    );
  });

  for (const [name, memory] of SEQUENCES) {
    it(`stays near the final cost from chunk 5 on: ${name}`, () => {
      const all = requests(memory);
      const final = finalCost(all);
      for (const d of [5, 10, 20, 30, CHUNKS]) {
        const projected = projectUsage({
          chunkTokens,
          done: all.slice(0, d),
          memoryTokens: BUDGET,
          answerTokens: 512,
        });
        if (!projected) throw new Error('no projection');
        const ratio = cost(projected) / final;
        // A late jump cannot be foreseen; it is caught up once it shows.
        const late = name.includes('late') && d < 26;
        expect(ratio, `after ${d} chunks`).toBeGreaterThan(late ? 0.5 : 0.85);
        expect(ratio, `after ${d} chunks`).toBeLessThan(1.25);
      }
    });
  }

  it('fixes the issue: early in a filling-up run the old projection was far too low, this one is not', () => {
    const all = requests(SEQUENCES[0]![1]);
    const final = finalCost(all);
    expect(naive(all, 3) / final).toBeLessThan(0.7);
    const projected = projectUsage({
      chunkTokens,
      done: all.slice(0, 3),
      memoryTokens: BUDGET,
      answerTokens: 512,
    });
    expect(cost(projected!) / final).toBeGreaterThan(0.85);
  });

  it('never projects a memory above its budget', () => {
    const all = requests((k) => 300 * k);
    const p = projectUsage({
      chunkTokens,
      done: all.slice(0, 4),
      memoryTokens: BUDGET,
      answerTokens: 512,
    });
    expect(p!.completionTokens).toBeLessThanOrEqual(CHUNKS * BUDGET + 512);
  });
});
