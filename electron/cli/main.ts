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
const { runCli } = await import('./run-cli.ts');
// Exit explicitly once stdout is flushed (runCli waits for it): tokenizer workers or keep-alive
// sockets must not keep a finished command alive.
process.exit(await runCli(process.argv.slice(2)));
