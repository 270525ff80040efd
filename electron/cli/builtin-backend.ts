// `--backend builtin`: its flags and the model file they name (`ask`, `resume` and `eval` make
// them an in-memory profile, cli-run-parts.ts), and the flags that continue a run with it.
import { z } from 'zod';
import { builtinOptionsSchema } from '../../shared/schemas.ts';
import { parseModelReference } from '../core/models/index.ts';
import { check, int, oneOf, usage } from './arg-parsing.ts';
import { shellWord } from './saved-runs.ts';

/** The built-in model as the command line sets it up. */
export interface BuiltinFlags {
  /** As given: a path (resolved from where the user typed it) or an `hf:` URI. */
  modelFile: string;
  gpu: 'auto' | 'off';
  gpuLayers?: number;
  threads?: number;
}

export const builtinFlags = {
  backend: { type: 'string' },
  'model-file': { type: 'string' },
  gpu: { type: 'string', default: 'auto' },
  'gpu-layers': { type: 'string' },
  threads: { type: 'string' },
} as const;

export const BUILTIN_HELP = `  --backend server|builtin
                          server: an OpenAI-compatible server (default); builtin: a GGUF model
                          run on this computer by llama.cpp (no server, nothing leaves the machine)
  --model-file MODEL      the model of --backend builtin (implies it): a GGUF file, a catalogue
                          id, hf:OWNER/REPO/FILE.gguf or a URL; a model not on this computer is
                          downloaded first, as memagent pull does (docs/models.md)
  --gpu auto|off          builtin: use the best GPU there is (default auto) or the CPU only
  --gpu-layers N          builtin: layers offloaded to the GPU (default: as many as fit)
  --threads N             builtin: CPU threads (default: the physical cores but one)
`;

const flagsSchema = z.object({
  backend: oneOf('backend', ['server', 'builtin'] as const).optional(),
  'model-file': z.string().trim().min(1, '--model-file needs a GGUF file').optional(),
  gpu: oneOf('gpu', builtinOptionsSchema.shape.gpu.unwrap().options),
  'gpu-layers': int('gpu-layers', 0, 1024).optional(),
  threads: int('threads', 1, 256).optional(),
});

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
