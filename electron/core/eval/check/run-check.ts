// Runs a check's rows against one backend with the evaluation core (runEval and the MemAgent
// row reader: each row a run of kind 'eval-row' in the process's one job registry, never
// stored, on the backend's one shared limiter, prepared by the run use cases), scores them with
// the evaluation's scoring and summary, and reports a snapshot after every row.
import type {
  CheckLength,
  CheckSnapshot,
  CheckWrongRow,
} from '../../../../shared/backend-check.ts';
import { RunRegistry } from '../../agent/run-registry.ts';
import type { BackendLimits } from '../../jobs/backend-limits.ts';
import type { JobRegistry } from '../../jobs/job-registry.ts';
import type { RequestTiming } from '../../agent/speed.ts';
import { estimateCost, type Prices } from '../../llm/cost.ts';
import type { LlmClient } from '../../llm/types.ts';
import { memAgentRowReader, type PrepareRow } from '../memagent-row.ts';
import type { RowResult } from '../results-file.ts';
import { runEval } from '../run-eval.ts';
import { summarize } from '../summary.ts';
import { lengthLabel, type CheckRow } from './check-set.ts';

export interface RunCheckInput {
  rows: readonly CheckRow[];
  client: LlmClient;
  /** The backend's URL, for nothing but the evaluation's server list. */
  baseUrl: string;
  /** Each row's run, once it holds a slot (use-cases/prepare-row.ts rowPreparer). */
  prepare: PrepareRow;
  prices: Prices;
  /**
   * The process's backend limits: the rows take slots of `backend`'s one limiter, shared with
   * the app's runs on that backend, so a check never adds load beyond the backend's limit.
   */
  limits: BackendLimits;
  /** The backend's key among the limits (its profile id). */
  backend: string;
  /** The process's jobs: the rows are jobs of kind 'eval-row' there. */
  jobs: JobRegistry;
  /** The snapshot the check started with (profile, model, source, start time). */
  start: CheckSnapshot;
  now: () => number;
  signal: AbortSignal;
  onProgress: (snapshot: CheckSnapshot) => void;
  /** Each chunk request's tokens and time, for the backend's measured speed (agent/speed.ts). */
  onRequest?: (timing: RequestTiming) => void;
}

/**
 * Reads every row and resolves with the final snapshot: `done`, or `cancelled` with the rows
 * that ended (partial), or `error` when every row failed. Never rejects for a row's failure.
 */
export async function runCheck(input: RunCheckInput): Promise<CheckSnapshot> {
  const results: { result: RowResult; row: CheckRow }[] = [];
  const byId = new Map(input.rows.map((r) => [r.id, r]));
  // A run registry with no journal (the check's runs are never stored in the library) over the
  // process's jobs and limits: its slots are the backend's, shared with everything else that
  // reads with it, and its rows take turns with other groups (the app's runs) for them.
  const group = `check:${input.backend}`;
  const registry = new RunRegistry({
    limits: input.limits,
    jobs: input.jobs,
    kind: 'eval-row',
    emit: (_owner, { event }) => {
      if (event.type === 'chunk-done')
        input.onRequest?.({ ...event.state.usage, ms: event.state.ms });
    },
  });
  const snapshot = (state: CheckSnapshot['state']): CheckSnapshot =>
    snapshotOf(input, results, state);
  input.onProgress(snapshot('running'));
  try {
    await runEval({
      rows: (async function* () {
        yield* input.rows;
      })(),
      servers: [{ url: input.baseUrl, client: input.client }],
      // Rows handed to the registry at once; each waits there for one of the backend's slots.
      concurrency: input.limits.limitOf(input.backend),
      method: 'memagent',
      readRow: memAgentRowReader({
        registry,
        backend: input.backend,
        group,
        prepare: input.prepare,
      }),
      skip: () => false,
      onResult: (result) => {
        const row = byId.get(result.id);
        if (row === undefined) return;
        results.push({ result, row });
        input.onProgress(snapshot('running'));
      },
      signal: input.signal,
    });
  } finally {
    // runEval waits for every row it started; this only makes sure no row of this check outlives it.
    await registry.cancelWhere((runId) => runId.startsWith(`${group}:`));
  }
  if (input.signal.aborted) return snapshot('cancelled');
  const failed = results.filter((r) => r.result.error !== null).length;
  return snapshot(failed === input.rows.length ? 'error' : 'done');
}

function snapshotOf(
  input: RunCheckInput,
  done: readonly { result: RowResult; row: CheckRow }[],
  state: CheckSnapshot['state'],
): CheckSnapshot {
  const results = done.map((d) => d.result);
  const usage = results.reduce(
    (u, r) => ({
      promptTokens: u.promptTokens + r.usage.prompt_tokens,
      completionTokens: u.completionTokens + r.usage.completion_tokens,
    }),
    { promptTokens: 0, completionTokens: 0 },
  );
  const failures = new Map<string, number>();
  for (const r of results) {
    if (r.error === null) continue;
    failures.set(r.error.message, (failures.get(r.error.message) ?? 0) + 1);
  }
  const now = input.now();
  const ended = state !== 'running' && state !== 'preparing';
  return {
    ...input.start,
    state,
    ...(ended ? { finishedAt: now } : {}),
    rows: input.rows.length,
    rowsDone: results.length,
    right: results.filter(isRight).length,
    failed: results.filter((r) => r.error !== null).length,
    subEm: results.length === 0 ? null : summarize(results).sub_em,
    elapsedMs: now - input.start.startedAt,
    usage,
    cost: estimateCost(usage, input.prices) ?? null,
    byLength: byLength(input.rows, done),
    wrong: done
      .filter((d) => d.result.error === null && !isRight(d.result))
      .sort((a, b) => a.row.position - b.row.position)
      .map(({ result, row }): CheckWrongRow => ({
        question: row.question,
        expected: row.answers[0] ?? '',
        answer: result.prediction,
        length: lengthLabel(row.targetTokens),
        tokens: result.length,
        family: row.family,
      })),
    failures: [...failures.entries()].map(([message, rows]) => ({ message, rows })),
  };
}

/** Right: the whole answer found (sub-EM 1; for RULER's all-strings rows, every string). */
function isRight(result: RowResult): boolean {
  return result.error === null && result.sub_em === 1;
}

function byLength(
  rows: readonly CheckRow[],
  done: readonly { result: RowResult; row: CheckRow }[],
): CheckLength[] {
  const lengths = [...new Set(rows.map((r) => r.targetTokens))].sort((a, b) => a - b);
  return lengths.map((tokens) => {
    const group = done.filter((d) => d.row.targetTokens === tokens).map((d) => d.result);
    return {
      label: lengthLabel(tokens),
      tokens,
      rows: group.length,
      right: group.filter(isRight).length,
      failed: group.filter((r) => r.error !== null).length,
      subEm: group.length === 0 ? 0 : summarize(group).sub_em,
    };
  });
}
