import type { DocumentInfo, TokenizerChoice } from '../../../shared/model.ts';
import type { Store } from '../store/store.ts';
import type { DocumentTexts } from '../caches/document-texts.ts';
import type { Emit } from './service-deps.ts';
import type { TokenizerSource } from '../tokenize/index.ts';
import type { TokenizerCache } from '../caches/tokenizer-cache.ts';

/** Pieces of about this many characters, cut at line ends, are counted one batch at a time. */
const PIECE_CHARS = 256 * 1024;
const BATCH = 8;

/** Counts library documents' tokens in the background, one document at a time. */
export interface TokenCounter {
  schedule(documentId: string): void;
  cancel(documentId: string): void;
  /** Resolves when nothing is queued or being counted (for tests and shutdown). */
  idle(): Promise<void>;
  dispose(): Promise<void>;
}

export interface TokenCounterDeps {
  store: Store;
  texts: DocumentTexts;
  pool: TokenizerCache;
  emit: Emit;
  /** Which tokenizer counts for the library: the defaults' choice and the active profile's model. */
  tokenizerFor: () => Promise<{ choice: TokenizerChoice; ctx: TokenizerSource }>;
}

export function createTokenCounter(deps: TokenCounterDeps): TokenCounter {
  const queue: string[] = [];
  let current: { id: string; controller: AbortController } | undefined;
  let worker: Promise<void> = Promise.resolve();
  let disposed = false;

  const countOne = async (id: string, signal: AbortSignal) => {
    const info = deps.store.documents.get(id);
    if (!info) return;
    const doc = await deps.texts.load(info, { signal });
    const { choice, ctx } = await deps.tokenizerFor();
    const tokenizer = await deps.pool.get(choice, ctx);
    const pieces = splitText(doc.text);
    let total = 0;
    const progress = (done: number) =>
      deps.emit(undefined, 'document:progress', {
        name: info.fileName,
        stage: 'tokenizing',
        done,
        total: pieces.length,
        documentId: id,
      });
    progress(0);
    for (let i = 0; i < pieces.length; i += BATCH) {
      const counts = await tokenizer.countMany(pieces.slice(i, i + BATCH), signal);
      total += counts.reduce((a, b) => a + b, 0);
      progress(Math.min(i + BATCH, pieces.length));
    }
    if (signal.aborted || disposed || !deps.store.documents.get(id)) return;
    deps.store.documents.setTokenCount(id, total, tokenizer.id);
    deps.emit(undefined, 'document:updated', deps.store.documents.get(id) as DocumentInfo);
  };

  const drain = async () => {
    while (queue.length > 0 && !disposed) {
      const id = queue.shift() as string;
      const controller = new AbortController();
      current = { id, controller };
      try {
        await countOne(id, controller.signal);
      } catch {
        // A count is a nicety: a missing tokenizer or a server that is down leaves it unknown.
      } finally {
        current = undefined;
      }
    }
  };

  return {
    schedule(id) {
      // A count being cancelled (its text was replaced) does not stand for the new one.
      const counting = current?.id === id && !current.controller.signal.aborted;
      if (disposed || queue.includes(id) || counting) return;
      queue.push(id);
      if (queue.length === 1 && current === undefined) worker = drain();
    },
    cancel(id) {
      const at = queue.indexOf(id);
      if (at >= 0) queue.splice(at, 1);
      if (current?.id === id) current.controller.abort();
    },
    async idle() {
      while (current !== undefined || queue.length > 0) await worker;
    },
    async dispose() {
      disposed = true;
      queue.length = 0;
      current?.controller.abort();
      await worker;
    },
  };
}

/** Cuts text into pieces near `PIECE_CHARS`, at a line end when there is one, covering it exactly. */
export function splitText(text: string): string[] {
  const pieces: string[] = [];
  let start = 0;
  while (start < text.length) {
    let end = Math.min(start + PIECE_CHARS, text.length);
    if (end < text.length) {
      const nl = text.lastIndexOf('\n', end);
      if (nl > start) end = nl + 1;
      // Never split a surrogate pair.
      else if (/[\uD800-\uDBFF]/.test(text[end - 1] ?? '')) end -= 1;
    }
    pieces.push(text.slice(start, end));
    start = end;
  }
  return pieces;
}
