/** What a command needs from the process: output streams, the Ctrl-C signal, the environment. */
export interface CliContext {
  /** Writes to stdout and resolves once the data is handed to the OS (safe before exit). */
  out(text: string): Promise<void>;
  /** Live diagnostics (progress, notes, errors). */
  stderr: { write(text: string): unknown; isTTY?: boolean; columns?: number | undefined };
  /** Aborted on the first Ctrl-C. */
  signal: AbortSignal;
  env: NodeJS.ProcessEnv;
}
