// The estimate before Ask on a large book: `npm exec -- node bench/estimate.ts`.
// Book: ../shared/corpus/cplusplus-annotations.pdf (1,151 pages), extracted by the app. Prints
// the time of the first estimate (chunking and counting every chunk's prompt part, as
// `runs:estimate` does once per text, tokenizer and chunk size), of a later one (another
// question: the question's part only), and the main thread's longest stall meanwhile: the
// counting runs on the tokenizer's worker threads, so the window stays responsive.
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { DEFAULT_RUN_SETTINGS } from '../shared/model.ts';
import { estimateRun } from '../electron/core/agent/estimate.ts';
import { planChunks } from '../electron/core/agent/plan.ts';
import { countQuestionParts, countSections } from '../electron/core/agent/prompt-counts.ts';
import { extractDocument } from '../electron/core/documents/index.ts';
import { qwenTokenizer } from '../electron/core/tokenize/index.ts';

const book = path.resolve(import.meta.dirname, '../../shared/corpus/cplusplus-annotations.pdf');
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

const t0 = performance.now();
const doc = await extractDocument(
  { bytes: new Uint8Array(readFileSync(book)), name: path.basename(book) },
  { maxBytes: 100_000_000 },
);
console.log(
  `${path.basename(book)}: ${doc.text.length.toLocaleString('en-US')} characters, ${doc.pages?.length ?? 0} pages, extracted in ${seconds(performance.now() - t0)} (not part of the estimate: done when the document is opened)`,
);

const tokenizer = qwenTokenizer();
const settings = DEFAULT_RUN_SETTINGS;
const prices = { inputPricePerMTok: 2.5, outputPricePerMTok: 10 };
try {
  for (const chunkSize of [5000, 1000]) {
    const stall = monitorEventLoopDelay({ resolution: 10 });
    stall.enable();
    const t1 = performance.now();
    const chunks = await planChunks(doc, tokenizer, chunkSize);
    const t2 = performance.now();
    const sections = await countSections(doc.text, chunks, tokenizer);
    const t3 = performance.now();
    const parts = await countQuestionParts(tokenizer, 'Which rules govern name lookup?', 'boxed');
    const chunkTokens = chunks.map((c) => c.tokens);
    const first = estimateRun({ ...parts, sections, chunkTokens }, settings, prices, null);
    const t4 = performance.now();
    stall.disable();
    const again = await countQuestionParts(tokenizer, 'And overload resolution?', 'boxed');
    estimateRun({ ...again, sections, chunkTokens }, settings, prices, null);
    const t5 = performance.now();
    console.log(
      `chunks of ${chunkSize}: ${first.chunks} chunks, ${first.promptTokens.toLocaleString('en-US')} prompt tokens at most, cost $${first.cost?.min.toFixed(2)}-$${first.cost?.max.toFixed(2)}; ` +
        `first estimate ${seconds(t4 - t1)} (chunking ${seconds(t2 - t1)}, prompt parts ${seconds(t3 - t2)}), ` +
        `another question ${((t5 - t4) | 0).toString()} ms; main thread's longest stall ${(stall.max / 1e6).toFixed(0)} ms`,
    );
  }
} finally {
  await tokenizer.dispose();
}
console.log(
  `machine: ${cpus().length} × ${cpus()[0]?.model ?? '?'}, load ${loadavg()[0]?.toFixed(2)}, node ${process.version}, ${new Date().toISOString().slice(0, 10)}`,
);
