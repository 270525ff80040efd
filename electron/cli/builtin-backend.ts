// `--backend builtin`: its flags, the model file they name, and the client and run record that
// `ask` uses instead of a server's.
import path from 'node:path';
import { z } from 'zod';
import { BACKEND_DEFAULTS } from '../../shared/backends.ts';
import type { RunBackend, RunSettings } from '../../shared/model.ts';
import { BuiltinClient } from '../core/llm/builtin/builtin-client.ts';
import { contextTokensFor } from '../core/llm/builtin/context-size.ts';
import { parseModelReference } from '../core/models/index.ts';
import { check, usage } from './arg-parsing.ts';
import { flagShape } from './flags/flag-spec.ts';
import { BUILTIN_FLAGS } from './flags/run-setting-flags.ts';
import { shellWord } from './saved-runs.ts';

/** The built-in model as the command line sets it up. */
export interface BuiltinFlags {
  /** As given: a path (resolved from where the user typed it) or an `hf:` URI. */
  modelFile: string;
  gpu: 'auto' | 'off';
  gpuLayers?: number;
  threads?: number;
}

const flagsSchema = z.object(flagShape(BUILTIN_FLAGS));

/** The built-in flags of `values`, or undefined when the command talks to a server. */
export function parseBuiltinFlags(
  values: Record<string, unknown>,
  here: string,
  topic: string,
): BuiltinFlags | undefined {
  const v = check(flagsSchema, values, topic);
  const file = v['model-file'];
  if (v.backend === 'server') {
    if (file !== undefined) throw usage('--model-file needs --backend builtin.', topic);
    return undefined;
  }
  if (v.backend === undefined && file === undefined) return undefined;
  if (file === undefined)
    throw usage(
      '--backend builtin needs --model-file PATH (a GGUF model file).',
      topic,
      'See docs/builtin-model.md for models and for converting RL-MemoryAgent to GGUF.',
    );
  // A path is meant from where the command was typed; a catalogue id, hf: URI or URL stays as is
  // (a malformed hf: URI is refused here, in one sentence).
  const reference = parseModelReference(file, here);
  const flags: BuiltinFlags = {
    modelFile: reference.kind === 'file' ? reference.path : file,
    gpu: v.gpu,
  };
  if (v['gpu-layers'] !== undefined) flags.gpuLayers = v['gpu-layers'];
  if (v.threads !== undefined) flags.threads = v.threads;
  return flags;
}

/**
 * Turns `--model-file` into a local path: the command line's is `cliModelResolver`, which
 * downloads a catalogue model or `hf:` URI not on this computer yet.
 */
export type ModelFileResolver = (spec: string, signal?: AbortSignal) => Promise<string>;

/**
 * The client of the built-in model for runs with `settings`: a context sized for them, one
 * sequence per question read at once.
 */
export async function openBuiltin(
  flags: BuiltinFlags,
  settings: Pick<RunSettings, 'chunkTokens' | 'memoryTokens' | 'answerTokens'>,
  concurrency: number,
  resolve: ModelFileResolver,
  signal?: AbortSignal,
): Promise<BuiltinClient> {
  const config: ConstructorParameters<typeof BuiltinClient>[0] = {
    modelFile: await resolve(flags.modelFile, signal),
    contextTokens: contextTokensFor(settings),
    sequences: concurrency,
    gpu: flags.gpu,
  };
  if (flags.gpuLayers !== undefined) config.gpuLayers = flags.gpuLayers;
  if (flags.threads !== undefined) config.threads = flags.threads;
  return new BuiltinClient(config);
}

/** How a run read with the built-in model is recorded: the kind and the model file's name. */
export function builtinRunBackend(modelFile: string): RunBackend {
  return {
    kind: 'builtin',
    name: `${BACKEND_DEFAULTS.builtin.name}: ${path.basename(modelFile)}`,
    baseUrl: '',
  };
}

/** The flags that continue a run on the same built-in model (`resume` needs the file again). */
export function builtinResumeFlags(flags: BuiltinFlags): string {
  let out = ` --model-file ${shellWord(flags.modelFile)}`;
  if (flags.gpu !== 'auto') out += ` --gpu ${flags.gpu}`;
  if (flags.gpuLayers !== undefined) out += ` --gpu-layers ${flags.gpuLayers}`;
  if (flags.threads !== undefined) out += ` --threads ${flags.threads}`;
  return out;
}
