import type { AppError, ErrorKind } from '../../shared/model.ts';
import { visibleText } from '../../shared/visible-text.ts';
import { redactSecrets } from '../core/redact.ts';
import { LOCAL_SERVER_HINT } from './local-server-hint.ts';

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

/**
 * The command line's own hints, one table. `replaces` marks kinds whose hint from core is worded
 * for the app ("Open it again and enter its password"), which the command line says in flags;
 * the others are only for errors that arrive without a hint of their own.
 */
const CLI_HINTS: Partial<Record<ErrorKind, { hint: string; replaces: boolean }>> = {
  BackendUnavailable: {
    hint: `${LOCAL_SERVER_HINT}; \`memagent models\` tests the connection.`,
    replaces: false,
  },
  BackendFailed: {
    hint: 'The server failed after retries; check its log, or try again later.',
    replaces: false,
  },
  BackendRejected: {
    hint: 'Check --model, --api-key and the token limits against the server.',
    replaces: false,
  },
  PasswordRequired: { hint: 'Pass the password with --password.', replaces: true },
  WrongPassword: { hint: 'Check the password given with --password.', replaces: true },
  Unsupported: {
    hint: 'Supported formats: PDF, DOCX, EPUB, HTML, text and Markdown.',
    replaces: false,
  },
};

/** The hint the command line prints for `error`: its own where core's speaks of the app. */
export function cliHint(error: AppError): string | undefined {
  const own = CLI_HINTS[error.kind];
  if (own?.replaces) return own.hint;
  return error.hint ?? own?.hint;
}

/**
 * One sentence and a hint; the detail (stack, status, library message) only with --debug.
 * Messages quote file names and server replies, so their control characters are shown.
 */
export function formatError(
  error: AppError,
  options: { debug: boolean; secrets: readonly (string | undefined)[] },
): string {
  const lines = [`memagent: ${error.message}`];
  const hint = cliHint(error);
  if (hint) lines.push(`hint: ${hint}`);
  if (options.debug && error.detail) lines.push(`detail (${error.kind}): ${error.detail}`);
  return `${visibleText(redactSecrets(lines.join('\n'), options.secrets))}\n`;
}
