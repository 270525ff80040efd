// `--model-file` of the built-in backend as the command line resolves it: a path, a catalogue id,
// an `hf:` URI or a URL of a .gguf. A model not on this computer yet is downloaded into the app's
// models folder first, with the same progress bar as `memagent pull` (Ctrl-C pauses it; the next
// command continues).
import { hfAccessFromEnv, modelsDirIn, resolveModel } from '../core/models/index.ts';
import { appDataDir } from './app-data.ts';
import type { ModelFileResolver } from './builtin-backend.ts';
import type { CliContext } from './context.ts';
import { DownloadProgressView } from './download-progress.ts';

/** The resolver of `--model-file` for `ask`, `resume` and `eval`. */
export function cliModelResolver(ctx: CliContext): ModelFileResolver {
  return async (reference, signal) => {
    const view = new DownloadProgressView(ctx.stderr, reference);
    let started = false;
    try {
      const resolved = await resolveModel(reference, {
        modelsDir: modelsDirIn(appDataDir(ctx.env)),
        hf: hfAccessFromEnv(ctx.env),
        ...(signal !== undefined ? { signal } : {}),
        onEvent: (event) => {
          if (event.type === 'started') started = true;
          view.onEvent(event);
        },
      });
      return resolved.path;
    } finally {
      if (started) view.finish();
    }
  };
}
