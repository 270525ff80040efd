// The command mode of the app's executable: the arguments that make it the `memagent` command
// and which of them are the command's. The contract between the launcher the app installs
// (command-line-install.ts) and the app's main (electron/app/main.ts, cli-mode.ts).

/** The first argument that makes the app's executable the `memagent` command. */
export const CLI_MODE_FLAG = '--memagent-cli';

/** Chromium's switches the launcher may put before `--`; the command never sees them. */
const APP_SWITCH = /^--js-flags=/;

/**
 * The command's arguments when this process was started as `memagent` (its first argument is
 * `--memagent-cli`), else undefined. `argv` is process.argv: after the executable, and after the
 * app's folder too when Electron was started on one (`defaultApp`, in development). Right after
 * the flag, `--js-flags=…` (the heap flags of a long job, which only the command line can give
 * the main process) and then one `--` (after which Chromium reads no switches, so a file named
 * like one stays a file) belong to the launcher; the rest is the command's, as typed.
 */
export function commandLineArguments(
  argv: readonly string[],
  defaultApp: boolean,
): string[] | undefined {
  const args = argv.slice(defaultApp ? 2 : 1);
  if (args[0] !== CLI_MODE_FLAG) return undefined;
  let start = 1;
  while (start < args.length && APP_SWITCH.test(args[start] ?? '')) start += 1;
  if (args[start] === '--') start += 1;
  return args.slice(start);
}
