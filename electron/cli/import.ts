import { sessionImportSummary } from '../../shared/session-import-summary.ts';
import { visibleText } from '../../shared/visible-text.ts';
import { importSessionBytes, readSessionFile } from '../core/export/session-import.ts';
import type { ImportOptions } from './args.ts';
import type { CliContext } from './context.ts';
import { openLibrary } from './library.ts';
import { EXIT } from './report-error.ts';

/** `memagent import FILE`: a session export (JSON) into the library. */
export async function runImport(options: ImportOptions, ctx: CliContext): Promise<number> {
  const bytes = await readSessionFile(options.file);
  const store = openLibrary(options.library);
  try {
    const result = importSessionBytes(store, bytes, Date.now());
    if (options.json) {
      await ctx.out(`${JSON.stringify({ library: options.library.file, ...result }, null, 2)}\n`);
    } else {
      const lines = [sessionImportSummary(result)];
      for (const c of result.conflicts)
        lines.push(`  not imported: ${c.runId} (${c.question.replace(/\s+/g, ' ')})`);
      if (result.documentAdded)
        lines.push(
          'The document itself is not in the library (an export does not carry its text): open its file in the app to read it again.',
        );
      lines.push(`Library: ${options.library.file}`);
      await ctx.out(`${visibleText(lines.join('\n'))}\n`);
    }
    return EXIT.ok;
  } finally {
    store.close();
  }
}
