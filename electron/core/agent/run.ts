import {
  INITIAL_MEMORY,
  type ChunkInfo,
  type DocumentText,
  type ModelQuote,
  type MemoryState,
  type RunEvent,
  type RunSettings,
  type Usage,
  type WarningCode,
} from '../../../shared/model.ts';
import { throwIfAborted } from '../abort.ts';
import { CoreError, toAppError } from '../errors.ts';
import { replyEnd } from '../llm/reply-end.ts';
import type { LlmClient } from '../llm/types.ts';
import { extractAnswer, stripThinking } from './answer.ts';
import { answerCutWarning, memoryCutWarning } from './cut-warnings.ts';
import type { PauseGate } from './pause-gate.ts';
import { runQuoteStep } from './quote-check.ts';
import { runEvidence } from './run-evidence.ts';
import type { RunOutcome, RunWarning } from './run-outcome.ts';
import { fillFinalPrompt, fillMemoryPrompt } from './templates.ts';

export interface RunInput {
  runId: string;
  /** The whole document text; chunks are spans of it. */
  text: string;
  /**
   * Where the text's pages and sections are (its location map), so the evidence found when the
   * run ends names its pages; without it the passages have no page labels.
   */
  locations?: Partial<Pick<DocumentText, 'pages' | 'sections'>>;
  chunks: ChunkInfo[];
  question: string;
  settings: RunSettings;
  client: LlmClient;
  /** Resume: the first chunk to read (0-based); chunks before it were read already. */
  startChunk?: number;
  /** Resume: the memory after chunk `startChunk - 1`. */
  startMemory?: string;
  signal?: AbortSignal;
  /**
   * The one sink of the run's events, in order. Every event but `memory-delta` is awaited
   * before the run goes on: a `chunk-done` is the checkpoint, persisted before the next
   * request. A failing sink ends the run with an error. The run sends no terminal event: it
   * returns its outcome, and its owner (the run registry) sends `terminalEvent(outcome)`.
   */
  report: (event: RunEvent) => void | Promise<void>;
  gate?: PauseGate;
  /**
   * Stream memory updates as `memory-delta` events (default true). Off, each chunk is one plain
   * response: cheaper per chunk for consumers that only need finished memories (CLI --json).
   */
  streamMemory?: boolean;
  /**
   * Ask the model to quote its sources after the answer (quote-check.ts): one short request per
   * cited chunk, counted in the run's usage. Default off.
   */
  quoteCheck?: boolean;
  /** Resume: the memory states of chunks before `startChunk` (the quote step's memory trail). */
  earlierMemories?: readonly MemoryState[];
}

// How a run ends is in run-outcome.ts, re-exported for the tests that drive a run from here.
export {
  outcomeBeforeStart,
  terminalEvent,
  type RunOutcome,
  type RunWarning,
} from './run-outcome.ts';

/**
 * Runs the MemAgent workflow of MEMAGENT.md on one question: one chat call per chunk that
 * overwrites the memory, then one final call whose answer is extracted. Never rejects, also
 * not for a failing sink: it resolves with the outcome, and the caller sends its
 * `terminalEvent` (exactly one per run).
 */
export async function runMemAgent(input: RunInput): Promise<RunOutcome> {
  const { runId, text, chunks, question, settings, client, signal, report, gate } = input;
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
  let answerCut = false;
  let atChunk = startChunk;

  // Streamed text is handed over as it arrives, in order, not awaited. A sink that fails on it
  // fails again on the chunk's next awaited event, which ends the run.
  const tell = (event: RunEvent): void => {
    try {
      // A synchronous sink (the registry's) returns nothing: no promise per streamed token.
      const pending = report(event);
      if (pending !== undefined) void Promise.resolve(pending).catch(() => undefined);
    } catch {
      // see above
    }
  };
  const warn = async (code: WarningCode, message: string, chunk?: number) => {
    const w: RunWarning = chunk === undefined ? { code, message } : { chunk, code, message };
    warnings.push(w);
    await report({ type: 'warning', runId, ...w });
  };
  const gatePoint = async (at: number) => {
    if (!gate?.paused) return;
    await report({ type: 'paused', runId, atChunk: at });
    await gate.wait(signal);
    await report({ type: 'resumed', runId, atChunk: at });
  };
  const outcome = (status: RunOutcome['status'], extra: Partial<RunOutcome> = {}): RunOutcome => ({
    runId,
    status,
    model,
    answer,
    response,
    answerCut,
    memories,
    memory,
    usage,
    elapsedMs: performance.now() - t0,
    warnings,
    atChunk,
    evidence: [],
    ...extra,
  });

  try {
    if (!Number.isInteger(startChunk) || startChunk < 0 || startChunk > chunks.length) {
      throw new CoreError('BadUsage', `Cannot resume at chunk ${startChunk} of ${chunks.length}.`, {
        hint: 'Resume needs the same chunking as the interrupted run.',
      });
    }
    throwIfAborted(signal);
    model = await client.resolveModel(signal);
    throwIfAborted(signal);
    await report({ type: 'started', runId, chunkCount: chunks.length, chunks, startChunk, model });

    for (let k = startChunk; k < chunks.length; k += 1) {
      atChunk = k;
      await gatePoint(k);
      throwIfAborted(signal);
      const chunk = chunks[k] as ChunkInfo;
      const announce: RunEvent = {
        type: 'chunk-started',
        runId,
        chunk: k,
        start: chunk.start,
        end: chunk.end,
      };
      await report(announce);
      const result = await client.chat({
        prompt: fillMemoryPrompt(question, memory, text.slice(chunk.start, chunk.end)),
        maxTokens: settings.memoryTokens,
        temperature: settings.temperature,
        topP: settings.topP,
        ...(signal ? { signal } : {}),
        ...(stream
          ? {
              onDelta: (delta: string) => tell({ type: 'memory-delta', runId, chunk: k, delta }),
              // A retried stream starts the reply again: announcing the chunk again tells every
              // consumer to drop the partial memory text it has shown so far.
              onRestart: () => tell(announce),
            }
          : {}),
      });
      throwIfAborted(signal); // an abort mid-stream may end a stream silently
      usage.promptTokens += result.usage.promptTokens;
      usage.completionTokens += result.usage.completionTokens;
      const reply = stripThinking(result.content);
      let kept = false;
      const end = replyEnd(result);
      if (end.kind !== 'complete') {
        // A reply that did not end normally (its token limit, a content filter, a tool call, a
        // server past max_tokens) is never taken as the memory: the previous one is kept.
        kept = true;
        const w = memoryCutWarning(end, k, settings.memoryTokens);
        await warn(w.code, w.message, k);
      } else if (reply.trim() === '') {
        kept = true;
        await warn(
          'empty-memory',
          `The model returned an empty memory for chunk ${k + 1}; the previous memory was kept.`,
          k,
        );
      } else {
        memory = reply;
      }
      const state: MemoryState = { chunk: k, memory, usage: result.usage, ms: result.ms, kept };
      // The reply as received is kept where the memory does not say it (thinking, a cut or empty
      // reply), so a trajectory can carry exactly what the model answered.
      if (kept || result.content !== memory) state.reply = result.content;
      memories.push(state);
      await report({ type: 'chunk-done', runId, state });
    }

    atChunk = chunks.length;
    await gatePoint(chunks.length);
    throwIfAborted(signal);
    const final = await client.chat({
      prompt: fillFinalPrompt(settings.final, question, memory),
      maxTokens: settings.answerTokens,
      temperature: settings.temperature,
      topP: settings.topP,
      ...(signal ? { signal } : {}),
    });
    throwIfAborted(signal);
    usage.promptTokens += final.usage.promptTokens;
    usage.completionTokens += final.usage.completionTokens;
    response = stripThinking(final.content);
    // A reply that did not end normally (cut at its token limit, stopped by the server, cut by
    // the client past max_tokens) never passes as a clean answer: only a complete form is taken
    // from it, and it is marked and warned about.
    const end = replyEnd(final);
    answerCut = end.kind !== 'complete';
    answer = extractAnswer(response, settings.final, { cut: answerCut });
    if (end.kind !== 'complete') {
      const w = answerCutWarning(end, settings.answerTokens, answer !== null);
      await warn(w.code, w.message);
    } else if (answer === null) {
      const form = settings.final === 'boxed' ? 'a \\boxed{} answer' : '"the answer is ..."';
      await warn('no-answer', `The final reply contains no extractable answer (expected ${form}).`);
    }
    await report({
      type: 'answer',
      runId,
      answer,
      response,
      usage: final.usage,
      ms: final.ms,
      cut: answerCut,
      ...(final.content === response ? {} : { raw: final.content }),
    });
  } catch (error) {
    const appError = toAppError(error);
    return signal?.aborted || appError.kind === 'Cancelled'
      ? outcome('cancelled')
      : outcome('error', { error: appError });
  }
  // The answer is stored: from here on the run is done, whatever the quote step meets.
  const trail = [...(input.earlierMemories ?? []), ...memories];
  let quotes: ModelQuote[] = [];
  if (input.quoteCheck === true && answer !== null && !answerCut) {
    const extra = await runQuoteStep({
      runId,
      text,
      chunks,
      question,
      answer,
      memories: trail,
      client,
      report: async (event) => {
        if (event.type === 'warning') warnings.push({ code: event.code, message: event.message });
        if (event.type === 'quotes') quotes = event.quotes;
        await report(event);
      },
      ...(signal ? { signal } : {}),
    });
    usage.promptTokens += extra.promptTokens;
    usage.completionTokens += extra.completionTokens;
  }
  // Found once, here, where the text is at hand: the terminal event carries it to the journal
  // and every view, and nothing reading the run later needs the text again.
  const evidence = runEvidence({
    question,
    answer,
    memories: trail,
    chunks,
    document: { text, ...input.locations },
    quotes,
  });
  return outcome('done', { evidence });
}
