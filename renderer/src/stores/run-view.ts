// The renderer's picture of one run, and how each event or snapshot changes it (pure functions).
import { TERMINAL_EVENTS, type RunSnapshot } from '../../../shared/model.ts';
import type {
  AppError,
  ChunkInfo,
  MemoryState,
  RunEvent,
  RunSettings,
  RunStatus,
  RunSummary,
  Usage,
  WarningCode,
} from '../../../shared/model.ts';

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
  partial: string;
  currentChunk: number | null;
  startChunk: number;
  warnings: { chunk?: number; code: WarningCode; message: string }[];
  answer?: string | null;
  response?: string;
  usage: Usage;
  error?: AppError;
  createdAt: number;
  /** Client clock when this session of the run started (for elapsed time and speed). */
  startedAt?: number;
  pausedAt?: number;
  pausedMs: number;
  /** Pause was asked for: the run stops once the chunk being read is done. */
  pauseRequested: boolean;
  endedAt?: number;
  /** Full snapshot loaded (memories of earlier sessions are present). */
  detailed: boolean;
  lastSeq: number;
}

const zeroUsage: Usage = { promptTokens: 0, completionTokens: 0 };

export function emptyRun(id: string): RunView {
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
    pauseRequested: false,
    warnings: [],
    usage: zeroUsage,
    createdAt: Date.now(),
    pausedMs: 0,
    detailed: false,
    lastSeq: -1,
  };
}

export function fromSummary(run: RunView, s: RunSummary): RunView {
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
  // A summary may be older than events already seen: only fill what events have not.
  if (run.lastSeq < 0) {
    next.status = s.status;
    next.usage = s.usage;
    if (s.answer !== undefined) next.answer = s.answer;
    if (s.error !== undefined) next.error = s.error;
    if (s.finishedAt !== undefined) next.endedAt = s.finishedAt;
  }
  return next;
}

export function fromSnapshot(run: RunView, snap: RunSnapshot): RunView {
  if (snap.seq < run.lastSeq) return { ...fromSummary(run, snap.summary) };
  const memories: MemoryState[] = [];
  for (const m of snap.memories) memories[m.chunk] = m;
  const next: RunView = {
    ...fromSummary({ ...run, lastSeq: -1 }, snap.summary),
    chunks: snap.chunks,
    chunkCount: snap.chunks.length || snap.summary.chunkCount,
    memories,
    partial: snap.partialMemory ?? '',
    warnings: snap.warnings,
    detailed: true,
    lastSeq: snap.seq,
  };
  if (snap.response !== undefined) next.response = snap.response;
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

/** Folds one event into the run. */
export function applyEvent(run: RunView, event: RunEvent, seq: number, now: number): RunView {
  const r: RunView = {
    ...run,
    lastSeq: Math.max(run.lastSeq, seq),
    // A pause asked for is settled once the run pauses, resumes or ends.
    pauseRequested: run.pauseRequested && !SETTLES_PAUSE.has(event.type),
  };
  switch (event.type) {
    case 'started':
      return {
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
        endedAt: undefined,
        error: undefined,
      } as RunView;
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
    case 'warning':
      return {
        ...r,
        warnings: [...r.warnings, { chunk: event.chunk, code: event.code, message: event.message }],
      };
    case 'paused':
      return { ...r, status: 'paused', pausedAt: now };
    case 'resumed':
      return {
        ...r,
        status: 'running',
        pausedMs: r.pausedMs + (r.pausedAt ? now - r.pausedAt : 0),
        pausedAt: undefined,
      };
    case 'answer':
      return {
        ...r,
        answer: event.answer,
        response: event.response,
        usage: addUsage(r.usage, event.usage),
      };
    case 'finished':
      return { ...r, status: 'done', endedAt: now, currentChunk: null };
    case 'error':
      return { ...r, status: 'error', error: event.error, endedAt: now, currentChunk: null };
    case 'cancelled':
      return { ...r, status: 'cancelled', endedAt: now, currentChunk: null, partial: '' };
  }
}

export function isActive(run: RunView): boolean {
  return run.status === 'queued' || run.status === 'running' || run.status === 'paused';
}

export function chunksDone(run: RunView): number {
  let n = 0;
  for (const m of run.memories) if (m) n += 1;
  return n;
}
