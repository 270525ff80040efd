// Progress figures of a run: chunks done, speed, elapsed time, time left, estimated cost.
import type { BackendProfile } from '../../../shared/model.ts';
import type { RunView } from '../../../shared/run-view.ts';

export interface RunStats {
  done: number;
  total: number;
  fraction: number;
  /** Document tokens read per second in this session of the run. */
  tokensPerSecond: number | null;
  elapsedMs: number;
  etaMs: number | null;
  /** Cost so far and projected for the whole run, when the profile has prices. */
  cost: { soFar: number; projected: number } | null;
}

export function runStats(run: RunView, now: number, profile?: BackendProfile): RunStats {
  const total = run.chunkCount;
  let done = 0;
  let readTokens = 0;
  let readMs = 0;
  for (const m of run.memories) {
    if (!m) continue;
    done += 1;
    // Speed from the time each chunk took (its request's wall time), so it holds for runs
    // loaded from the library as well as for runs watched live.
    readTokens += run.chunks[m.chunk]?.tokens ?? 0;
    readMs += m.ms;
  }
  const end = run.endedAt ?? run.pausedAt ?? now;
  const begin = run.startedAt ?? run.createdAt;
  const elapsedMs = Math.max(0, end - begin - run.pausedMs);
  const tokensPerSecond = readMs > 0 && readTokens > 0 ? readTokens / (readMs / 1000) : null;
  let remaining = 0;
  for (let i = 0; i < run.chunks.length; i += 1)
    if (!run.memories[i]) remaining += run.chunks[i]?.tokens ?? 0;
  // Nothing is known before the chunking arrives: "0 s left" for a queued run would be untrue.
  const etaMs =
    run.chunks.length === 0
      ? null
      : tokensPerSecond && remaining > 0
        ? (remaining / tokensPerSecond) * 1000
        : remaining === 0
          ? 0
          : null;
  let cost: RunStats['cost'] = null;
  if (profile && (profile.inputPricePerMTok || profile.outputPricePerMTok)) {
    const soFar =
      (run.usage.promptTokens * (profile.inputPricePerMTok ?? 0) +
        run.usage.completionTokens * (profile.outputPricePerMTok ?? 0)) /
      1e6;
    const projected = done > 0 && total > 0 ? (soFar * (total + 1)) / done : soFar;
    cost = { soFar, projected: run.status === 'done' ? soFar : projected };
  }
  return {
    done,
    total,
    fraction: total > 0 ? done / total : 0,
    tokensPerSecond,
    elapsedMs,
    etaMs,
    cost,
  };
}
