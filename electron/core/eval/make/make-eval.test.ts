import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CoreError } from '../../errors.ts';
import { qwenTokenizer } from '../../tokenize/index.ts';
import type { Tokenizer } from '../../tokenize/tokenizer.ts';
import {
  buildHaystack,
  generateRows,
  isSentenceStart,
  lengthTolerance,
  TASK_FAMILIES,
  writeRows,
  type EvalRow,
  type Haystack,
  type SetPlan,
} from './index.ts';

/** A small book: English paragraphs, a Japanese one (sentences end in 。 with no space). */
function book(): string {
  const subjects = ['The keeper', 'A gull', 'The ferry', 'Old Marta', 'The harbour bell'];
  const verbs = ['watched', 'crossed', 'remembered', 'counted', 'ignored'];
  const objects = [
    'the grey water',
    'forty lamps',
    'the northern pier',
    'a broken oar',
    'the tide',
  ];
  const paragraphs: string[] = [];
  for (let p = 0; p < 60; p++) {
    const sentences: string[] = [];
    for (let s = 0; s < 6; s++) {
      const i = p * 6 + s;
      const end = ['.', '!', '?', '."'][i % 4];
      sentences.push(
        `${subjects[i % 5]} ${verbs[(i * 3) % 5]} ${objects[(i * 7) % 5]} in year ${1800 + i}${end}`,
      );
    }
    // Made-up words, so the word tasks have a vocabulary of more than the few above.
    const syllables = ['ba', 'lo', 'ki', 'ra', 'mun', 'te', 'sor', 'vi'];
    const word = [p % 8, Math.floor(p / 8), (p * 3) % 8].map((k) => syllables[k]).join('');
    sentences.push(`Later came the word ${word}.`);
    paragraphs.push(sentences.join(' '));
    if (p % 10 === 9)
      paragraphs.push(
        '吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。何でも薄暗いじめじめした所で泣いていた事だけは記憶している。',
      );
  }
  return paragraphs.join('\n\n');
}

let tokenizer: Tokenizer;
let haystack: Haystack;
let dir: string;
beforeAll(async () => {
  tokenizer = qwenTokenizer({ workers: 1 });
  haystack = await buildHaystack(
    [book(), 'A second document.\nIts last line has no full stop'],
    tokenizer,
  );
  dir = mkdtempSync(path.join(tmpdir(), 'make-eval-'));
});
afterAll(async () => {
  await tokenizer.dispose();
  rmSync(dir, { recursive: true, force: true });
});

const plan: SetPlan = { lengths: [1024, 6000], tasks: TASK_FAMILIES, rows: 3, seed: 7 };

async function collect(p: SetPlan): Promise<EvalRow[]> {
  const rows: EvalRow[] = [];
  for await (const row of generateRows(haystack, tokenizer, p)) rows.push(row);
  return rows;
}

let rowsCache: Promise<EvalRow[]> | undefined;
const rows = () => (rowsCache ??= collect(plan));

describe('make-eval sets', () => {
  it('gives byte-identical files for the same seed, and another set for another seed', async () => {
    const write = async (name: string, p: SetPlan) => {
      const file = path.join(dir, name);
      await writeRows(generateRows(haystack, tokenizer, p), file, {
        format: 'jsonl',
        force: false,
      });
      return readFileSync(file);
    };
    const small: SetPlan = { ...plan, lengths: [1024], rows: 2 };
    const a = await write('a.jsonl', small);
    const b = await write('b.jsonl', small);
    expect(a.equals(b)).toBe(true);
    const c = await write('c.jsonl', { ...small, seed: 8 });
    expect(a.equals(c)).toBe(false);
    expect(a.toString('utf8').trim().split('\n')).toHaveLength(TASK_FAMILIES.length * 2);
  });

  it('puts every needle exactly where its row says, at a sentence start, never inside a word', async () => {
    for (const row of await rows()) {
      if (row.task === 'cwe' || row.task === 'fwe') {
        expect(row.needles).toEqual([]);
        continue;
      }
      expect(row.needles.length).toBeGreaterThan(0);
      // Taking the needles and their spaces out gives back the haystack they went into; each
      // one must have gone in where a sentence starts.
      const parts: string[] = [];
      const spots: number[] = [];
      let cursor = 0;
      let length = 0;
      for (const n of [...row.needles].sort((x, y) => x.start - y.start)) {
        expect(row.context.slice(n.start, n.end)).toBe(n.text);
        expect(n.depth).toBe(n.start / row.context.length);
        const atEnd = n.end === row.context.length;
        const from = Math.max(
          cursor,
          atEnd && row.context[n.start - 1] === ' ' ? n.start - 1 : n.start,
        );
        const to = row.context[n.end] === ' ' ? n.end + 1 : n.end;
        parts.push(row.context.slice(cursor, from));
        length += from - cursor;
        spots.push(length);
        cursor = to;
      }
      parts.push(row.context.slice(cursor));
      const filler = parts.join('');
      for (const p of spots)
        expect(p === filler.length || isSentenceStart(filler, p), `${row._id} at ${p}`).toBe(true);
      expect((haystack.text + haystack.text).includes(filler.slice(0, 2000))).toBe(true);
    }
  });

  it('counts each row with the tokenizer, within the stated tolerance of its target', async () => {
    for (const row of await rows()) {
      const [n] = await tokenizer.countMany([row.context]);
      expect(row.length).toBe(n);
      expect(Math.abs(row.length - row.target_length)).toBeLessThanOrEqual(
        lengthTolerance(row.target_length),
      );
      expect(row.tokenizer).toBe('qwen2.5');
    }
  });

  it("derives every family's gold answer from the context alone", async () => {
    for (const row of await rows()) {
      const expected = solve(row);
      if (row.outputs) {
        expect([...row.outputs].sort(), row._id).toEqual([...expected].sort());
        expect(row.answers[0]).toBe(row.outputs.join(', '));
      } else expect(row.answers, row._id).toEqual(expected);
    }
  });

  it('keeps tricky gold strings (scripts, punctuation, numbers, yes/no) through a JSON file', async () => {
    const file = path.join(dir, 'tricky.json');
    const wide: SetPlan = {
      lengths: [1024],
      tasks: ['niah_single', 'multihop'],
      rows: 24,
      seed: 3,
    };
    await writeRows(generateRows(haystack, tokenizer, wide), file, {
      format: 'json',
      force: false,
    });
    const read = JSON.parse(readFileSync(file, 'utf8')) as EvalRow[];
    expect(read).toEqual(await collect(wide));
    const golds = read.map((r) => r.answers[0] as string);
    expect(golds.some((g) => /[^ -~]/.test(g))).toBe(true);
    expect(golds.some((g) => /^\d{7,}$/.test(g))).toBe(true);
    expect(golds.some((g) => /['"&#;%]/.test(g))).toBe(true);
    expect(golds.some((g) => g === 'yes' || g === 'no')).toBe(true);
  });

  it('builds a 3.5M-token row from a small haystack, read round and round', async () => {
    const [row] = await collect({ lengths: [3_670_016], tasks: ['vt'], rows: 1, seed: 1 });
    if (row === undefined) throw new Error('no row');
    expect(Math.abs(row.length - 3_670_016)).toBeLessThanOrEqual(lengthTolerance(3_670_016));
    for (const n of row.needles) expect(row.context.slice(n.start, n.end)).toBe(n.text);
    expect([...(row.outputs ?? [])].sort()).toEqual(solve(row).sort());
  });

  it('writes each row before the next is built (the set is streamed, not held)', async () => {
    const file = path.join(dir, 'stream.jsonl');
    const seen: number[] = [];
    async function* watched() {
      for await (const row of generateRows(haystack, tokenizer, {
        ...plan,
        lengths: [1024],
        rows: 1,
      })) {
        // Everything yielded before this row is already in the file.
        seen.push(
          readFileSync(path.join(dir, `.stream.jsonl.${process.pid}.tmp`), 'utf8').split('\n')
            .length - 1,
        );
        yield row;
      }
    }
    await writeRows(watched(), file, { format: 'jsonl', force: false });
    expect(seen).toEqual(TASK_FAMILIES.map((_, i) => i));
  });

  it('refuses an existing file without force, and a haystack with too little text', async () => {
    const file = path.join(dir, 'kept.jsonl');
    writeFileSync(file, 'edited by hand\n');
    const before = readFileSync(file);
    const tries = writeRows(generateRows(haystack, tokenizer, { ...plan, rows: 1 }), file, {
      format: 'jsonl',
      force: false,
    });
    await expect(tries).rejects.toMatchObject({
      kind: 'BadUsage',
      hint: expect.stringMatching(/--force/),
    });
    expect(readFileSync(file).equals(before)).toBe(true);
    const tiny = buildHaystack(['Too short.'], tokenizer);
    await expect(tiny).rejects.toBeInstanceOf(CoreError);
    await expect(tiny).rejects.toMatchObject({ kind: 'Unsupported' });
  });
});

/** Reads a row's answer from its context, as a careful reader would. */
function solve(row: EvalRow): string[] {
  const { context, input } = row;
  if (row.task === 'cwe' || row.task === 'fwe') {
    const words =
      row.task === 'cwe'
        ? context.split('\n').map((l) => l.replace(/^\d+\. /, ''))
        : context.split(/\s+/);
    const counts = new Map<string, number>();
    for (const w of words) counts.set(w, (counts.get(w) ?? 0) + 1);
    const ranked = [...counts.entries()].sort((a, b) => b[1] - a[1]);
    const top = row.task === 'cwe' ? 10 : 3;
    // The answer is unambiguous: the last word asked for appears more often than the next.
    expect((ranked[top - 1] as [string, number])[1], row._id).toBeGreaterThan(
      ranked[top]?.[1] ?? 0,
    );
    return ranked.slice(0, top).map(([w]) => w);
  }
  if (row.task === 'vt') {
    const assigned = new Map<string, string>();
    for (const m of context.matchAll(/VAR ([A-Z]{5}) = (VAR [A-Z]{5}|\d+)\./g))
      assigned.set(m[1] as string, m[2] as string);
    const resolve = (v: string): string => {
      const next = assigned.get(v) as string;
      return next.startsWith('VAR ') ? resolve(next.slice(4)) : next;
    };
    const value = /the value (\d+)/.exec(input)?.[1];
    return [...assigned.keys()].filter((v) => resolve(v) === value);
  }
  if (row.task === 'multihop') {
    const rel = new Map<string, string>();
    const born = new Map<string, string>();
    for (const m of context.matchAll(
      /([A-Z][a-z]+ [A-Z][a-z]+)'s ([a-z]+) is ([A-Z][a-z]+ [A-Z][a-z]+)\./g,
    ))
      rel.set(`${m[1]}|${m[2]}`, m[3] as string);
    for (const m of context.matchAll(/([A-Z][a-z]+ [A-Z][a-z]+) was born in ([^.]+)\./g))
      born.set(m[1] as string, m[2] as string);
    const person = (subject: string): string => {
      const of = /^the ([a-z]+) of (.+)$/.exec(subject);
      if (of) return rel.get(`${person(of[2] as string)}|${of[1]}`) as string;
      const own = /^(.+)'s ([a-z]+)$/.exec(subject) as RegExpExecArray;
      return rel.get(`${own[1]}|${own[2]}`) as string;
    };
    const yesNo = /^Was (.+) born in (.+)\? Answer yes or no\.$/.exec(input);
    if (yesNo) return [born.get(person(yesNo[1] as string)) === yesNo[2] ? 'yes' : 'no'];
    const where = /^In which town was (.+) born\?$/.exec(input) as RegExpExecArray;
    return [born.get(person(where[1] as string)) as string];
  }
  const codes = new Map<string, string[]>();
  for (const n of row.needles) {
    const m = /^One of the special codes of (\S+) is: (.*)\.$/.exec(n.text) as RegExpExecArray;
    // The needle's text must be in the context where the row says, so this is read from it.
    expect(context.slice(n.start, n.end)).toBe(n.text);
    codes.set(m[1] as string, [...(codes.get(m[1] as string) ?? []), m[2] as string]);
  }
  const keys = [...input.matchAll(/[a-z]+-[a-z]+/g)].map((m) => m[0]);
  return keys.flatMap((k) => codes.get(k) ?? []);
}
