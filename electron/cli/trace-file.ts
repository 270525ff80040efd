// `--trace FILE.jsonl`: every run event as a JSON line, for `ask` and `resume`.
import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { CoreError } from '../core/errors.ts';

export interface TraceFile {
  /** The stream, or undefined once a write failed. */
  current(): WriteStream | undefined;
  close(): Promise<void>;
}

/**
 * Opens the trace file (refusing an unwritable path before any work). A trace that later cannot
 * be written (a full disk) must not crash the run and lose its answers: `note` says so once and
 * the run goes on without it.
 */
export async function openTraceFile(
  path: string | undefined,
  note: (text: string) => void,
): Promise<TraceFile | undefined> {
  if (path === undefined) return undefined;
  const stream = createWriteStream(path, { flags: 'w' });
  try {
    await once(stream, 'open');
  } catch (error) {
    throw new CoreError('BadUsage', `Cannot write the trace file ${path}.`, {
      hint: 'Pass a writable path to --trace.',
      detail: error instanceof Error ? error.message : String(error),
    });
  }
  let broken = false;
  stream.on('error', (error) => {
    if (broken) return;
    broken = true;
    note(
      `warning: cannot write the trace file ${path} (${error.message}); the run goes on without it.`,
    );
  });
  return {
    current: () => (broken ? undefined : stream),
    close: async () => {
      if (stream.destroyed) return;
      await new Promise<void>((resolve) => stream.end(resolve));
    },
  };
}
