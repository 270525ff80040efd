// The parent's side of one model host process: start and load, requests matched to replies by
// id, and the end of every pending request when the process dies.
import type { AppError } from '../../../../shared/model.ts';
import { CoreError } from '../../errors.ts';
import type { HostChannel, HostLauncher } from './launcher.ts';
import type { HostMessage, LoadOptions, ModelInfo, ParentMessage } from './protocol.ts';

type Reply = Exclude<HostMessage, { type: 'ready' | 'loadFailed' }>;

interface Pending {
  onReply: (message: Reply) => void;
  onGone: (error: CoreError) => void;
}

/** A request in flight: its id (to abort it) and how it ends. */
export interface Request<T> {
  id: number;
  done: Promise<T>;
}

const STOPPED_HINT =
  'Run it again: the model restarts. If it keeps stopping, the computer may be short of memory: choose a smaller model file, fewer questions at once, or turn the GPU off.';

/**
 * A host that ends while loading a file the header check passed: llama.cpp aborts its process
 * (SIGABRT, SIGSEGV, SIGBUS on a file that shrank) on files it cannot make sense of, so the file
 * is the likely cause. A SIGKILL is the system's out-of-memory killer (or us) and keeps the
 * "stopped unexpectedly" sentence with its hint about memory.
 */
function loadCrash(file: string, how: string, detail: { detail?: string }): CoreError {
  return new CoreError(
    'Damaged',
    `The model file ${file} could not be loaded: the built-in model stopped while loading it (${how}), so the file is likely damaged or of a kind this llama.cpp does not support.`,
    {
      hint: 'Download or convert the model file again, or choose another one; if every model stops this way, the computer may be short of memory.',
      ...detail,
    },
  );
}

/** One host process, loaded with one model. `ready` settles once it has loaded or failed. */
export class HostConnection {
  readonly ready: Promise<ModelInfo>;
  private readonly channel: HostChannel;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private gone: CoreError | undefined;
  private loading = true;

  constructor(launcher: HostLauncher, options: LoadOptions) {
    this.channel = launcher();
    this.ready = new Promise<ModelInfo>((resolve, reject) => {
      this.channel.onMessage((message) => {
        if (message.type === 'ready') {
          this.loading = false;
          this.updateHold();
          resolve(message.info);
        } else if (message.type === 'loadFailed') {
          this.loading = false;
          reject(fromValue(message.error));
          this.channel.kill();
        } else {
          this.pending.get(message.id)?.onReply(message);
        }
      });
      this.channel.onExit((how) => {
        const detail = this.channel.stderrTail() ? { detail: this.channel.stderrTail() } : {};
        this.gone =
          this.loading && how !== 'signal SIGKILL'
            ? loadCrash(options.modelFile, how, detail)
            : new CoreError('BackendFailed', `The built-in model stopped unexpectedly (${how}).`, {
                hint: STOPPED_HINT,
                ...detail,
              });
        if (this.loading) reject(this.gone);
        this.loading = false;
        for (const p of [...this.pending.values()]) p.onGone(this.gone);
        this.pending.clear();
      });
    });
    // Held while loading; `ready`'s rejection is handled by whoever awaits it.
    this.ready.catch(() => {});
    this.channel.hold(true);
    this.channel.send({ type: 'load', options });
  }

  /** True once the process has ended (crashed, killed or failed to load). */
  get dead(): boolean {
    return this.gone !== undefined;
  }

  get pid(): number | undefined {
    return this.channel.pid;
  }

  /**
   * Sends a request made by `make(id)`; `onReply` receives its replies and settles the returned
   * promise with `finish` (return undefined to keep waiting).
   */
  request<T>(
    make: (id: number) => ParentMessage,
    onReply: (message: Reply, finish: (value: T) => void, fail: (error: CoreError) => void) => void,
  ): Request<T> {
    const id = this.nextId++;
    const done = new Promise<T>((resolve, reject) => {
      if (this.gone) {
        reject(this.gone);
        return;
      }
      const end = (): void => {
        this.pending.delete(id);
        this.updateHold();
      };
      this.pending.set(id, {
        onReply: (message) => {
          if (message.type === 'failed') {
            end();
            reject(fromValue(message.error));
            return;
          }
          onReply(
            message,
            (value) => {
              end();
              resolve(value);
            },
            (error) => {
              end();
              reject(error);
            },
          );
        },
        onGone: reject,
      });
      this.updateHold();
      this.channel.send(make(id));
    });
    return { id, done };
  }

  /** Stops waiting for request `id` and tells the host to stop working on it. */
  abandon(id: number): void {
    if (!this.pending.delete(id)) return;
    this.channel.send({ type: 'abort', id });
    this.updateHold();
  }

  kill(): void {
    this.channel.kill();
  }

  private updateHold(): void {
    // Kept alive while loading or answering; an idle host never keeps a CLI from exiting.
    this.channel.hold(this.loading || this.pending.size > 0);
  }
}

function fromValue(error: AppError): CoreError {
  return new CoreError(error.kind, error.message, { hint: error.hint, detail: error.detail });
}
