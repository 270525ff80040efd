// The command line's run-setting flags, each stated once: the connection (--base-url, --model,
// --api-key, --timeout, --retries), the settings a run reads with (--chunk-tokens ... --tokenizer),
// --concurrency, the built-in model's flags, the questions and the cost confirmation. `ask`, `resume`, `eval`, `models`
// and `make-eval` pick from here; their parse, their checks and their help all come from these
// records (flag-spec.ts), with bounds from shared/limits.ts and enums from shared/schemas.ts.
import { z } from 'zod';
import {
  BACKEND_LIMITS as B,
  BUILTIN_LIMITS,
  RUN_SETTINGS_LIMITS as L,
} from '../../../shared/limits.ts';
import {
  DEFAULT_RUN_SETTINGS as D,
  type FinalPrompt,
  type RunSettings,
  type TokenizerChoice,
} from '../../../shared/model.ts';
import {
  builtinOptionsSchema,
  finalPromptSchema,
  httpUrlSchema,
  tokenizerChoiceSchema,
} from '../../../shared/schemas.ts';
import { int, num, oneOf } from '../arg-parsing.ts';
import type { FlagHelp, FlagSpec } from './flag-spec.ts';

/** The range help shows for whole numbers: the same numbers the check refuses outside of. */
const range = (limits: { min: number; max: number }) => `${limits.min} to ${limits.max}`;
const choices = (values: readonly string[]) => values.join('|');

function spec<const O extends FlagSpec['option'], S extends z.ZodType>(
  option: O,
  schema: S,
  help: FlagHelp,
): FlagSpec<O, S> {
  return { option, schema, help };
}

/** A whole-number flag within `limits`, with its default. */
function wholeNumber(
  name: string,
  limits: { min: number; max: number },
  fallback: number,
  text: string,
) {
  return spec({ type: 'string', default: String(fallback) }, int(name, limits.min, limits.max), {
    value: 'N',
    text,
    bounds: range(limits),
  });
}

const URL_MESSAGE = '--base-url needs an http:// or https:// URL';
const ENV_SERVER = '$MEMAGENT_BASE_URL or http://localhost:8000/v1';

/**
 * --base-url, repeatable: several servers share the command's requests, each to the one with
 * the fewest in flight. `shownDefault` says where the server comes from without the flag.
 */
export function baseUrlsFlag(shownDefault = ENV_SERVER) {
  return spec({ type: 'string', multiple: true }, z.array(httpUrlSchema(URL_MESSAGE)).min(1), {
    value: 'URL',
    text: 'OpenAI-compatible server; repeat for several: each request goes to the one with the fewest requests in flight',
    shownDefault,
  });
}

/** --base-url, once: `models` lists the models of one server. */
export const baseUrlFlag = spec({ type: 'string' }, httpUrlSchema(URL_MESSAGE), {
  value: 'URL',
  text: 'OpenAI-compatible server',
  shownDefault: ENV_SERVER,
});

const timeoutRange = `--timeout must be ${B.timeoutSec.min} to ${B.timeoutSec.max} seconds`;

/** --model, --api-key, --timeout and --retries: every command that talks to a server. */
export function connectionFlags(
  model: { text: string; shownDefault: string } = {
    text: 'model',
    shownDefault: "$MEMAGENT_MODEL, else the server's first model",
  },
) {
  return {
    model: spec({ type: 'string' }, z.string().trim().min(1, '--model needs a name').optional(), {
      value: 'NAME',
      ...model,
    }),
    'api-key': spec({ type: 'string' }, z.string().min(1, '--api-key needs a value').optional(), {
      value: 'KEY',
      text: 'API key',
      shownDefault: '$MEMAGENT_API_KEY or $OPENAI_API_KEY',
    }),
    timeout: spec(
      { type: 'string', default: String(B.timeoutSec.default) },
      num('timeout').pipe(
        z.number().min(B.timeoutSec.min, timeoutRange).max(B.timeoutSec.max, timeoutRange),
      ),
      {
        value: 'SECONDS',
        text: 'per request: the whole reply, or the wait for a stream to start; a timed-out request is retried once at most',
        bounds: range(B.timeoutSec),
      },
    ),
    retries: wholeNumber(
      'retries',
      B.retries,
      B.retries.default,
      'retries of a failed request: 5xx, 429, dropped connections, timeouts',
    ),
  };
}

export const temperatureRange = `--temperature must be ${L.temperature.min} to ${L.temperature.max}`;
export const topPRange = `--top-p must be above ${L.topP.above} and at most ${L.topP.max}`;

/** The settings a run reads with; `final` defaults to `finalDefault` (eval: upstream's text). */
export function readSettingFlags(finalDefault: (typeof finalPromptSchema.options)[number]) {
  return {
    'chunk-tokens': wholeNumber('chunk-tokens', L.chunkTokens, D.chunkTokens, 'tokens per chunk'),
    'memory-tokens': wholeNumber(
      'memory-tokens',
      L.memoryTokens,
      D.memoryTokens,
      'max tokens of each memory update',
    ),
    'answer-tokens': wholeNumber(
      'answer-tokens',
      L.answerTokens,
      D.answerTokens,
      'max tokens of the final answer',
    ),
    temperature: spec(
      { type: 'string', default: String(D.temperature) },
      num('temperature').pipe(
        z
          .number()
          .min(L.temperature.min, temperatureRange)
          .max(L.temperature.max, temperatureRange),
      ),
      {
        value: 'T',
        text: 'sampling temperature; 0 for repeatable runs',
        bounds: range(L.temperature),
      },
    ),
    'top-p': spec(
      { type: 'string', default: String(D.topP) },
      num('top-p').pipe(z.number().gt(L.topP.above, topPRange).max(L.topP.max, topPRange)),
      {
        value: 'P',
        text: 'nucleus sampling',
        bounds: `above ${L.topP.above}, at most ${L.topP.max}`,
      },
    ),
    final: spec(
      { type: 'string', default: finalDefault },
      oneOf('final', finalPromptSchema.options),
      {
        value: choices(finalPromptSchema.options),
        text: 'final prompt: \\boxed{} answer or "the answer is"',
      },
    ),
    tokenizer: spec(
      { type: 'string', default: D.tokenizer },
      oneOf('tokenizer', tokenizerChoiceSchema.options),
      {
        value: choices(tokenizerChoiceSchema.options),
        text: "how chunks are counted; auto: from the model name, or with --backend builtin the model file's own tokenizer",
      },
    ),
  };
}

/** The checked values of `readSettingFlags`, as the run settings the engine reads with. */
export function runSettingsFromFlags(
  v: {
    'chunk-tokens': number;
    'memory-tokens': number;
    temperature: number;
    'top-p': number;
    final: FinalPrompt;
    tokenizer: TokenizerChoice;
  },
  answerTokens: number,
): RunSettings {
  return {
    chunkTokens: v['chunk-tokens'],
    memoryTokens: v['memory-tokens'],
    answerTokens,
    temperature: v.temperature,
    topP: v['top-p'],
    final: v.final,
    tokenizer: v.tokenizer,
  };
}

/** Requests in flight by default for `ask` and `resume`, and the most a command allows. */
export const CONCURRENCY = { default: 4, min: 1, max: 64 } as const;
/** `eval`: vLLM batches, so many rows at once cost little more than one. */
export const EVAL_CONCURRENCY = { default: 32, min: 1, max: 1024 } as const;

/** --concurrency: the backend's limit for the whole command, whatever it reads. */
export function concurrencyFlag(limits: { default: number; min: number; max: number }) {
  return wholeNumber(
    'concurrency',
    limits,
    limits.default,
    "requests to the backend at once, for the whole command (each question's or row's requests stay in order)",
  );
}

/** The built-in model's flags (--backend builtin, --model-file ...): `ask`, `resume`, `eval`. */
export const BUILTIN_FLAGS = {
  backend: spec({ type: 'string' }, oneOf('backend', ['server', 'builtin'] as const).optional(), {
    value: 'server|builtin',
    text: 'server: an OpenAI-compatible server; builtin: a GGUF model run on this computer by llama.cpp, with no server and nothing leaving the machine',
    shownDefault: 'server',
  }),
  'model-file': spec(
    { type: 'string' },
    z.string().trim().min(1, '--model-file needs a GGUF file').optional(),
    {
      value: 'MODEL',
      text: 'the model of --backend builtin (implies it): a GGUF file, a catalogue id, hf:OWNER/REPO/FILE.gguf or a URL; a model not on this computer is downloaded first, as memagent pull does (docs/models.md)',
    },
  ),
  gpu: spec(
    { type: 'string', default: 'auto' },
    oneOf('gpu', builtinOptionsSchema.shape.gpu.unwrap().options),
    {
      value: choices(builtinOptionsSchema.shape.gpu.unwrap().options),
      text: 'builtin: use the best GPU there is (auto) or the CPU only',
    },
  ),
  'gpu-layers': spec(
    { type: 'string' },
    int('gpu-layers', BUILTIN_LIMITS.gpuLayers.min, BUILTIN_LIMITS.gpuLayers.max).optional(),
    {
      value: 'N',
      text: 'builtin: layers offloaded to the GPU',
      shownDefault: 'as many as fit',
      bounds: range(BUILTIN_LIMITS.gpuLayers),
    },
  ),
  threads: spec(
    { type: 'string' },
    int('threads', BUILTIN_LIMITS.threads.min, BUILTIN_LIMITS.threads.max).optional(),
    {
      value: 'N',
      text: 'builtin: CPU threads',
      shownDefault: 'the physical cores but one',
      bounds: range(BUILTIN_LIMITS.threads),
    },
  ),
};

/** The questions of `ask`: repeated -q, a list file, or both (-q first, then the list's). */
export const QUESTION_FLAGS = {
  question: spec(
    { type: 'string', short: 'q', multiple: true },
    z.array(z.string().trim().min(1, '--question needs text')),
    { value: 'Q', text: 'a question (repeat for several)' },
  ),
  questions: spec(
    { type: 'string' },
    z.string().trim().min(1, '--questions needs a file (or - for standard input)').optional(),
    {
      value: 'LIST',
      text: 'a text file of questions, one a line (blank lines skipped); - reads them from standard input. With -q as well, the -q questions come first',
    },
  ),
};

/** `models`: one server and how to reach it. */
export const MODELS_FLAGS = { 'base-url': baseUrlFlag, ...connectionFlags() };

/**
 * --cost-limit and --yes: the confirmation above the cost limit (cost-confirm.ts) of a priced
 * read, as `ask` and `review` ask it. `what` names it in help: "a review", "the questions".
 */
export function costConfirmFlags(what: string) {
  return {
    'cost-limit': spec(
      { type: 'string' },
      num('cost-limit')
        .pipe(z.number().min(0, '--cost-limit must be 0 or more (an amount, as 5 for $5)'))
        .optional(),
      {
        value: 'AMOUNT',
        text: `ask before ${what} that may cost more; with no terminal to ask at (a pipe, CI) it is refused`,
        shownDefault: "the limit in the app's Settings, $1 until set",
      },
    ),
    yes: spec({ type: 'boolean', short: 'y', default: false }, z.boolean(), {
      value: '',
      text: 'start it above the cost limit without asking',
    }),
  };
}
