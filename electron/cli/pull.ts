import { formatBytes } from '../../shared/model-catalogue.ts';
import { visibleText } from '../../shared/visible-text.ts';
import { toAppError } from '../core/errors.ts';
import {
  describeSource,
  hfAccessFromEnv,
  resolveModel,
  type ResolvedModel,
} from '../core/models/index.ts';
import type { CliContext } from './context.ts';
import { DownloadProgressView } from './download-progress.ts';
import type { PullOptions } from './model-files-args.ts';
import { EXIT } from './report-error.ts';

// Ids, file names and sources come from servers and file names: shown, never obeyed.
const sayTo = (ctx: CliContext) => (text: string) => ctx.stderr.write(visibleText(text));

/** `memagent pull MODEL`: downloads a model for the built-in backend, with a progress bar. */
export async function runPull(options: PullOptions, ctx: CliContext): Promise<number> {
  const say = sayTo(ctx);
  const view = new DownloadProgressView(ctx.stderr, options.model);
  let started = false;
  let resolved: ResolvedModel;
  try {
    resolved = await resolveModel(options.model, {
      modelsDir: options.modelsDir,
      cwd: options.here,
      hf: hfAccessFromEnv(ctx.env),
      force: options.force,
      signal: ctx.signal,
      onEvent: (event) => {
        if (event.type === 'started') started = true;
        view.onEvent(event);
      },
    });
  } catch (error) {
    if (started) view.finish();
    if (toAppError(error).kind === 'Cancelled') {
      const p = view.last;
      const of = p.total === undefined ? '' : ` of ${formatBytes(p.total)}`;
      say(
        `memagent: download paused at ${formatBytes(p.received)}${of}; \`memagent pull ${options.model}\` continues it.\n`,
      );
      return EXIT.interrupted;
    }
    throw error;
  }
  if (started) view.finish();
  const { record } = resolved;
  if (options.json) {
    await ctx.out(
      `${JSON.stringify(
        {
          id: record?.id,
          path: resolved.path,
          bytes: record?.bytes,
          sha256: record?.sha256,
          sizeVerified: record?.sizeVerified ?? false,
          sha256Verified: record?.sha256Verified ?? false,
          downloaded: resolved.downloaded,
          source: record?.source,
        },
        null,
        2,
      )}\n`,
    );
    return EXIT.ok;
  }
  if (record === undefined) {
    say(`${resolved.path} is a GGUF file on this computer already; nothing to download.\n`);
  } else if (!resolved.downloaded) {
    say(
      `${record.id} is already on this computer (${formatBytes(record.bytes)}); --force downloads it again.\n`,
    );
  } else {
    const checked = record.sha256Verified
      ? 'size and SHA-256 match what the server published'
      : record.sizeVerified
        ? 'size matches what the server published; the server published no SHA-256 to compare'
        : 'the server published neither size nor checksum, so only the GGUF signature was checked';
    say(
      `Downloaded ${record.id} (${formatBytes(record.bytes)}, ${describeSource(record.source)}): ${checked}.\n`,
    );
  }
  await ctx.out(`${resolved.path}\n`);
  return EXIT.ok;
}
