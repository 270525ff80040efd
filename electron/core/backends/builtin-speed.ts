// This computer's speed on the built-in model: measured once when a model file is first loaded
// with given options (llm/builtin/speed-probe.ts: a prefill of 512 tokens and 32 decoded, a few
// seconds) and kept in the library's speed sums, so the very first question's estimate and clock
// have a real time ("about 40 min on this computer, CPU only") instead of "unknown". Runs read
// with that file and those options add their timings to the same sums (runs.speed_owner, set by
// use-cases/prepare-run.ts). Another file (a new download: other size or date) or other load
// options (GPU, layers, threads, context) are another computer as far as speed goes: measured
// again, and no earlier run's speed counts for them.
import fs from 'node:fs/promises';
import type { ComputeDevice } from '../../../shared/run-estimate.ts';
import { addTimings, type SpeedSums } from '../agent/speed.ts';
import type { ModelInfo } from '../llm/builtin/protocol.ts';
import type { SettingsRepo } from '../store/settings-repo.ts';
import type { LlmClient } from '../llm/types.ts';
import { SharedBuiltin, type BuiltinLoad } from './builtin-hosts.ts';

type SpeedStore = Pick<SettingsRepo, 'speedSums' | 'setSpeedSums'>;

/**
 * The key the measurement is kept under (settings-repo speedSums' owner): the model file as it
 * is on disk (path, size, modification time) and the options it is loaded with.
 */
export async function builtinSpeedOwner(load: BuiltinLoad): Promise<string> {
  const stat = await fs.stat(load.modelFile);
  const layers = load.gpu === 'off' ? 0 : load.gpuLayers;
  return `builtin:${JSON.stringify([
    load.modelFile,
    stat.size,
    Math.round(stat.mtimeMs),
    load.gpu,
    layers,
    load.threads,
    load.contextTokens,
  ])}`;
}

/**
 * The key a run's timings join the speed under when it is not its profile's (runs.speed_owner):
 * the built-in model's `builtinSpeedOwner`; null for a server (its profile's key,
 * store/speed-owner.ts) and for a model file that cannot be read (the run then fails to load it).
 */
export async function speedOwnerOf(client: LlmClient): Promise<string | null> {
  if (!(client instanceof SharedBuiltin)) return null;
  try {
    return await builtinSpeedOwner(client.load);
  } catch {
    return null;
  }
}

/**
 * Measurements under way, by library (a command with none: NO_STORE) and owner and model: two
 * estimates at once, or an estimate and a run, measure once.
 */
const measuring = new WeakMap<object, Map<string, Promise<SpeedSums>>>();
const NO_STORE = {};

/**
 * The measured speed of `client`'s model on this computer (as least-squares sums, agent/speed.ts),
 * from `store` when measured before with the same file and options, else measured now and kept
 * there. Without a library (a command that saves nothing) it is measured and not kept.
 */
export async function builtinSpeed(
  store: SpeedStore | undefined,
  client: SharedBuiltin,
  model: string,
  signal?: AbortSignal,
): Promise<SpeedSums> {
  const owner = await builtinSpeedOwner(client.load);
  const stored = store?.speedSums(owner, model);
  if (stored !== undefined) return stored;
  const key = `${owner}\u0000${model}`;
  let inStore = measuring.get(store ?? NO_STORE);
  if (inStore === undefined) measuring.set(store ?? NO_STORE, (inStore = new Map()));
  const pendingOf = inStore;
  let pending = pendingOf.get(key);
  if (pending === undefined) {
    pending = (async () => {
      const probe = await client.measureSpeed(signal);
      // Prefill alone, then decode alone: each coefficient of the fit is one measured rate.
      const sums = addTimings(undefined, [
        { promptTokens: probe.promptTokens, completionTokens: 0, ms: probe.prefillMs },
        { promptTokens: 0, completionTokens: probe.completionTokens, ms: probe.decodeMs },
      ]);
      try {
        store?.setSpeedSums(owner, model, sums);
      } catch {
        // A library opened read-only (`ask --dry-run` on one it cannot write): this estimate
        // still has the figure; the next one measures again.
      }
      return sums;
    })();
    pendingOf.set(key, pending);
    void pending.then(
      () => pendingOf.delete(key),
      () => pendingOf.delete(key),
    );
  }
  return pending;
}

/**
 * `builtinSpeed`, or undefined when the measurement failed for another reason than `signal`
 * (the time is then "known after the first chunks", as on a server never used): a question or
 * an estimate never fails for want of it.
 */
export async function builtinSpeedIfAny(
  store: SpeedStore | undefined,
  client: SharedBuiltin,
  model: string,
  signal?: AbortSignal,
): Promise<SpeedSums | undefined> {
  try {
    return await builtinSpeed(store, client, model, signal);
  } catch (error) {
    if (signal?.aborted) throw error;
    return undefined;
  }
}

/** Where the loaded model computes: on a GPU when any of its layers is there. */
export function deviceOf(info: ModelInfo): ComputeDevice {
  return info.gpu.type !== false && info.gpu.layersOffloaded > 0 ? 'gpu' : 'cpu';
}
