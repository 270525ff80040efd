// How the model host process is started: `child_process.fork` under Node (CLI, tests, bench),
// Electron's `utilityProcess.fork` in the app (passed in: core never imports electron).
import { fork } from 'node:child_process';
import type { Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { HostMessage, ParentMessage } from './protocol.ts';

/** One running host process as the client sees it. */
export interface HostChannel {
  send(message: ParentMessage): void;
  onMessage(listener: (message: HostMessage) => void): void;
  /** Called once when the process ends, with how it ended ("exit code 1", "signal SIGKILL"). */
  onExit(listener: (how: string) => void): void;
  /**
   * Whether the process keeps the caller alive: held while requests are in flight, released when
   * idle, so a CLI exits when its work is done without closing the client.
   */
  hold(busy: boolean): void;
  kill(): void;
  readonly pid: number | undefined;
  /** The end of the host's stderr (native errors), for an error's detail. */
  stderrTail(): string;
}

export type HostLauncher = () => HostChannel;

/** The host's entry file (bundled to out/main/builtin-host-main.js by the build). */
export const HOST_ENTRY = new URL('./host-main.ts', import.meta.url);

const TAIL_CHARS = 2000;

/** Starts the host with `child_process.fork` (Node 24 runs the .ts entry directly). */
export const nodeLauncher: HostLauncher = () => forkHost(fileURLToPath(HOST_ENTRY));

/** Forks `entry` as a host process (the real host, or a stand-in a test writes). */
export function forkHost(entry: string): HostChannel {
  const child = fork(entry, [], {
    execArgv: [],
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let tail = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (text: string) => (tail = (tail + text).slice(-TAIL_CHARS)));
  const handles = (): { ref(): void; unref(): void }[] =>
    [child, child.channel, child.stderr as Socket | null].filter(
      (h): h is NonNullable<typeof h> => h !== null && h !== undefined,
    );
  return {
    send: (message) => {
      if (child.connected) child.send(message);
    },
    onMessage: (listener) => child.on('message', (m) => listener(m as HostMessage)),
    onExit: (listener) => {
      let told = false;
      const tell = (how: string): void => {
        if (!told) listener(how);
        told = true;
      };
      child.once('exit', (code, signal) =>
        tell(signal === null ? `exit code ${String(code)}` : `signal ${signal}`),
      );
      // A process that could not start, or a channel that broke, ends the host just the same.
      child.on('error', (error) => {
        tell(`it could not be reached: ${error.message}`);
        child.kill('SIGKILL');
      });
    },
    hold: (busy) => {
      for (const h of handles()) {
        if (busy) h.ref();
        else h.unref();
      }
    },
    kill: () => child.kill('SIGKILL'),
    get pid() {
      return child.pid;
    },
    stderrTail: () => tail,
  };
}

/** The part of Electron's `UtilityProcess` the launcher uses. */
export interface UtilityProcessLike {
  readonly pid: number | undefined;
  postMessage(message: unknown): void;
  on(event: 'message', listener: (message: unknown) => void): unknown;
  once(event: 'exit', listener: (code: number) => void): unknown;
  kill(): boolean;
}

/**
 * The app's launcher: `utilityLauncher(utilityProcess.fork)` in electron/app. A utility process
 * ends with the app, so `hold` has nothing to do.
 */
export function utilityLauncher(
  forkUtility: (
    modulePath: string,
    args: string[],
    options: { serviceName: string },
  ) => UtilityProcessLike,
): HostLauncher {
  return () => {
    const child = forkUtility(fileURLToPath(HOST_ENTRY), [], { serviceName: 'MemAgent model' });
    return {
      send: (message) => child.postMessage(message),
      onMessage: (listener) => child.on('message', (m) => listener(m as HostMessage)),
      onExit: (listener) => child.once('exit', (code) => listener(`exit code ${code}`)),
      hold: () => {},
      kill: () => void child.kill(),
      get pid() {
        return child.pid;
      },
      stderrTail: () => '',
    };
  };
}
