// The built-in model's host process in the app: Electron's utility process (off the main
// process's event loop, ended with the app) running core's host entry. Pass it to
// `new BuiltinClient({ ..., launcher: builtinLauncher })`.
import { utilityProcess } from 'electron';
import { utilityLauncher } from '../core/llm/builtin/launcher.ts';

export const builtinLauncher = utilityLauncher((modulePath, args, options) =>
  utilityProcess.fork(modulePath, args, options),
);
