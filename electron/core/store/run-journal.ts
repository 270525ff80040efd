import type { RunEvent } from '../../../shared/model.ts';
import type { RunJournal, StoredRun } from '../agent/run-registry.ts';
import type { Store } from './store.ts';
import { speedOwner } from './speed-owner.ts';
import { addTimings, timingsOf } from '../agent/speed.ts';
import type { ClockPrior } from '../agent/chunk-time.ts';
import { growthCurveOf, mergeGrowth } from '../../../shared/memory-growth.ts';

/**
 * The run registry's journal over the SQLite library: each event of a live run becomes the
 * rows and status it implies, committed before the event is sent (better-sqlite3 writes
 * synchronously). A memory state has this one write path.
 */
export function createRunJournal(store: Store, now: () => number): RunJournal {
  const runs = store.runs;
  return {
    record(runId: string, event: RunEvent): void {
      switch (event.type) {
        case 'started':
          runs.setStatus(runId, 'running');
          runs.setModel(runId, event.model);
          if (runs.chunks(runId).length !== event.chunkCount) runs.setChunks(runId, event.chunks);
          return;
        case 'chunk-done':
          runs.saveMemory(runId, event.state);
          return;
        case 'warning': {
          const { code, message } = event;
          runs.addWarning(
            runId,
            event.chunk === undefined ? { code, message } : { chunk: event.chunk, code, message },
          );
          return;
        }
        case 'paused':
          runs.setStatus(runId, 'paused');
          return;
        case 'resumed':
          runs.setStatus(runId, 'running');
          return;
        case 'answer':
          runs.saveAnswer(runId, {
            answer: event.answer,
            response: event.response,
            usage: event.usage,
            ms: event.ms,
            cut: event.cut,
            ...(event.raw === undefined ? {} : { raw: event.raw }),
          });
          return;
        case 'quotes':
          store.quotes.save(runId, {
            quotes: event.quotes,
            check: event.check,
            usage: event.usage,
          });
          return;
        case 'finished':
          // Before the status: a run seen as done always has its passages stored with it.
          runs.setEvidence(runId, event.evidence);
          runs.setStatus(runId, 'done', { finishedAt: now(), error: null });
          recordSpeed(store, runId);
          return;
        case 'error':
          runs.setStatus(runId, 'error', { finishedAt: now(), error: event.error });
          return;
        case 'cancelled':
          runs.setStatus(runId, 'cancelled', { finishedAt: now(), error: null });
          return;
        case 'chunk-started':
        case 'memory-delta':
        case 'pause-requested':
        case 'time-left':
          // Live only: the registry's view carries them into snapshots.
          return;
      }
    },
    clockPrior(runId: string, model: string): ClockPrior | undefined {
      const summary = runs.get(runId);
      const owner = speedOwner(summary?.profileId, summary?.backend);
      if (owner === undefined) return undefined;
      return {
        sums: store.settings.speedSums(runs.speedOwner(runId) ?? owner, model),
        curve: store.settings.growthCurve(owner, model),
      };
    },
    stored(runId: string): StoredRun | undefined {
      const summary = runs.get(runId);
      if (!summary) return undefined;
      const stored: StoredRun = {
        summary,
        chunks: runs.chunks(runId),
        memories: runs.memories(runId),
        warnings: runs.warnings(runId),
      };
      const answer = runs.answer(runId);
      if (answer) stored.response = answer.response;
      const evidence = runs.evidence(runId);
      if (evidence !== undefined) stored.evidence = evidence;
      const quotes = store.quotes.get(runId);
      if (quotes) {
        stored.modelQuotes = quotes.quotes;
        stored.quoteCheck = quotes.check;
      }
      return stored;
    },
  };
}

/**
 * A finished run's request timings join its backend's speed (for the built-in model: of the
 * model file and load options it was read with), and its memories' sizes the backend's growth
 * curve (a model's, whatever the options), for the next estimate and the next run's clock
 * (agent/chunk-time.ts).
 */
function recordSpeed(store: Store, runId: string): void {
  const summary = store.runs.get(runId);
  const owner = speedOwner(summary?.profileId, summary?.backend);
  if (owner === undefined || summary?.model === undefined) return;
  const memories = store.runs.memories(runId);
  const timings = timingsOf(memories);
  const answer = store.runs.answer(runId);
  if (answer) timings.push({ ...answer.usage, ms: answer.ms });
  const { model } = summary;
  const timed = store.runs.speedOwner(runId) ?? owner;
  store.settings.setSpeedSums(
    timed,
    model,
    addTimings(store.settings.speedSums(timed, model), timings),
  );
  const budget = summary.settings.memoryTokens;
  if (memories.length === 0) return;
  const curve = growthCurveOf(
    memories.map((m) => m.usage.completionTokens),
    budget,
  );
  store.settings.setGrowthCurve(
    owner,
    model,
    mergeGrowth(store.settings.growthCurve(owner, model), curve),
  );
}
