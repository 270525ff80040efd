import type { AppError, ErrorKind } from '../../shared/model.ts';

/**
 * The one exception type core throws on purpose. It carries an `AppError` value so the UI and
 * the CLI can print one clear sentence with a hint; anything else that escapes is a bug
 * (`Internal`).
 */
export class CoreError extends Error {
  readonly kind: ErrorKind;
  readonly hint: string | undefined;
  readonly detail: string | undefined;

  constructor(
    kind: ErrorKind,
    message: string,
    options: { hint?: string | undefined; detail?: string | undefined; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'CoreError';
    this.kind = kind;
    this.hint = options.hint;
    this.detail = options.detail;
  }

  toValue(): AppError {
    const value: AppError = { kind: this.kind, message: this.message };
    if (this.hint !== undefined) value.hint = this.hint;
    if (this.detail !== undefined) value.detail = this.detail;
    return value;
  }
}

/** Reads an error core does not throw itself (a library's SQLite fault) as a value, or declines. */
export type ErrorReader = (error: unknown) => AppError | undefined;

const readers = new Set<ErrorReader>();

/**
 * Adds a reader `toAppError` asks before calling an error `Internal`. The layer that knows the
 * errors adds it (the store, for SQLite's: store/library-errors.ts), so this base file imports no
 * folder above it; a reader is added when its module loads, which is before any error it reads
 * can exist (SQLite errors come only from the store's connections).
 */
export function addErrorReader(reader: ErrorReader): void {
  readers.add(reader);
}

/** Turns anything thrown into an `AppError`; unknown throwables become `Internal`. */
export function toAppError(error: unknown): AppError {
  if (error instanceof CoreError) return error.toValue();
  // A write that failed deep in a repository (a full disk, a lock held too long).
  for (const read of readers) {
    const value = read(error);
    if (value !== undefined) return value;
  }
  if (error instanceof Error && error.name === 'AbortError') {
    return { kind: 'Cancelled', message: 'The operation was cancelled.' };
  }
  const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
  return {
    kind: 'Internal',
    message: 'An unexpected internal error occurred.',
    hint: 'Please report it with the details shown by --debug.',
    detail,
  };
}
