#!/usr/bin/env node
// The `memagent` command line: `npm run memagent -- ask book.pdf --question "..."`, or the
// installed `memagent` (bin/memagent.js imports this file, or its bundle out/cli/memagent.js).
// Node's compile cache goes on before anything else loads: run from source, most of a start is
// stripping the types of the CLI's modules and compiling them, which the cache keeps on disk from
// one start to the next (the commands' modules, loaded on demand, and the document and tokenizer
// workers too: each PDF worker starts about 0.1 s sooner). So the process code is imported only
// after it is on; a static import would be loaded before this file's first line runs.
import { enableCompileCache } from '../core/compile-cache.ts';

enableCompileCache();
const quick = await quickAnswer(process.argv.slice(2));
if (quick === undefined) await import('./cli-process.ts');
else
  // No process.exit: it could cut a write to a pipe short, and nothing else is running.
  process.stdout.write(quick, () => undefined);

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
