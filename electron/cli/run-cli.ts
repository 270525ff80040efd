// One `memagent` command, run in this process: what the command line's entry (main.ts) and the
// app's command mode (electron/app/cli-mode.ts, through the bundle's out/cli/run.js) both call.

/** Runs the command `argv` (the arguments after `memagent`) and returns its exit code. */
export async function runCli(argv: readonly string[]): Promise<number> {
  const quick = await quickAnswer(argv);
  if (quick === undefined) return (await import('./cli-process.ts')).main([...argv]);
  // Flushed before the code is returned: the caller exits the process next.
  await new Promise<void>((resolve) => process.stdout.write(quick, () => resolve()));
  return 0;
}

/**
 * `--version` and the overview (`--help`, or no command) are printed from one small module each,
 * without the argument parsers, zod or any command: what a person or a script runs most often
 * to check the command is there. Everything else (a command's `--help` too) goes through
 * runCommand, which answers these two the same way.
 */
async function quickAnswer(argv: readonly string[]): Promise<string | undefined> {
  const [first] = argv;
  if (argv.length > 1) return undefined;
  if (first === '--version' || first === '-V')
    return `memagent ${(await import('./version.ts')).cliVersion()}\n`;
  if (first === undefined || first === '--help' || first === '-h' || first === 'help')
    return (await import('./help-main.ts')).MAIN_HELP;
  return undefined;
}
