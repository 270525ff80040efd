// Evidence benchmark: does the highlight point at the sentence the answer came from?
//   npm exec -- node bench/evidence.ts [--rows N] [--seed N] [--window CHARS] [--ja] [--toc]
// Each row inserts a generated fact (bench/evidence-needles.ts) at a sentence boundary of the
// corpus book (../shared/corpus/cplusplus-annotations.pdf, extracted by the app), takes a window
// of the book around it, chunks it with the real planner (Qwen tokenizer, 5000-token chunks) and
// writes the memory trail with the simulator's memory agent (sim/memory-agent.ts: it keeps the
// sentences sharing words with the question, so other sentences of the book are noise in the
// memory), plus side notes from each chunk. A third of the rows replace the copied fact by a
// paraphrase, a third by the value alone, as a model writing its own notes would; every fourth
// row has a look-alike fact elsewhere that the memory keeps too. The answer is the fact's value,
// alone or in a short phrase. Then findEvidence, and the old chunk-only trail
// (bench/old-evidence-trail.ts) beside it. `--ja`: the Japanese Live manual (EPUB) and Japanese
// facts (bench/evidence-needles-ja.ts) instead; the simulator keeps no Japanese sentence (it
// matches space-separated words), so there the memory holds the fact from its chunk on.
// `--toc`: before each fact, a table of contents (dot leaders, page numbers) one of whose lines
// is the fact itself as a heading, as a FAQ lists its questions: the outline line holds every
// word of the answer, and must not take the highlight from the body sentence.
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { findEvidence } from '../shared/evidence.ts';
import type { ChunkInfo, DocumentText, Evidence, MemoryState, PageSpan } from '../shared/model.ts';
import { evidenceTrail } from './old-evidence-trail.ts';
import { planChunks } from '../electron/core/agent/plan.ts';
import { extractDocument } from '../electron/core/documents/index.ts';
import { qwenTokenizer } from '../electron/core/tokenize/index.ts';
import { NO_PREVIOUS_MEMORY, NOTHING_YET, sentences, updateMemory } from '../sim/memory-agent.ts';
import { simTokenizer } from '../sim/sim-tokenizer.ts';
import { needleForJa } from './evidence-needles-ja.ts';
import {
  needleFor as needleForEn,
  seeded,
  TEMPLATE_COUNT,
  type Needle,
} from './evidence-needles.ts';

const args = process.argv.slice(2);
const option = (name: string, fallback: number): number => {
  const at = args.indexOf(name);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const rows = option('--rows', 120);
const random = seeded(option('--seed', 11));
const windowChars = option('--window', 240_000);
const ja = args.includes('--ja');
const toc = args.includes('--toc');
const book = path.resolve(
  import.meta.dirname,
  '../../shared/corpus',
  ja ? 'live-manual.ja.epub' : 'cplusplus-annotations.pdf',
);
const needleFor = ja ? needleForJa : needleForEn;
/** Sentence ends followed by the start of another: where a fact can go without cutting one. */
const BOUNDARY = ja ? /。(?=[^\s」』）。])/gu : /[.!?] +(?=[A-Z][a-z])/g;

interface Row {
  needle: Needle;
  span: { start: number; end: number };
  home: number;
  style: Style;
  decoy: boolean;
  template: number;
  answer: string;
  evidence: Evidence[];
  ms: number;
  old: number[];
  chunks: ChunkInfo[];
  page: number | undefined;
}

const overlap = (a: { start: number; end: number }, b: { start: number; end: number }) =>
  Math.max(0, Math.min(a.end, b.end) - Math.max(a.start, b.start));
/** The needle's sentence: covers (almost) all of it and not much else (a heading at most). */
const isNeedle = (e: { start: number; end: number }, span: Row['span']) =>
  overlap(e, span) >= 0.9 * (span.end - span.start) &&
  e.end - e.start <= span.end - span.start + 80;

/** The window's pages, shifted to window offsets, with the needle's length added after it. */
function windowPages(pages: readonly PageSpan[], from: number, to: number, at: number, n: number) {
  const shift = (o: number) => Math.max(0, Math.min(o, to) - from) + (o >= at ? n : 0);
  return pages
    .filter((p) => p.end > from && p.start < to)
    .map((p) => ({ ...p, start: shift(p.start), end: shift(p.end) }));
}

const HEADINGS = ['Getting started', 'Installing the tools', 'Where to ask', 'Known problems'];

/** A table of contents of five lines whose `at`-th names the fact, then a blank line. */
function contents(fact: string, at: number, firstPage: number): string {
  const titles = [...HEADINGS];
  titles.splice(at, 0, fact.replace(/[.!?]$/u, ''));
  const lines = titles.map(
    (t, i) =>
      `${3}.${i + 1} ${t} ${'. '.repeat(Math.max(3, 30 - Math.floor(t.length / 3)))}${firstPage + 2 * i}`,
  );
  return `\n\nContents\n${lines.join('\n')}\n\n`;
}

/** Another fact of the needle's template with another answer. */
function lookAlike(row: number, needle: Needle): Needle {
  let other = needleFor(row, random);
  for (let tries = 0; tries < 50 && other.answers[0] === needle.answers[0]; tries += 1)
    other = needleFor(row, random);
  return other;
}

type Style = 'copy' | 'paraphrase' | 'terse';
const STYLES: Style[] = ['copy', 'paraphrase', 'terse'];

/** How a model's memory might hold a fact: the sentence copied, in its own words, or the value alone. */
function written(needle: Needle, style: Style): string {
  if (style === 'paraphrase') return needle.paraphrase;
  if (style === 'terse') return `Found: ${needle.answers[0] ?? ''}.`;
  return needle.fact;
}

/**
 * The simulator's memory trail over the chunks, the facts written in `style`, plus side notes
 * (two sentences of each chunk, the last five kept) as a model jots down things it need not.
 */
function memoryTrail(
  text: string,
  chunks: ChunkInfo[],
  facts: Needle[],
  style: Style,
  home: number,
) {
  const ctx = { maxTokens: 1024, seed: 1, countTokens: (t: string) => simTokenizer.count(t) };
  const question = facts[0]?.question ?? '';
  let memory = NO_PREVIOUS_MEMORY;
  const notes: string[] = [];
  return chunks.map((c): MemoryState => {
    const section = text.slice(c.start, c.end);
    memory = updateMemory(question, memory, section, ctx);
    // A model keeps the needle from its chunk on (the simulator drops Japanese sentences).
    const needle = facts[0]?.fact ?? '';
    if (c.index >= home && !memory.includes(needle))
      memory = memory === NOTHING_YET ? needle : `${needle}\n\n${memory}`;
    const own = sentences(section).filter((x) => x.length > 30 && x.length < 300);
    for (let k = 0; k < 2 && own.length > 0; k += 1) notes.push(own[random(own.length)] ?? '');
    notes.splice(0, Math.max(0, notes.length - 5));
    let kept = memory;
    for (const fact of facts) kept = kept.replace(fact.fact, written(fact, style));
    return {
      chunk: c.index,
      memory: `${kept}\n\nOther notes: ${notes.join(' ')}`,
      usage: { promptTokens: 0, completionTokens: 0 },
      ms: 0,
      kept: false,
    };
  });
}

async function main(): Promise<void> {
  const t0 = performance.now();
  const doc = await extractDocument(
    { bytes: new Uint8Array(readFileSync(book)), name: path.basename(book) },
    { maxBytes: 100_000_000 },
  );
  console.log(
    `${path.basename(book)}: ${doc.text.length.toLocaleString('en-US')} characters, ${doc.pages?.length ?? 0} pages, extracted in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  // Sentence ends followed by a capital: where a new sentence can go without cutting one.
  const boundaries = [...doc.text.matchAll(BOUNDARY)].map((m) => m.index + m[0].length);
  const tokenizer = qwenTokenizer({ workers: 1 });
  const results: Row[] = [];
  try {
    for (let r = 0; r < rows; r += 1) {
      const needle = needleFor(r, random);
      const at = boundaries[random(boundaries.length)] ?? 0;
      const from = Math.max(0, Math.min(at - random(windowChars), doc.text.length - windowChars));
      const to = Math.min(doc.text.length, from + windowChars);
      const outline = toc ? contents(needle.fact, random(5), 10 + random(400)) : '';
      const insert = `${outline}${needle.fact} `;
      let text = doc.text.slice(from, at) + insert + doc.text.slice(at, to);
      // Every fourth row: a look-alike fact (same template, other values) elsewhere in the
      // window, which the memory keeps too, as documents list several codes or meetings.
      const decoy = r % 4 === 3 ? lookAlike(r, needle) : undefined;
      let decoyAt = -1;
      if (decoy !== undefined) {
        const inWindow = boundaries.filter((b) => b > from && b < to && b !== at);
        decoyAt = (inWindow[random(inWindow.length)] ?? at) - from + (at > from ? 0 : 0);
        const shifted = decoyAt > at - from ? decoyAt + insert.length : decoyAt;
        text = `${text.slice(0, shifted)}${decoy.fact} ${text.slice(shifted)}`;
        decoyAt = shifted;
      }
      const rowDoc: DocumentText = {
        ...doc,
        text,
        pages: windowPages(doc.pages ?? [], from, to, at, insert.length),
        sections: [],
      };
      const chunks = await planChunks(rowDoc, tokenizer, 5000);
      const needleAt =
        outline.length +
        (decoy !== undefined && decoyAt <= at - from
          ? at - from + decoy.fact.length + 1
          : at - from);
      const span = { start: needleAt, end: needleAt + needle.fact.length };
      if (text.slice(span.start, span.end) !== needle.fact) throw new Error('needle misplaced');
      const home = chunks.findIndex((c) => c.start <= span.start && span.start < c.end);
      const style = STYLES[r % STYLES.length] as Style;
      const memories = memoryTrail(text, chunks, decoy ? [needle, decoy] : [needle], style, home);
      const answer = needle.answers[Math.floor(r / 2) % needle.answers.length] ?? '';
      const t = performance.now();
      const evidence = findEvidence({
        question: needle.question,
        answer,
        memories,
        chunks,
        document: rowDoc,
      });
      const ms = performance.now() - t;
      const old = evidenceTrail(answer, memories, chunks).map((e) => e.chunk);
      const page = rowDoc.pages?.find((p) => p.start <= span.start && span.start < p.end)?.number;
      results.push({
        needle,
        span,
        home,
        style,
        decoy: decoy !== undefined,
        template: r % TEMPLATE_COUNT,
        answer,
        evidence,
        ms,
        old,
        chunks,
        page,
      });
    }
  } finally {
    await tokenizer.dispose();
  }
  report(results);
  if (!ja) await speed(doc);
}

function report(results: Row[]): void {
  const pct = (n: number, of: number) =>
    `${((100 * n) / Math.max(1, of)).toFixed(1)}% (${n}/${of})`;
  const groups: [string, Row[]][] = [
    ['all rows', results],
    ['memory copies the fact', results.filter((r) => r.style === 'copy')],
    ['memory paraphrases it', results.filter((r) => r.style === 'paraphrase')],
    ['memory keeps the value alone', results.filter((r) => r.style === 'terse')],
    ['a look-alike fact elsewhere', results.filter((r) => r.decoy)],
    // The English templates 6 and 7 (bench/evidence-needles.ts).
    ["answer made of the book's everyday words", ja ? [] : results.filter((r) => r.template === 6)],
    ['answer a small number', ja ? [] : results.filter((r) => r.template === 7)],
  ];
  console.log(
    `\nrows: ${results.length}, chunks per row: ${Math.min(...results.map((r) => r.chunks.length))}-${Math.max(...results.map((r) => r.chunks.length))}`,
  );
  for (const [name, rs] of groups.filter(([, g]) => g.length > 0)) {
    const top = rs.filter((r) => r.evidence[0] && isNeedle(r.evidence[0], r.span)).length;
    const none = rs.filter((r) => r.evidence.length === 0).length;
    const items = rs.flatMap((r) => r.evidence.map((e) => isNeedle(e, r.span)));
    const found = rs.filter((r) => r.evidence.some((e) => isNeedle(e, r.span))).length;
    const pageRight = rs.filter(
      (r) =>
        r.evidence[0] && isNeedle(r.evidence[0], r.span) && r.evidence[0].page === (r.page ?? null),
    ).length;
    console.log(`\nnew (findEvidence), ${name}:`);
    console.log(
      `  top evidence is the needle sentence: ${pct(top, rs.length)}; its page right: ${pct(pageRight, top)}`,
    );
    console.log(
      `  wrong top highlight: ${pct(rs.length - top - none, rs.length)}; no highlight: ${pct(none, rs.length)}`,
    );
    console.log(
      `  sentence precision: ${pct(items.filter(Boolean).length, items.length)}; recall: ${pct(found, rs.length)}`,
    );
    const oldHit = rs.filter((r) => r.old.includes(r.home)).length;
    const oldItems = rs.flatMap((r) => r.old.map((c) => c === r.home));
    const oldChars = rs.flatMap((r) =>
      r.old.map((c) => (r.chunks[c]?.end ?? 0) - (r.chunks[c]?.start ?? 0)),
    );
    console.log(`old (chunk trail), ${name}: no sentence (0% at sentence level)`);
    console.log(
      `  chunk recall: ${pct(oldHit, rs.length)}; chunk precision: ${pct(oldItems.filter(Boolean).length, oldItems.length)}; mean chunks listed ${(oldItems.length / Math.max(1, rs.length)).toFixed(2)}, mean highlight ${Math.round(oldChars.reduce((a, b) => a + b, 0) / Math.max(1, oldChars.length)).toLocaleString('en-US')} characters`,
    );
  }
  const wrong = results
    .filter((r) => r.evidence[0] && !isNeedle(r.evidence[0], r.span))
    .slice(0, 5);
  const missed = results.filter((r) => r.evidence.length === 0).slice(0, 5);
  for (const r of missed)
    console.log(`no highlight: ${r.style}, answer "${r.answer}", fact "${r.needle.fact}"`);
  for (const r of wrong)
    console.log(
      `\nwrong top: answer "${r.answer}"; got "${r.evidence[0]?.quote.slice(0, 140)}" (chunk ${(r.evidence[0]?.chunk ?? -1) + 1}; the fact is in chunk ${r.home + 1})`,
    );
  const ms = results.map((r) => r.ms).sort((a, b) => a - b);
  console.log(
    `\nfindEvidence per row: median ${(ms[ms.length >> 1] ?? 0).toFixed(1)} ms, max ${(ms[ms.length - 1] ?? 0).toFixed(1)} ms`,
  );
}

/** A 700-chunk run: the book six times over, a memory state per chunk, findEvidence timed. */
async function speed(doc: DocumentText): Promise<void> {
  const text = Array.from({ length: 6 }, () => doc.text).join('\n\n');
  const chunks: ChunkInfo[] = [];
  for (let start = 0, i = 0; start < text.length; start += 20_000, i += 1)
    chunks.push({ index: i, start, end: Math.min(text.length, start + 20_000), tokens: 5000 });
  const needle = needleFor(0, random);
  const fact = `${needle.fact} Other notes: templates, overloading, class members and pointers.`;
  const memories = chunks.map((c, i): MemoryState => ({
    chunk: c.index,
    memory: `${i > chunks.length / 2 ? fact : 'No relevant information yet.'}\n${text.slice(c.start, c.start + 3500)}`,
    usage: { promptTokens: 0, completionTokens: 0 },
    ms: 0,
    kept: false,
  }));
  const times: number[] = [];
  for (let k = 0; k < 5; k += 1) {
    const t = performance.now();
    findEvidence({
      question: needle.question,
      answer: needle.answers[1] ?? '',
      memories,
      chunks,
      document: { text, pages: [] },
    });
    times.push(performance.now() - t);
  }
  console.log(
    `${chunks.length}-chunk run (${(text.length / 1e6).toFixed(1)} M characters, 3.5 KB memories): findEvidence ${times.map((t) => t.toFixed(0)).join(', ')} ms`,
  );
  console.log(
    `machine: ${cpus().length}× ${cpus()[0]?.model ?? '?'}, load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}, Node ${process.version}`,
  );
}

await main();
