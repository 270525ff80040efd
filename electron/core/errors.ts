import type { AppError, ErrorKind } from '../../shared/model.ts';
import { libraryProblem } from './store/library-errors.ts';

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

/** Turns anything thrown into an `AppError`; unknown throwables become `Internal`. */
export function toAppError(error: unknown): AppError {
  if (error instanceof CoreError) return error.toValue();
  // A write that failed deep in a repository (a full disk, a lock held too long).
  const library = libraryProblem(error);
  if (library) return library;
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
