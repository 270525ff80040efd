// The process around a `memagent` command (streams, signals), loaded by run-cli.ts once the
// compile cache is on; the command itself is `runCommand` (run-command.ts), which reads only the
// context built here. The caller exits the process with the code `main` returns.
import os from 'node:os';
import type { CliContext } from './context.ts';
import { EXIT } from './report-error.ts';
import { runCommand } from './run-command.ts';
import { favourSmallHeap } from './small-heap.ts';
import { terminalSink } from './live-line.ts';

// A reader that closed the pipe early (`memagent extract book.pdf | head`) is not an error.
const isEpipe = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code === 'EPIPE';
process.stdout.on('error', (error) => {
  if (!isEpipe(error)) throw error;
});
// Progress and notes are diagnostics: a closed stderr (`2> >(head)`) must not cost the answer.
process.stderr.on('error', (error) => {
  if (!isEpipe(error)) throw error;
});

function writeStdout(text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    process.stdout.write(text, (error) => (error && !isEpipe(error) ? reject(error) : resolve()));
  });
}

/** Runs one command in this process's context and returns its exit code; never throws. */
export async function main(argv: string[]): Promise<number> {
  const controller = new AbortController();
  let interrupts = 0;
  // SIGTERM (a service manager, `timeout`) stops as cleanly as Ctrl-C: OCR and PDF workers
  // end, requests are aborted, the trace is closed.
  const onSignal = (signal: NodeJS.Signals) => {
    interrupts += 1;
    if (interrupts === 1) {
      process.stderr.write(
        signal === 'SIGTERM'
          ? '\nmemagent: terminated; stopping.\n'
          : '\nmemagent: interrupted; stopping (press Ctrl-C again to quit at once).\n',
      );
      controller.abort();
    } else {
      process.exit(EXIT.interrupted);
    }
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  // The commands that hold long texts trade some CPU for a smaller heap; a process-wide flag,
  // so it is set here, never by a command run inside another process (the tests).
  if (argv[0] === 'eval' || argv[0] === 'make-eval') favourSmallHeap();
  const ctx: CliContext = {
    out: writeStdout,
    // A live line on a terminal; plain lines in a CI log or on a dumb terminal, as in a file.
    stderr: terminalSink(process.stderr, process.env),
    stdoutTerminal: process.stdout,
    stdin: process.stdin,
    cwd: process.cwd(),
    signal: controller.signal,
    env: process.env,
    home: os.homedir(),
  };
  try {
    return await runCommand(argv, ctx);
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}
