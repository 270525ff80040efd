// Trajectories: each run's conversations with the model, as sent and received, one JSON line per
// run, in the multi-conversation shape MemAgent's RL training consumes (docs/trajectories.md).
import {
  INITIAL_MEMORY,
  type DocumentText,
  type MemoryState,
  type RunSettings,
  type RunStatus,
  type RunSummary,
} from '../../../shared/model.ts';
import { visibleText } from '../../../shared/visible-text.ts';
import { fillFinalPrompt, fillMemoryPrompt } from '../agent/templates.ts';
import type { Store } from '../store/store.ts';
import { documentGone, selectedRuns } from './session.ts';

/** One message of a conversation: a prompt the app sent, or the reply exactly as received. */
export interface TrajectoryMessage {
  role: 'user' | 'assistant';
  content: string;
}

/** One context-independent conversation: the prompt and the model's reply to it. */
export type TrajectoryConversation = [TrajectoryMessage, TrajectoryMessage];

/** One run as a line of a trajectories file (JSONL). */
export interface TrajectoryLine {
  format: 'memagent-trajectory';
  version: 1;
  /** The run's id. */
  id: string;
  document: { id: string; title: string };
  question: string;
  /** The extracted answer (`\boxed{}` content or "the answer is ..."), null when none. */
  answer: string | null;
  model: string | null;
  settings: RunSettings;
  status: RunStatus;
  /**
   * True when every chunk was read and the last conversation is the final answer's: what RL
   * training scores. A run that stopped early has only its chunks' conversations.
   */
  complete: boolean;
  /** Gold answers, when known (an evaluation's dataset row); absent otherwise. */
  gold?: string[];
  /** One per chunk read, in order, then one for the final answer when the run got that far. */
  conversations: TrajectoryConversation[];
}

/** A run left out of a trajectories file, and why (one sentence). */
export interface SkippedRun {
  runId: string;
  question: string;
  reason: string;
}

export interface TrajectoryOptions {
  /**
   * Gold answers by run id (evaluation runs know their dataset row's `answers`); a run not in
   * the map carries no `gold` field.
   */
  gold?: ReadonlyMap<string, readonly string[]>;
}

export interface Trajectories {
  lines: TrajectoryLine[];
  skipped: SkippedRun[];
}

/**
 * A document's runs (all, oldest first, or `runIds` in that order) as trajectories. The prompts
 * are rebuilt with the templates the run used, from the question, the memory before each chunk
 * and the chunk's text in `runTexts` (the texts runs read, by text key; a run without a key
 * read the document's id). A run whose text is not there, or whose replies were not kept, is
 * skipped with its reason: prompts and replies are never guessed.
 */
export function buildTrajectories(
  store: Store,
  documentId: string,
  runIds: readonly string[] | undefined,
  runTexts: ReadonlyMap<string, Pick<DocumentText, 'text'>>,
  options: TrajectoryOptions = {},
): Trajectories {
  const info = store.documents.get(documentId);
  if (!info) throw documentGone();
  const runs = selectedRuns(store, documentId, runIds);
  const out: Trajectories = { lines: [], skipped: [] };
  for (const run of runs) {
    const text = runTexts.get(run.textKey ?? documentId)?.text;
    const result = runTrajectory(store, run, { id: info.id, title: info.title }, text, options);
    if (typeof result === 'string')
      out.skipped.push({ runId: run.id, question: run.question, reason: result });
    else out.lines.push(result);
  }
  return out;
}

/**
 * The lines as JSONL: one compact JSON object per line, each line ending in a newline. Control
 * and bidi characters are written as JSON escapes (the same strings once parsed), so `cat` or
 * `head` on the file cannot be driven or fooled by them.
 */
export function trajectoriesToJsonl(lines: readonly TrajectoryLine[]): string {
  return lines.map((line) => `${visibleText(JSON.stringify(line))}\n`).join('');
}

/** One run's line, or the sentence saying why it cannot have one. */
function runTrajectory(
  store: Store,
  run: RunSummary,
  document: TrajectoryLine['document'],
  text: string | undefined,
  options: TrajectoryOptions,
): TrajectoryLine | string {
  // An export carries neither the chunks' places in the text nor the replies as received, so
  // an imported run's conversations cannot be rebuilt exactly, even with its document here.
  if (run.origin === 'import')
    return 'It was imported: a session export carries neither the document text nor the replies as received, so its conversations cannot be rebuilt exactly.';
  if (text === undefined)
    return 'The document text it read could not be loaded (the file moved or changed): its prompts cannot be rebuilt.';
  const chunks = store.runs.chunks(run.id);
  const memories = store.runs.memories(run.id);
  const answer = store.runs.answer(run.id);
  if (memories.length === 0) return 'It read no chunk: there is no conversation to export.';
  const conversations: TrajectoryConversation[] = [];
  let memory = INITIAL_MEMORY;
  for (const [i, state] of memories.entries()) {
    const chunk = chunks[state.chunk];
    if (state.chunk !== i || chunk === undefined)
      return `Its memory after chunk ${i + 1} is missing from the library.`;
    if (chunk.end > text.length)
      return 'The document text at hand is shorter than the one it read: its prompts cannot be rebuilt.';
    const reply = replyOf(state);
    if (reply === undefined)
      return `The reply to chunk ${i + 1} was cut or empty and was not kept (the run was read by an older version).`;
    conversations.push(
      pair(fillMemoryPrompt(run.question, memory, text.slice(chunk.start, chunk.end)), reply),
    );
    memory = state.memory;
  }
  const complete = answer !== undefined && memories.length === chunks.length;
  if (complete)
    conversations.push(
      pair(
        fillFinalPrompt(run.settings.final, run.question, memory),
        answer.raw ?? answer.response,
      ),
    );
  const gold = options.gold?.get(run.id);
  const line: TrajectoryLine = {
    format: 'memagent-trajectory',
    version: 1,
    id: run.id,
    document,
    question: run.question,
    answer: answer?.answer ?? null,
    model: run.model ?? null,
    settings: run.settings,
    status: run.status,
    complete,
    ...(gold === undefined ? {} : { gold: [...gold] }),
    conversations,
  };
  return line;
}

/**
 * The reply as received: stored beside the memory when they differ, and always for a kept state
 * (so a kept state without one was stored before replies were kept, and its reply is unknown).
 */
function replyOf(state: MemoryState): string | undefined {
  if (state.reply !== undefined) return state.reply;
  return state.kept ? undefined : state.memory;
}

function pair(prompt: string, reply: string): TrajectoryConversation {
  return [
    { role: 'user', content: prompt },
    { role: 'assistant', content: reply },
  ];
}
