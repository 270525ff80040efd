// `--backend builtin`: its flags and the model file they name (`ask`, `resume` and `eval` make
// them an in-memory profile, cli-run-parts.ts), and the flags that continue a run with it.
import { z } from 'zod';
import { parseModelReference } from '../core/models/index.ts';
import { check, usage } from './arg-parsing.ts';
import { flagShape } from './flags/flag-spec.ts';
import { BUILTIN_FLAGS } from './flags/run-setting-flags.ts';
import { shellWord } from './shell-word.ts';

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

/** The flags that continue a run on the same built-in model (`resume` needs the file again). */
export function builtinResumeFlags(flags: BuiltinFlags): string {
  let out = ` --model-file ${shellWord(flags.modelFile)}`;
  if (flags.gpu !== 'auto') out += ` --gpu ${flags.gpu}`;
  if (flags.gpuLayers !== undefined) out += ` --gpu-layers ${flags.gpuLayers}`;
  if (flags.threads !== undefined) out += ` --threads ${flags.threads}`;
  return out;
}
