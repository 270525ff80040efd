import type { AppError, ErrorKind } from '../../shared/model.ts';
import { visibleText } from '../../shared/visible-text.ts';
import { redactSecrets } from '../core/redact.ts';

export const EXIT = {
  ok: 0,
  internal: 1,
  usage: 2,
  input: 3,
  backend: 4,
  library: 5,
  interrupted: 130,
} as const;

/** The exit code for a kind of failure (see `memagent --help`). */
export function exitCodeFor(kind: ErrorKind): number {
  switch (kind) {
    case 'BadUsage':
      return EXIT.usage;
    case 'NotFound':
    case 'Unsupported':
    case 'PasswordRequired':
    case 'WrongPassword':
    case 'Damaged':
    case 'TooLarge':
    case 'TimeLimit':
      return EXIT.input;
    case 'BackendUnavailable':
    case 'BackendFailed':
    case 'BackendRejected':
      return EXIT.backend;
    case 'LibraryUnavailable':
      return EXIT.library;
    case 'Cancelled':
      return EXIT.interrupted;
    case 'Internal':
      return EXIT.internal;
  }
}

/** Hints for errors that arrive without one. */
const DEFAULT_HINTS: Partial<Record<ErrorKind, string>> = {
  BackendUnavailable:
    'Start a server (for example `vllm serve BytedTsinghua-SIA/RL-MemoryAgent-14B`) or pass --base-url; `memagent models` tests the connection.',
  BackendFailed: 'The server failed after retries; check its log, or try again later.',
  BackendRejected: 'Check --model, --api-key and the token limits against the server.',
  PasswordRequired: 'Pass the password with --password.',
  WrongPassword: 'Check the password given with --password.',
  Unsupported: 'Supported formats: PDF, DOCX, EPUB, HTML, text and Markdown.',
};

/**
 * One sentence and a hint; the detail (stack, status, library message) only with --debug.
 * Messages quote file names and server replies, so their control characters are shown.
 */
export function formatError(
  error: AppError,
  options: { debug: boolean; secrets: readonly (string | undefined)[] },
): string {
  const lines = [`memagent: ${error.message}`];
  const hint = error.hint ?? DEFAULT_HINTS[error.kind];
  if (hint) lines.push(`hint: ${hint}`);
  if (options.debug && error.detail) lines.push(`detail (${error.kind}): ${error.detail}`);
  return `${visibleText(redactSecrets(lines.join('\n'), options.secrets))}\n`;
}
