// Progress figures of a run: chunks done, speed, elapsed time, time left (the main process's
// figure, counted down), estimated cost.
import {
  DEFAULT_RUN_SETTINGS,
  type BackendProfile,
  type MemoryState,
  type Usage,
} from '../../../shared/model.ts';
import type { RunView } from '../../../shared/run-view.ts';
import { projectUsage } from '../../../shared/memory-growth.ts';
import { timeLeftNow, type TimeLeftUnknown } from '../../../shared/run-clock.ts';

export interface RunStats {
  done: number;
  total: number;
  fraction: number;
  /** Document tokens read per second in this session of the run. */
  tokensPerSecond: number | null;
  elapsedMs: number;
  /**
   * Time left as the main process works it out (shared/run-clock.ts), counted down since it
   * came; null when not known (`etaUnknown` says whether that is worth saying).
   */
  etaMs: number | null;
  /** Why a reading run shows no figure yet (shared/run-clock.ts words it); null when it does or has ended. */
  etaUnknown: TimeLeftUnknown | null;
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
  // Every chunk read and the run ended: nothing is left, whatever the last figure said.
  const ended = run.endedAt !== undefined;
  const etaMs = ended
    ? null
    : run.timeLeft === undefined
      ? null
      : timeLeftNow(run.timeLeft.left, run.timeLeft.at, now);
  const left = run.timeLeft?.left;
  const etaUnknown = !ended && left !== undefined && !left.known ? left.reason : null;
  let cost: RunStats['cost'] = null;
  if (profile && (profile.inputPricePerMTok || profile.outputPricePerMTok)) {
    const price = (u: Usage) =>
      (u.promptTokens * (profile.inputPricePerMTok ?? 0) +
        u.completionTokens * (profile.outputPricePerMTok ?? 0)) /
      1e6;
    const soFar = price(run.usage);
    // From the memory's observed growth (usage-projection.ts), not chunks done × average cost.
    const projected = projectUsage({
      chunkTokens: run.chunks.map((c) => c.tokens),
      done: readPrefix(run).map((m) => m.usage),
      memoryTokens: run.settings?.memoryTokens ?? DEFAULT_RUN_SETTINGS.memoryTokens,
      answerTokens: run.settings?.answerTokens ?? DEFAULT_RUN_SETTINGS.answerTokens,
    });
    cost = {
      soFar,
      projected:
        run.status === 'done' || projected === null ? soFar : Math.max(soFar, price(projected)),
    };
  }
  return {
    done,
    total,
    fraction: total > 0 ? done / total : 0,
    tokensPerSecond,
    elapsedMs,
    etaMs,
    etaUnknown,
    cost,
  };
}

/** The memory states of the chunks read in order from the first (a projection needs no gaps). */
function readPrefix(run: RunView): MemoryState[] {
  const prefix: MemoryState[] = [];
  for (const m of run.memories) {
    if (!m) break;
    prefix.push(m);
  }
  return prefix;
}
