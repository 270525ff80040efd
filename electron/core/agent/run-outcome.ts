// How a run ended: its outcome (answer, memories, usage, warnings, error) and the one terminal
// event its owner sends for it.
import type {
  AppError,
  Evidence,
  MemoryState,
  RunEvent,
  Usage,
  WarningCode,
} from '../../../shared/model.ts';

export interface RunWarning {
  chunk?: number;
  code: WarningCode;
  message: string;
}

export interface RunOutcome {
  runId: string;
  status: 'done' | 'error' | 'cancelled';
  model: string | null;
  answer: string | null;
  /** The final reply (thinking stripped), null when the run did not get that far. */
  response: string | null;
  /** The final reply was cut at its token limit (the answer, if any, may be incomplete). */
  answerCut: boolean;
  /** The memory after each chunk read in this invocation (from `startChunk` on). */
  memories: MemoryState[];
  /** The memory the run ended with (the final prompt's memory when done). */
  memory: string;
  usage: Usage;
  elapsedMs: number;
  warnings: RunWarning[];
  error?: AppError;
  /** The chunk being read when the run stopped (chunk count = the final call). */
  atChunk?: number;
  /** The passages the answer rests on (run-evidence.ts); empty without an answer. */
  evidence: Evidence[];
}

/** The one terminal event (`finished`, `error` or `cancelled`) that says how a run ended. */
export function terminalEvent(outcome: RunOutcome): RunEvent {
  const { runId } = outcome;
  const atChunk = outcome.atChunk ?? 0;
  if (outcome.status === 'done') {
    const { usage, elapsedMs, evidence } = outcome;
    return { type: 'finished', runId, usage, elapsedMs, evidence };
  }
  if (outcome.status === 'cancelled') return { type: 'cancelled', runId, atChunk };
  const error = outcome.error ?? { kind: 'Internal', message: 'The run failed without an error.' };
  return { type: 'error', runId, error, atChunk };
}

/** The outcome of a run that ended before its loop began (failed preparation, cancelled while queued). */
export function outcomeBeforeStart(
  runId: string,
  ending: { status: 'cancelled' } | { status: 'error'; error: AppError },
  atChunk: number,
): RunOutcome {
  return {
    runId,
    model: null,
    answer: null,
    response: null,
    answerCut: false,
    memories: [],
    memory: '',
    usage: { promptTokens: 0, completionTokens: 0 },
    elapsedMs: 0,
    warnings: [],
    atChunk,
    evidence: [],
    ...ending,
  };
}
