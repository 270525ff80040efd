// `memagent export`: writes one run, a question's runs or a document's session from the library
// as Markdown, HTML, PDF (printed by a headless Chromium) or JSON.
import fs from 'node:fs';
import path from 'node:path';
import { EXPORT_FORMAT_NAMES } from '../../shared/export-formats.ts';
import { plural } from '../../shared/plural.ts';
import { visibleText } from '../../shared/visible-text.ts';
import { sha256Hex } from '../core/hash.ts';
import { CoreError } from '../core/errors.ts';
import { chromiumPrinter, findChromium } from '../core/export/chromium-printer.ts';
import {
  cachedTexts,
  exportSelection,
  resolveSelection,
  type ExportSelection,
} from '../core/export/index.ts';
import { localZone } from '../core/export/readable.ts';
import type { Store } from '../core/store/store.ts';
import type { CliContext } from './context.ts';
import { hasLibrary } from '../core/store/read-open.ts';
import type { ExportOptions } from './export-args.ts';
import { libraryLocation, openLibraryToRead } from './library.ts';
import { EXIT } from './report-error.ts';
import { findReviewId, reviewReport } from './export-review.ts';

export async function runExport(options: ExportOptions, ctx: CliContext): Promise<number> {
  const here = ctx.env.INIT_CWD || ctx.cwd;
  if (options.output !== '-' && !options.force && fs.existsSync(options.output))
    throw new CoreError('BadUsage', `${options.output} exists already.`, {
      hint: 'Choose another -o file, or pass --force to replace it.',
    });
  // Found before anything is read, so a missing browser costs no work.
  const printPdf =
    options.format === 'pdf' ? chromiumPrinter(findChromium(options.chromium, ctx.env)) : undefined;
  const location = libraryLocation(options.db, here, ctx.env);
  if (!hasLibrary(location.file))
    throw new CoreError('NotFound', `There is no library at ${location.file}.`, {
      hint: 'Ask a question first (memagent ask), or name the library with --db FILE.',
    });
  const store = openLibraryToRead(location);
  try {
    const reviewId =
      'run' in options.selection ? findReviewId(store, options.selection.run) : undefined;
    if (reviewId !== undefined) {
      const content = await reviewReport(store, reviewId, options.format, printPdf, ctx);
      if (options.output === '-') {
        await ctx.out(String(content));
        return EXIT.ok;
      }
      writeWhole(options.output, content, options.force);
      ctx.stderr.write(
        `memagent: wrote review ${reviewId.slice(0, 8)} as ${options.format.toUpperCase()} to ${options.output}\n`,
      );
      return EXIT.ok;
    }
    if (options.format === 'csv' || options.format === 'xlsx')
      throw new CoreError('BadUsage', `CSV and XLSX are reports of a review, not of runs.`, {
        hint: 'Give a review id (`memagent review --list`), or -o FILE.md, .html, .pdf, .json or .jsonl.',
      });
    const selection = resolveSelection(store, documentSelection(options, store));
    const output = await exportSelection(store, selection, options.format, {
      now: Date.now(),
      load: cachedTexts(path.join(location.dataDir, 'cache')),
      timeZone: localZone(ctx.env.TZ),
      memory: options.memory,
      printPdf,
      signal: ctx.signal,
    });
    for (const note of output.notes) ctx.stderr.write(`note: ${visibleText(note)}\n`);
    if (options.output === '-') {
      await ctx.out(String(output.content));
      return EXIT.ok;
    }
    writeWhole(options.output, output.content, options.force);
    ctx.stderr.write(
      `memagent: wrote ${plural(output.runs, 'run')} of ${plural(output.questions, 'question')} as ${EXPORT_FORMAT_NAMES[options.format]} to ${options.output}\n`,
    );
    return EXIT.ok;
  } finally {
    store.close();
  }
}

/** `--document FILE` names the document by its bytes' hash; any other value is an id (prefix). */
function documentSelection(options: ExportOptions, store: Store): ExportSelection {
  const file = options.documentFile;
  if (file === undefined || !fs.existsSync(file) || !fs.statSync(file).isFile())
    return options.selection;
  const id = sha256Hex(fs.readFileSync(file));
  if (store.documents.get(id) === undefined)
    throw new CoreError('NotFound', `${path.basename(file)} is not in the library.`, {
      hint: 'Ask a question about it first (memagent ask), or check --db.',
    });
  return { document: id };
}

/** Writes beside the target and renames: a failed export never leaves half a file. */
function writeWhole(file: string, content: string | Uint8Array, force: boolean): void {
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  try {
    fs.writeFileSync(temp, content, { flag: 'wx' });
    if (!force && fs.existsSync(file))
      throw new CoreError('BadUsage', `${file} exists already.`, {
        hint: 'Choose another -o file, or pass --force to replace it.',
      });
    fs.renameSync(temp, file);
  } catch (error) {
    fs.rmSync(temp, { force: true });
    if (error instanceof CoreError) throw error;
    throw new CoreError('NotFound', `The export could not be written to ${file}.`, {
      hint: 'Choose a folder you can write to.',
      detail: error instanceof Error ? error.message : String(error),
    });
  }
}
