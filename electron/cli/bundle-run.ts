// The built command line as a library (out/cli/run.js, scripts/build-electron.ts): the packaged
// app's own executable runs `memagent` through it (electron/app/cli-mode.ts), with the very chunks
// out/cli/memagent.js runs. Core finds its data files by path, and in the bundle they are copied
// to out/assets, as for the app's main (electron/app/main.ts); environment variables, because
// worker threads read them too.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
process.env.MEMAGENT_TOKENIZER_DIR ??= path.join(here, '../assets/tokenizers');
process.env.MEMAGENT_HAYSTACK_DIR ??= path.join(here, '../assets/haystack');

export { runCli } from './run-cli.ts';
