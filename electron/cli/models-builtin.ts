import { formatBytes } from '../../shared/model-catalogue.ts';
import { visibleText } from '../../shared/visible-text.ts';
import { describeSource, openModelStore, type ModelListing } from '../core/models/index.ts';
import type { CliContext } from './context.ts';
import type { BuiltinModelsOptions } from './model-files-args.ts';
import { EXIT } from './report-error.ts';
import { localTime, oneLine, table, type Column } from './terminal-table.ts';

// Ids, file names and sources come from servers and file names: shown, never obeyed.
const sayTo = (ctx: CliContext) => (text: string) => ctx.stderr.write(visibleText(text));

const COLUMNS: Column[] = [
  { title: 'ID', share: 2, min: 12 },
  { title: 'SIZE' },
  { title: 'SHA-256' },
  { title: 'ADDED' },
  { title: 'SOURCE', share: 2, min: 10 },
  { title: 'FILE', share: 3, min: 10 },
];

function checksum(m: ModelListing): string {
  if (m.sha256 === undefined) return '-';
  return `${m.sha256.slice(0, 12)}${m.sha256Verified ? ' ✓' : ''}`;
}

/**
 * `memagent models --builtin`: the built-in backend's models on this computer, with --remove ID
 * and --add FILE.
 */
export async function runBuiltinModels(
  options: BuiltinModelsOptions,
  ctx: CliContext,
): Promise<number> {
  const say = sayTo(ctx);
  const store = openModelStore(options.modelsDir);
  if (options.remove !== undefined) {
    const { record, deletedFile } = await store.remove(options.remove);
    if (options.json)
      await ctx.out(
        `${JSON.stringify({ removed: record.id, file: record.file, deletedFile }, null, 2)}\n`,
      );
    else
      say(
        deletedFile
          ? `Removed ${record.id} and deleted ${record.file} (${formatBytes(record.bytes)}).\n`
          : `Removed ${record.id} from the list; its file was added from elsewhere and is left where it is: ${record.file}\n`,
      );
    return EXIT.ok;
  }
  if (options.add !== undefined) {
    const record = await store.add(options.add);
    if (options.json) await ctx.out(`${JSON.stringify(record, null, 2)}\n`);
    else
      say(
        `Added ${record.id} (${formatBytes(record.bytes)}) by reference: the file stays at ${record.file} and is not copied.\n`,
      );
    return EXIT.ok;
  }
  const models = await store.list();
  if (options.json) {
    await ctx.out(`${JSON.stringify({ modelsDir: store.dir, models }, null, 2)}\n`);
    return EXIT.ok;
  }
  if (models.length === 0) {
    say(
      `No built-in models yet in ${store.dir}; \`memagent pull qwen2.5-7b-instruct-q4_k_m\` downloads the recommended one.\n`,
    );
    return EXIT.ok;
  }
  const rows = models.map((m) => [
    oneLine(m.id),
    formatBytes(m.bytes),
    checksum(m),
    localTime(m.addedAt, ctx.env.TZ),
    oneLine(describeSource(m.source)),
    oneLine(m.missing ? `(missing) ${m.file}` : m.file),
  ]);
  const terminal = ctx.stdoutTerminal;
  const width = terminal.isTTY && terminal.columns ? terminal.columns : undefined;
  await ctx.out(`${table(COLUMNS, rows, width)}\n`);
  return EXIT.ok;
}
