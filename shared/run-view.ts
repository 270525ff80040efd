// The one fold of a run's events into a picture of the run. Pure: the renderer's stores, the
// CLI's progress line, the main process's run registry (for snapshots) and the tests all build
// their view of a run with these functions, so they cannot disagree about what an event means.
import { TERMINAL_EVENTS } from './model.ts';
import type { TimeLeft } from './run-clock.ts';
import type {
  AppError,
  ChunkInfo,
  Evidence,
  MemoryState,
  ModelQuote,
  QuoteCheckStatus,
  RunEvent,
  RunOrigin,
  RunSettings,
  RunSnapshot,
  RunStatus,
  RunSummary,
  Usage,
  WarningCode,
} from './model.ts';

export interface RunView {
  id: string;
  documentId: string;
  question: string;
  settings: RunSettings | null;
  profileId?: string;
  model?: string;
  status: RunStatus;
  chunks: ChunkInfo[];
  chunkCount: number;
  /** Memory after each chunk, indexed by chunk number. */
  memories: MemoryState[];
  /** Memory text streamed so far for the chunk being read. */
  partial: string;
  currentChunk: number | null;
  startChunk: number;
  warnings: { chunk?: number; code: WarningCode; message: string }[];
  answer?: string | null;
  /** The final reply was cut at its token limit: the answer, if any, may be incomplete. */
  answerCut: boolean;
  response?: string;
  /** The model's quotes found in their chunks (the quote check after the answer); [] without. */
  modelQuotes: ModelQuote[];
  /** The quote check's counts, once it ran. */
  quoteCheck?: QuoteCheckStatus;
  usage: Usage;
  error?: AppError | undefined;
  createdAt: number;
  /** Clock of the folding side when this session of the run started (elapsed time, speed). */
  startedAt?: number;
  pausedAt?: number;
  pausedMs: number;
  /** Pause was asked for: the run stops once the chunk being read is done. */
  pauseRequested: boolean;
  endedAt?: number;
  /** A full snapshot was folded in (memories of earlier sessions are present). */
  detailed: boolean;
  /** The `seq` of the last event or snapshot folded in; older ones are dropped. */
  lastSeq: number;
  /** Where the run was made; `import`: brought in from a session export (shown as Imported). */
  origin?: RunOrigin;
  importedAt?: number;
  /**
   * The passages the answer rests on, as found once when the run ended (or brought by an
   * import): read, never derived again, so showing them needs no document text. Absent while
   * the run has no stored evidence. With `answerCut` they are those of a cut answer.
   */
  evidence?: Evidence[];
  /** Another live process reading the run (`RunSnapshot.readBy`); absent when none. */
  readBy?: string;
  /** The main process's time left (shared/run-clock.ts), made at `at` on the folding side's clock. */
  timeLeft?: { left: TimeLeft; at: number };
}

const zeroUsage: Usage = { promptTokens: 0, completionTokens: 0 };

/** A run known only by its id, created at `now`. */
export function emptyRunView(id: string, now: number): RunView {
  return {
    id,
    documentId: '',
    question: '',
    settings: null,
    status: 'queued',
    chunks: [],
    chunkCount: 0,
    memories: [],
    partial: '',
    currentChunk: null,
    startChunk: 0,
    answerCut: false,
    pauseRequested: false,
    warnings: [],
    modelQuotes: [],
    usage: zeroUsage,
    createdAt: now,
    pausedMs: 0,
    detailed: false,
    lastSeq: -1,
  };
}

/** Folds in a stored summary; a summary may be older than events already seen, so it fills only what events have not. */
export function applySummary(run: RunView, s: RunSummary): RunView {
  const next: RunView = {
    ...run,
    id: s.id,
    documentId: s.documentId,
    question: s.question,
    settings: s.settings,
    createdAt: s.createdAt,
    chunkCount: run.chunkCount || s.chunkCount,
  };
  if (s.profileId !== undefined) next.profileId = s.profileId;
  if (s.model !== undefined) next.model = next.model ?? s.model;
  next.origin = s.origin;
  if (s.importedAt !== undefined) next.importedAt = s.importedAt;
  if (run.lastSeq < 0) {
    next.status = s.status;
    next.usage = s.usage;
    if (s.answer !== undefined) next.answer = s.answer;
    next.answerCut = s.answerCut === true;
    if (s.error !== undefined) next.error = s.error;
    if (s.finishedAt !== undefined) next.endedAt = s.finishedAt;
  }
  return next;
}

/**
 * Folds in a snapshot. One older than what is already folded (`snap.seq < lastSeq`) only fills
 * the summary; otherwise it replaces the run's state, and later events (higher `seq`) apply on top.
 */
export function applySnapshot(run: RunView, snap: RunSnapshot, now = Date.now()): RunView {
  if (snap.seq < run.lastSeq) return applySummary(run, snap.summary);
  const memories: MemoryState[] = [];
  for (const m of snap.memories) memories[m.chunk] = m;
  const next: RunView = {
    ...applySummary({ ...run, lastSeq: -1 }, snap.summary),
    chunks: snap.chunks,
    chunkCount: snap.chunks.length || snap.summary.chunkCount,
    memories,
    partial: snap.partialMemory ?? '',
    warnings: snap.warnings,
    pauseRequested: snap.pauseRequested === true,
    detailed: true,
    lastSeq: snap.seq,
  };
  if (snap.response !== undefined) next.response = snap.response;
  next.modelQuotes = snap.modelQuotes ?? [];
  if (snap.quoteCheck !== undefined) next.quoteCheck = snap.quoteCheck;
  else delete next.quoteCheck;
  if (snap.evidence !== undefined) next.evidence = snap.evidence;
  else delete next.evidence;
  if (snap.readBy !== undefined) next.readBy = snap.readBy;
  else delete next.readBy;
  if (snap.timeLeft !== undefined)
    next.timeLeft = { left: snap.timeLeft.left, at: now - snap.timeLeft.ageMs };
  else delete next.timeLeft;
  if (next.status === 'running') next.currentChunk = memories.length;
  return next;
}

function addUsage(a: Usage, b: Usage): Usage {
  return {
    promptTokens: a.promptTokens + b.promptTokens,
    completionTokens: a.completionTokens + b.completionTokens,
  };
}

const SETTLES_PAUSE: ReadonlySet<RunEvent['type']> = new Set([
  'paused',
  'resumed',
  ...TERMINAL_EVENTS,
]);

/**
 * Folds one numbered event into the run at clock `now`. An event whose `seq` is not above the
 * last one folded in was already applied (or is covered by a snapshot) and changes nothing.
 */
export function applyRunEvent(
  run: RunView,
  { seq, event }: { seq: number; event: RunEvent },
  now: number,
): RunView {
  if (seq <= run.lastSeq) return run;
  const r: RunView = {
    ...run,
    lastSeq: seq,
    // A pause asked for is settled once the run pauses, resumes or ends.
    pauseRequested: run.pauseRequested && !SETTLES_PAUSE.has(event.type),
  };
  switch (event.type) {
    case 'started': {
      const next: RunView = {
        ...r,
        status: 'running',
        chunks: event.chunks,
        chunkCount: event.chunkCount,
        startChunk: event.startChunk,
        model: event.model,
        currentChunk: event.startChunk,
        partial: '',
        startedAt: now,
        pausedMs: 0,
      };
      delete next.endedAt;
      delete next.error;
      return next;
    }
    case 'chunk-started':
      return {
        ...r,
        status: r.status === 'paused' ? 'paused' : 'running',
        currentChunk: event.chunk,
        partial: '',
      };
    case 'memory-delta':
      return {
        ...r,
        partial: event.chunk === r.currentChunk ? r.partial + event.delta : event.delta,
        currentChunk: event.chunk,
      };
    case 'chunk-done': {
      const memories = r.memories.slice();
      memories[event.state.chunk] = event.state;
      return {
        ...r,
        memories,
        partial: '',
        currentChunk: event.state.chunk + 1,
        usage: addUsage(r.usage, event.state.usage),
      };
    }
    case 'warning': {
      const { code, message } = event;
      const warning =
        event.chunk === undefined ? { code, message } : { chunk: event.chunk, code, message };
      return { ...r, warnings: [...r.warnings, warning] };
    }
    case 'pause-requested':
      return { ...r, pauseRequested: event.requested };
    case 'time-left':
      return { ...r, timeLeft: { left: event.left, at: now } };
    case 'paused':
      return { ...r, status: 'paused', pausedAt: now };
    case 'resumed': {
      const next: RunView = {
        ...r,
        status: 'running',
        pausedMs: r.pausedMs + (r.pausedAt === undefined ? 0 : now - r.pausedAt),
      };
      delete next.pausedAt;
      return next;
    }
    case 'answer': {
      // A new answer's passages come with the run's end; the old answer's are not its own.
      const { evidence: _old, ...rest } = r;
      return {
        ...rest,
        answer: event.answer,
        answerCut: event.cut,
        response: event.response,
        usage: addUsage(r.usage, event.usage),
      };
    }
    case 'quotes':
      return {
        ...r,
        modelQuotes: event.quotes,
        quoteCheck: event.check,
        usage: addUsage(r.usage, event.usage),
      };
    case 'finished': {
      const { timeLeft: _done, ...rest } = r;
      return {
        ...rest,
        status: 'done',
        endedAt: now,
        currentChunk: null,
        evidence: event.evidence,
      };
    }
    case 'error': {
      const { timeLeft: _stopped, ...rest } = r;
      return { ...rest, status: 'error', error: event.error, endedAt: now, currentChunk: null };
    }
    case 'cancelled': {
      const { timeLeft: _stopped, ...rest } = r;
      return { ...rest, status: 'cancelled', endedAt: now, currentChunk: null, partial: '' };
    }
  }
}

export function isActive(run: RunView): boolean {
  return run.status === 'queued' || run.status === 'running' || run.status === 'paused';
}

/** Chunks whose memory is known (read in this session or an earlier one). */
export function chunksDone(run: RunView): number {
  let n = 0;
  for (const m of run.memories) if (m) n += 1;
  return n;
}

/** Chunks behind the run: those a resumed session skipped (read before) and those read since. */
export function chunksBehind(run: RunView): number[] {
  const behind: number[] = [];
  const end = Math.max(run.startChunk, run.memories.length);
  for (let k = 0; k < end; k += 1) if (k < run.startChunk || run.memories[k]) behind.push(k);
  return behind;
}
