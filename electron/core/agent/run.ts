import {
  INITIAL_MEMORY,
  type AppError,
  type ChunkInfo,
  type MemoryState,
  type RunEvent,
  type RunSettings,
  type Usage,
  type WarningCode,
} from '../../../shared/model.ts';
import { CoreError, toAppError } from '../errors.ts';
import type { LlmClient } from '../llm/types.ts';
import { extractAnswer, stripThinking } from './answer.ts';
import type { PauseGate } from './pause-gate.ts';
import { fillFinalPrompt, fillMemoryPrompt } from './templates.ts';

export interface RunInput {
  runId: string;
  /** The whole document text; chunks are spans of it. */
  text: string;
  chunks: ChunkInfo[];
  question: string;
  settings: RunSettings;
  client: LlmClient;
  /** Resume: the first chunk to read (0-based); chunks before it were read already. */
  startChunk?: number;
  /** Resume: the memory after chunk `startChunk - 1`. */
  startMemory?: string;
  signal?: AbortSignal;
  onEvent: (event: RunEvent) => void;
  /** Awaited after each chunk and before the next request: persist the state here. */
  onChunkDone?: (state: MemoryState) => Promise<void>;
  gate?: PauseGate;
  /**
   * Stream memory updates as `memory-delta` events (default true). Off, each chunk is one plain
   * response: cheaper per chunk for consumers that only need finished memories (CLI --json).
   */
  streamMemory?: boolean;
}

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
}

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

/**
 * Runs the MemAgent workflow of MEMAGENT.md on one question: one chat call per chunk that
 * overwrites the memory, then one final call whose answer is extracted. Never rejects for run
 * failures: every run ends with exactly one terminal event (`finished`, `error` or `cancelled`)
 * and the same outcome is returned.
 */
export async function runMemAgent(input: RunInput): Promise<RunOutcome> {
  const { runId, text, chunks, question, settings, client, signal, onEvent, gate } = input;
  const t0 = performance.now();
  const startChunk = input.startChunk ?? 0;
  const stream = input.streamMemory ?? true;
  const usage: Usage = { promptTokens: 0, completionTokens: 0 };
  const warnings: RunWarning[] = [];
  const memories: MemoryState[] = [];
  let memory = input.startMemory ?? INITIAL_MEMORY;
  let model: string | null = null;
  let response: string | null = null;
  let answer: string | null = null;
  let atChunk = startChunk;

  const warn = (code: WarningCode, message: string, chunk?: number) => {
    const w: RunWarning = chunk === undefined ? { code, message } : { chunk, code, message };
    warnings.push(w);
    onEvent({ type: 'warning', runId, ...w });
  };
  const checkAbort = () => {
    if (signal?.aborted) throw abortError(signal);
  };
  const gatePoint = async (at: number) => {
    if (!gate?.paused) return;
    onEvent({ type: 'paused', runId, atChunk: at });
    await gate.wait(signal);
    onEvent({ type: 'resumed', runId, atChunk: at });
  };
  const outcome = (status: RunOutcome['status'], extra: Partial<RunOutcome> = {}): RunOutcome => ({
    runId,
    status,
    model,
    answer,
    response,
    memories,
    memory,
    usage,
    elapsedMs: performance.now() - t0,
    warnings,
    ...extra,
  });

  let ended: RunOutcome;
  try {
    if (!Number.isInteger(startChunk) || startChunk < 0 || startChunk > chunks.length) {
      throw new CoreError('BadUsage', `Cannot resume at chunk ${startChunk} of ${chunks.length}.`, {
        hint: 'Resume needs the same chunking as the interrupted run.',
      });
    }
    checkAbort();
    model = await client.resolveModel(signal);
    checkAbort();
    onEvent({ type: 'started', runId, chunkCount: chunks.length, chunks, startChunk, model });

    for (let k = startChunk; k < chunks.length; k += 1) {
      atChunk = k;
      await gatePoint(k);
      checkAbort();
      const chunk = chunks[k] as ChunkInfo;
      onEvent({ type: 'chunk-started', runId, chunk: k, start: chunk.start, end: chunk.end });
      const result = await client.chat({
        prompt: fillMemoryPrompt(question, memory, text.slice(chunk.start, chunk.end)),
        maxTokens: settings.memoryTokens,
        temperature: settings.temperature,
        topP: settings.topP,
        ...(signal ? { signal } : {}),
        ...(stream
          ? {
              onDelta: (delta: string) => onEvent({ type: 'memory-delta', runId, chunk: k, delta }),
              // A retried stream starts the reply again: announcing the chunk again tells every
              // consumer to drop the partial memory text it has shown so far.
              onRestart: () =>
                onEvent({
                  type: 'chunk-started',
                  runId,
                  chunk: k,
                  start: chunk.start,
                  end: chunk.end,
                }),
            }
          : {}),
      });
      checkAbort(); // an abort mid-stream may end a stream silently
      usage.promptTokens += result.usage.promptTokens;
      usage.completionTokens += result.usage.completionTokens;
      const reply = stripThinking(result.content);
      let kept = false;
      if (result.finishReason === 'length') {
        kept = true;
        warn(
          'length-cut',
          `The memory for chunk ${k + 1} was cut at ${settings.memoryTokens} tokens; the previous memory was kept.`,
          k,
        );
      } else if (reply.trim() === '') {
        kept = true;
        warn(
          'empty-memory',
          `The model returned an empty memory for chunk ${k + 1}; the previous memory was kept.`,
          k,
        );
      } else {
        memory = reply;
      }
      const state: MemoryState = { chunk: k, memory, usage: result.usage, ms: result.ms, kept };
      memories.push(state);
      await input.onChunkDone?.(state);
      onEvent({ type: 'chunk-done', runId, state });
    }

    atChunk = chunks.length;
    await gatePoint(chunks.length);
    checkAbort();
    const final = await client.chat({
      prompt: fillFinalPrompt(settings.final, question, memory),
      maxTokens: settings.answerTokens,
      temperature: settings.temperature,
      topP: settings.topP,
      ...(signal ? { signal } : {}),
    });
    checkAbort();
    usage.promptTokens += final.usage.promptTokens;
    usage.completionTokens += final.usage.completionTokens;
    response = stripThinking(final.content);
    answer = extractAnswer(response, settings.final);
    if (answer === null) {
      const form = settings.final === 'boxed' ? 'a \\boxed{} answer' : '"the answer is ..."';
      warn('no-answer', `The final reply contains no extractable answer (expected ${form}).`);
    }
    onEvent({ type: 'answer', runId, answer, response, usage: final.usage, ms: final.ms });
    ended = outcome('done');
  } catch (error) {
    const appError = toAppError(error);
    ended =
      signal?.aborted || appError.kind === 'Cancelled'
        ? outcome('cancelled', { atChunk })
        : outcome('error', { error: appError, atChunk });
  }
  // The terminal event is sent outside the try so a throwing listener cannot cause a second one.
  if (ended.status === 'done')
    onEvent({ type: 'finished', runId, usage, elapsedMs: ended.elapsedMs });
  else if (ended.status === 'cancelled') onEvent({ type: 'cancelled', runId, atChunk });
  else onEvent({ type: 'error', runId, error: ended.error as AppError, atChunk });
  return ended;
}
