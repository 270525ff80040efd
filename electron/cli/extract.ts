import { visibleText } from '../../shared/visible-text.ts';
import { extractDocument } from '../core/documents/index.ts';
import type { ExtractOptions } from './args.ts';
import type { CliContext } from './context.ts';
import { EXIT } from './report-error.ts';

/** `memagent extract`: the text the model would read, or the whole document as JSON. */
export async function runExtract(options: ExtractOptions, ctx: CliContext): Promise<number> {
  const t0 = performance.now();
  const doc = await extractDocument(
    { path: options.file },
    {
      signal: ctx.signal,
      ...(options.password !== undefined ? { password: options.password } : {}),
    },
  );
  const ms = Math.round(performance.now() - t0);
  if (options.json) {
    await ctx.out(
      `${JSON.stringify({ ...doc, stats: { chars: doc.text.length, ms } }, null, 2)}\n`,
    );
  } else {
    for (const w of doc.warnings) ctx.stderr.write(`warning: ${visibleText(w)}\n`);
    await ctx.out(doc.text.endsWith('\n') ? doc.text : `${doc.text}\n`);
  }
  return EXIT.ok;
}
