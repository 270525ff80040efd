import { visibleText } from '../../shared/visible-text.ts';
import type { ExtractOptions } from './args.ts';
import type { CliContext } from './context.ts';
import { ocrSummary, readDocument } from './reading.ts';
import { EXIT } from './report-error.ts';

/** `memagent extract`: the text the model would read, or the whole document as JSON. */
export async function runExtract(options: ExtractOptions, ctx: CliContext): Promise<number> {
  const t0 = performance.now();
  const doc = await readDocument(options, ctx);
  const ms = Math.round(performance.now() - t0);
  if (options.json) {
    // Named like the command line's own keys (ask's `answer_cut`), and always present.
    const { ocrPages, ...rest } = doc;
    const json = { ...rest, ocr_pages: ocrPages ?? [], stats: { chars: doc.text.length, ms } };
    await ctx.out(`${JSON.stringify(json, null, 2)}\n`);
  } else {
    for (const w of doc.warnings) ctx.stderr.write(`warning: ${visibleText(w)}\n`);
    const ocr = ocrSummary(doc);
    if (ocr !== undefined) ctx.stderr.write(`note: ${ocr}\n`);
    await ctx.out(doc.text.endsWith('\n') ? doc.text : `${doc.text}\n`);
  }
  return EXIT.ok;
}
