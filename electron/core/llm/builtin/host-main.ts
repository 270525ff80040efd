// The model host process's entry. Under Node (the CLI, tests) it is started with
// `child_process.fork` and talks over `process.send`; under Electron the app starts the same file
// with `utilityProcess.fork` and it talks over `process.parentPort`. See launcher.ts.
import type { HostMessage, ParentMessage } from './protocol.ts';
import { ModelHost } from './model-host.ts';

interface ParentPort {
  on(event: 'message', listener: (event: { data: unknown }) => void): void;
  postMessage(message: unknown): void;
}

const parentPort = (process as { parentPort?: ParentPort }).parentPort;

if (parentPort) {
  const host = new ModelHost((m: HostMessage) => parentPort.postMessage(m));
  parentPort.on('message', (event) => host.handle(event.data as ParentMessage));
} else if (process.send) {
  const send = process.send.bind(process);
  const host = new ModelHost((m: HostMessage) => send(m));
  process.on('message', (m) => host.handle(m as ParentMessage));
  // The app went away (or closed the channel): the model goes with it.
  process.on('disconnect', () => process.exit(0));
} else {
  process.stderr.write('host-main.ts is started by the app (child_process.fork), not by hand.\n');
  process.exit(2);
}
