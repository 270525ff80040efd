// `memagent pull MODEL` and `memagent models --builtin`: their flags, checked, and their help.
import path from 'node:path';
import { formatBytes, MODEL_CATALOGUE } from '../../shared/model-catalogue.ts';
import { commonFlags, onePositional, parse, usage } from './arg-parsing.ts';
import { appDataDir } from './app-data.ts';
import { modelsDirIn } from '../core/models/index.ts';

export interface PullOptions {
  /** A catalogue id, an hf: URI, an http(s) URL of a .gguf file. */
  model: string;
  /** Where a relative path is resolved from. */
  here: string;
  /** The app's models folder. */
  modelsDir: string;
  force: boolean;
  json: boolean;
  debug: boolean;
}

export interface BuiltinModelsOptions {
  modelsDir: string;
  /** --remove ID */
  remove?: string;
  /** --add FILE, resolved from where it was typed */
  add?: string;
  json: boolean;
  debug: boolean;
}

export function parsePull(
  rest: string[],
  { here, env }: { here: string; env: NodeJS.ProcessEnv },
): PullOptions | { help: true } {
  const { values, positionals } = parse(
    rest,
    { ...commonFlags, force: { type: 'boolean', default: false } },
    'pull',
  );
  if (values.help) return { help: true };
  return {
    model: onePositional(positionals, 'pull'),
    here,
    modelsDir: modelsDirIn(appDataDir(env)),
    force: values.force,
    json: values.json,
    debug: values.debug,
  };
}

/** `models` with `--builtin` among its arguments. */
export function parseBuiltinModels(
  rest: string[],
  { here, env }: { here: string; env: NodeJS.ProcessEnv },
): BuiltinModelsOptions | { help: true } {
  const { values, positionals } = parse(
    rest,
    {
      ...commonFlags,
      builtin: { type: 'boolean', default: false },
      remove: { type: 'string' },
      add: { type: 'string' },
    },
    'models',
  );
  if (values.help) return { help: true };
  if (positionals.length > 0)
    throw usage(`models takes no FILE (got "${positionals[0]}"); use --add FILE.`, 'models');
  if (values.remove !== undefined && values.add !== undefined)
    throw usage('Give --remove or --add, not both.', 'models');
  const options: BuiltinModelsOptions = {
    modelsDir: modelsDirIn(appDataDir(env)),
    json: values.json,
    debug: values.debug,
  };
  if (values.remove !== undefined) {
    if (values.remove.trim() === '') throw usage('--remove needs a model id.', 'models');
    options.remove = values.remove.trim();
  }
  if (values.add !== undefined) {
    if (values.add.trim() === '') throw usage('--add needs a .gguf file.', 'models');
    options.add = path.resolve(here, values.add);
  }
  return options;
}

const catalogue = MODEL_CATALOGUE.map(
  (m) =>
    `  ${m.id.padEnd(30)} ${`about ${formatBytes(m.approxBytes)}`.padEnd(15)} ${m.licence}\n${' '.repeat(33)}${m.note}`,
).join('\n');

/** `memagent pull --help`, naming the models folder `modelsDir`. */
export const pullHelp = (modelsDir: string): string => `memagent pull MODEL [--force] [--json]

Downloads a GGUF model for the built-in backend, with a progress bar, into the app's models
folder (${modelsDir}). MODEL is a catalogue id, hf:OWNER/REPO/FILE.gguf[#REVISION],
hf:OWNER/REPO:QUANT (the repo's one .gguf of that quantization), or an https URL of a .gguf file.

Catalogue (sizes are Hugging Face's, rounded; each download is checked against the size and
SHA-256 Hugging Face publishes for the file):
${catalogue}

Ctrl-C pauses: the bytes so far are kept, and the same command continues from there (also after
a restart). A dropped connection or a stall (60 s without data) is continued automatically up to
3 times. Space is checked before the first byte; a file that is not GGUF is refused at its first
bytes; a file whose size or checksum differs is removed. A model already downloaded is not
downloaded again. On stdout: the file's path (--json: id, path, bytes, sha256, what was verified).

Options:
  --force                 download again even if the model is here (replaced once verified)
  --json                  print the result as JSON
  --debug                 show technical details of errors

Environment: HF_TOKEN, a Hugging Face read token for gated or private models (sent to Hugging
Face only, never shown); HF_ENDPOINT, another Hugging Face endpoint or mirror.
`;

/** `memagent models --builtin --help`, naming the models folder `modelsDir`. */
export const builtinModelsHelp = (
  modelsDir: string,
): string => `memagent models --builtin [--json] [--remove ID | --add FILE]

Lists the built-in backend's models on this computer: those downloaded with \`memagent pull\`
into ${modelsDir}, and GGUF files added from elsewhere (by reference:
they stay where they are and are not copied).

Options:
  --remove ID             forget a model: a downloaded one is deleted from the models folder; an
                          added one is only forgotten (its file is left where it is)
  --add FILE              add a GGUF file by reference (checked, and its SHA-256 computed)
  --json                  print the list (or what was added or removed) as JSON
`;
