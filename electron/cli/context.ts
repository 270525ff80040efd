/**
 * What a command needs from the process: output streams, the Ctrl-C signal, the environment,
 * standard input and the working directory. `main.ts` builds it from the real process; the
 * tests build one over buffers (`runCliInProcess`), so a command depends on its context only.
 */
export interface CliContext {
  /** Writes to stdout and resolves once the data is handed to the OS (safe before exit). */
  out(text: string): Promise<void>;
  /** Live diagnostics (progress, notes, errors). */
  stderr: { write(text: string): unknown; isTTY?: boolean; columns?: number | undefined };
  /** What stdout is: tables fit a terminal's width, and only a terminal's. */
  stdoutTerminal: { isTTY?: boolean; columns?: number };
  /** Standard input (`ask --questions -`; a terminal when `isTTY`, where a question may be asked). */
  stdin: AsyncIterable<Buffer | string> & { isTTY?: boolean };
  /** The working directory relative paths are meant from (before `INIT_CWD`, which wins). */
  cwd: string;
  /** Aborted on the first Ctrl-C. */
  signal: AbortSignal;
  env: NodeJS.ProcessEnv;
  /** The user's home folder: default paths (the app's data folder) are built from it and `env`. */
  home: string;
}
