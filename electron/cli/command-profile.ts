// The backend a reading command's flags name, as one in-memory profile: the built-in model of
// `--model-file` (downloaded first when it is not on this computer yet) or the servers of
// `--base-url`. `ask` and `review` read with it.
import type { StoredProfile } from '../core/store/columns.ts';
import type { Connection } from './arg-parsing.ts';
import type { BuiltinFlags } from './builtin-backend.ts';
import { builtinProfile, serverProfile } from './cli-run-parts.ts';
import type { CliContext } from './context.ts';
import { cliModelResolver } from './model-resolver.ts';

/** The flags `commandProfile` reads. */
export interface CommandBackend extends Connection {
  baseUrls?: readonly string[];
  /** --backend builtin / --model-file: the GGUF model run on this computer (no server). */
  builtin?: BuiltinFlags | undefined;
}

export async function commandProfile(
  options: CommandBackend,
  ctx: CliContext,
  more: Pick<StoredProfile, 'quoteCheck'> = {},
): Promise<StoredProfile> {
  if (options.builtin === undefined) return serverProfile(options, more);
  const file = await cliModelResolver(ctx)(options.builtin.modelFile, ctx.signal);
  return builtinProfile(options.builtin, file, more);
}
