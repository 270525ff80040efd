// The app's executable as the `memagent` command: `MemAgent --memagent-cli [ARGS…]` (which
// arguments are the command's: core/command-mode.ts) runs one command of the built command line
// (out/cli/run.js, the chunks out/cli/memagent.js runs) in this process; main.ts exits with its
// code. The launcher Help › Install Command Line Tool writes starts it so
// (core/command-line-install.ts), which keeps the RunAsNode fuse off: the executable never runs a
// script it is handed, only its own command line. No Electron import: testable under plain Node.
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Runs the command `args` with the built command line in `cliDir` (out/cli) and returns its exit
 * code; never throws. The command reports its own errors; a command line that cannot be loaded
 * is one sentence and a hint on stderr, and exit code 1 (no dialog: this is a terminal).
 */
export async function runCommandLine(args: readonly string[], cliDir: string): Promise<number> {
  const entry = path.join(cliDir, 'run.js');
  let run: (argv: readonly string[]) => Promise<number>;
  try {
    ({ runCli: run } = (await import(pathToFileURL(entry).href)) as { runCli: typeof run });
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND';
    process.stderr.write(
      missing
        ? `memagent: this app has no built command line (${entry} is missing).\nhint: Run \`npm run build\` (or \`npm run build -- --only=cli\`), or reinstall the app.\n`
        : `memagent: the command line could not start: ${error instanceof Error ? error.message : String(error)}\nhint: Reinstall the app; if it persists, report it with this message.\n`,
    );
    return 1;
  }
  return run(args);
}
