// The values of an evaluation file one at a time: the elements of a top-level JSON array, or the
// lines of a JSON Lines file. An upstream set at 3.5M tokens holds ~14 MB of context per row and
// hundreds of MB in all; only one row's text is held at once.
//
// The array is split, not parsed, here: a small scanner finds where each element ends (tracking
// strings, escapes and nesting) and each element goes to the native JSON.parse, so the values
// are exactly what JSON.parse would give for the whole file, at native speed on 14 MB strings.
import { createInterface } from 'node:readline';
import { CoreError } from '../errors.ts';
import { openUserFile } from '../user-file.ts';

/** One value of the file and where it stands (0-based element or line number). */
export interface JsonRow {
  value: unknown;
  position: number;
}

/** `file` is JSON Lines when its name ends in `.jsonl` (or `.ndjson`), else a JSON array. */
export function isJsonLines(file: string): boolean {
  return /\.(jsonl|ndjson)$/i.test(file);
}

/** Yields the values of `file` in order; throws `CoreError('Damaged')` at the first bad one. */
export async function* readJsonRows(file: string, signal?: AbortSignal): AsyncGenerator<JsonRow> {
  if (isJsonLines(file)) yield* jsonLines(file, signal);
  else yield* jsonArray(file, signal);
}

function damaged(file: string, where: string, detail?: string): CoreError {
  return new CoreError('Damaged', `${file} is not valid JSON ${where}.`, {
    hint: 'Evaluation data is a JSON array of rows (DATA.json) or one JSON row per line (DATA.jsonl).',
    ...(detail !== undefined ? { detail } : {}),
  });
}

// Through the checked opener: a named pipe or a device given as DATA is refused at once instead
// of hanging the evaluation in an open() nothing can interrupt. Read as UTF-8 by the stream's
// decoder, which keeps a character split across reads whole; the stream closes the handle.
const opened = async (file: string) => {
  const { handle } = await openUserFile(file, {
    noun: 'data file',
    notFileHint: 'Evaluation data is a JSON array (DATA.json) or JSON Lines (DATA.jsonl) file.',
  });
  return handle.createReadStream({ encoding: 'utf8', highWaterMark: 1 << 20 });
};

async function* jsonLines(file: string, signal?: AbortSignal): AsyncGenerator<JsonRow> {
  const lines = createInterface({ input: await opened(file), crlfDelay: Infinity });
  let position = 0;
  let lineNumber = 0;
  try {
    for await (const line of lines) {
      signal?.throwIfAborted();
      lineNumber += 1;
      if (line.trim() === '') continue;
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch (error) {
        throw damaged(file, `on line ${lineNumber}`, String(error));
      }
      yield { value, position };
      position += 1;
    }
  } catch (error) {
    throw readFailure(file, error);
  } finally {
    lines.close();
  }
}

/** A missing or unreadable file as one sentence; CoreErrors pass unchanged. */
function readFailure(file: string, error: unknown): unknown {
  if (error instanceof CoreError) return error;
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === 'ENOENT') return new CoreError('NotFound', `${file} does not exist.`);
  if (code === 'EISDIR') return new CoreError('BadUsage', `${file} is a folder, not a data file.`);
  if (code === 'EACCES')
    return new CoreError('Unsupported', `${file} cannot be read (permission denied).`);
  return error;
}

const indexOr = (text: string, search: string, from: number): number => {
  const at = text.indexOf(search, from);
  return at < 0 ? text.length : at;
};

/**
 * Splits a top-level JSON array into its elements' texts as the file streams by. States: before
 * the `[`, between elements, inside an element (with depth and string state), after the `]`.
 */
class ArraySplitter {
  #started = false;
  #ended = false;
  #depth = 0;
  #inString = false;
  #escaped = false;
  /** Pieces of the element being read (a 14 MB string arrives in many chunks). */
  #pieces: string[] = [];
  /** False when only counting: no element's text is kept, and each is given as ''. */
  readonly #keep: boolean;
  #inElement = false;
  /** Characters seen, for messages. */
  offset = 0;

  constructor(options: { keep: boolean } = { keep: true }) {
    this.#keep = options.keep;
  }

  /** Feeds one piece of text; returns the complete element texts it finished. */
  push(text: string): { elements: string[]; error?: string } {
    const elements: string[] = [];
    let from = 0; // start of the current element's text within `text`
    let quote = -1;
    let slash = -1;
    for (let i = 0; i < text.length; i += 1) {
      const c = text.charCodeAt(i);
      if (this.#inString) {
        // Jump to the next quote or backslash: long strings cost one indexOf each, not a loop.
        if (this.#escaped) {
          this.#escaped = false;
          continue;
        }
        if (c === 0x5c /* \ */) {
          this.#escaped = true;
          continue;
        }
        if (c === 0x22 /* " */) {
          this.#inString = false;
          continue;
        }
        // Each search result is kept until passed: contexts hold a `\n` every paragraph, and
        // searching again for a quote megabytes away at each of them would be quadratic.
        if (quote < i) quote = indexOr(text, '"', i);
        if (slash < i) slash = indexOr(text, '\\', i);
        i = Math.min(quote, slash) - 1;
        continue;
      }
      const space = c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
      if (!this.#started) {
        if (space || (c === 0xfeff && this.offset + i === 0)) continue;
        if (c !== 0x5b /* [ */) return { elements, error: 'where it should start with [' };
        this.#started = true;
        continue;
      }
      if (this.#ended) {
        if (space) continue;
        return { elements, error: 'after its closing ]' };
      }
      if (!this.#inElement) {
        if (space) continue;
        if (c === 0x2c /* , */ && this.#pieces.length === 0) continue;
        if (c === 0x5d /* ] */) {
          this.#ended = true;
          continue;
        }
        this.#inElement = true;
        from = i;
      }
      if (c === 0x22) this.#inString = true;
      else if (c === 0x5b || c === 0x7b) this.#depth += 1;
      else if (c === 0x7d && this.#depth === 0) return { elements, error: 'at an unmatched }' };
      else if (c === 0x5d || c === 0x7d || (c === 0x2c && this.#depth === 0)) {
        if (this.#depth > 0 && c !== 0x2c) {
          this.#depth -= 1;
          if (this.#depth > 0) continue;
          // The element's closing bracket is part of it.
          if (this.#keep) this.#pieces.push(text.slice(from, i + 1));
        } else {
          // A scalar element ends before `,` or the array's `]`.
          if (this.#keep) this.#pieces.push(text.slice(from, i));
          if (c === 0x5d) this.#ended = true;
        }
        elements.push(this.#pieces.join(''));
        this.#pieces = [];
        this.#inElement = false;
      }
    }
    if (this.#inElement && this.#keep) this.#pieces.push(text.slice(from));
    this.offset += text.length;
    return { elements };
  }

  /** What is wrong at the end of the file, if anything. */
  end(): string | undefined {
    if (!this.#started) return 'where it should start with [';
    if (!this.#ended) return 'at its end (the array is not closed; the file may be cut short)';
    return undefined;
  }
}

async function* jsonArray(file: string, signal?: AbortSignal): AsyncGenerator<JsonRow> {
  const splitter = new ArraySplitter();
  let position = 0;
  const parse = (element: string): JsonRow => {
    try {
      return { value: JSON.parse(element), position: position++ };
    } catch (error) {
      throw damaged(file, `in element ${position + 1}`, String(error));
    }
  };
  try {
    for await (const piece of await opened(file)) {
      signal?.throwIfAborted();
      const { elements, error } = splitter.push(piece as string);
      for (const element of elements) yield parse(element);
      if (error !== undefined) throw damaged(file, error);
    }
  } catch (error) {
    throw readFailure(file, error);
  }
  const error = splitter.end();
  if (error !== undefined) throw damaged(file, error);
}

/** For tests: the element texts of a JSON array given in pieces. */
export function splitJsonArray(pieces: readonly string[]): string[] {
  const splitter = new ArraySplitter();
  const out: string[] = [];
  for (const piece of pieces) {
    const { elements, error } = splitter.push(piece);
    out.push(...elements);
    if (error !== undefined) throw new Error(error);
  }
  const error = splitter.end();
  if (error !== undefined) throw new Error(error);
  return out;
}

/**
 * How many rows `file` holds, for the progress line's total and ETA: one pass over the file that
 * splits the array (or counts non-empty lines) without parsing the rows. With `limit`, the pass
 * stops once that many are found (`--limit 8` of a 500 MB set reads only its start).
 */
export async function countJsonRows(
  file: string,
  options: { limit?: number; signal?: AbortSignal } = {},
): Promise<number> {
  const limit = options.limit ?? Infinity;
  let count = 0;
  // Joining a 3.5M-token row's text only to count it cost ~30 MB of garbage a row.
  const splitter = new ArraySplitter({ keep: false });
  try {
    if (isJsonLines(file)) {
      const lines = createInterface({ input: await opened(file), crlfDelay: Infinity });
      try {
        for await (const line of lines) {
          if (line.trim() !== '') count += 1;
          if (count >= limit) return limit;
        }
      } finally {
        lines.close();
      }
      return count;
    }
    for await (const piece of await opened(file)) {
      options.signal?.throwIfAborted();
      const { elements, error } = splitter.push(piece as string);
      count += elements.length;
      if (count >= limit) return limit;
      if (error !== undefined) throw damaged(file, error);
    }
  } catch (error) {
    throw readFailure(file, error);
  }
  const error = splitter.end();
  if (error !== undefined) throw damaged(file, error);
  return count;
}
