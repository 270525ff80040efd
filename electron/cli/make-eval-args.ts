// `memagent make-eval HAYSTACK... -o FILE`: the flags of the set builder, checked.
import path from 'node:path';
import { z } from 'zod';
import { TASK_FAMILIES, type TaskFamily } from '../core/eval/make/tasks.ts';
import type { SetFormat } from '../core/eval/make/make-set.ts';
import {
  check,
  commonFlags,
  int,
  oneOf,
  parse,
  readingFlags,
  readingOptions,
  usage,
  type ReadingOptions,
} from './arg-parsing.ts';

export interface MakeEvalOptions extends ReadingOptions {
  haystacks: string[];
  output: string;
  format: SetFormat;
  force: boolean;
  lengths: number[];
  tasks: TaskFamily[];
  rows: number;
  seed: number;
  tokenizer: 'qwen' | 'o200k';
  json: boolean;
  debug: boolean;
}

/** The shortest and longest rows a set may ask for, in tokens. */
export const LENGTH_LIMITS = { min: 1024, max: 4 * 1024 * 1024 } as const;

/**
 * One length: `8k` (8,192 tokens), `3.5m` (3,670,016), `128K`, or a plain number of tokens.
 * k and m are binary, as RULER's lengths are (4096, 8192, ... 131072).
 */
export function parseLength(text: string): number | undefined {
  const m = /^(\d+(?:\.\d+)?)([km]?)$/i.exec(text.trim());
  if (!m) return undefined;
  const unit = m[2]?.toLowerCase();
  const scale = unit === 'k' ? 1024 : unit === 'm' ? 1024 * 1024 : 1;
  const tokens = Math.round(Number(m[1]) * scale);
  return Number.isFinite(tokens) ? tokens : undefined;
}

function parseLengths(list: string): number[] {
  const lengths: number[] = [];
  for (const item of list.split(',')) {
    const tokens = parseLength(item);
    if (tokens === undefined)
      throw usage(
        `--lengths: "${item.trim()}" is not a length (write 8k, 32k, 3.5m or a number of tokens).`,
        'make-eval',
      );
    if (tokens < LENGTH_LIMITS.min || tokens > LENGTH_LIMITS.max)
      throw usage(`--lengths: ${item.trim()} is outside 1k to 4m tokens.`, 'make-eval');
    if (!lengths.includes(tokens)) lengths.push(tokens);
  }
  return lengths;
}

function parseTasks(list: string): TaskFamily[] {
  if (list.trim() === 'all') return [...TASK_FAMILIES];
  const tasks: TaskFamily[] = [];
  for (const item of list.split(',').map((t) => t.trim())) {
    if (!(TASK_FAMILIES as readonly string[]).includes(item))
      throw usage(
        `--tasks: "${item}" is not a task family.`,
        'make-eval',
        `The families are ${TASK_FAMILIES.join(', ')} (or all).`,
      );
    if (!tasks.includes(item as TaskFamily)) tasks.push(item as TaskFamily);
  }
  return tasks;
}

const flags = {
  ...commonFlags,
  ...readingFlags,
  output: { type: 'string', short: 'o' },
  format: { type: 'string' },
  force: { type: 'boolean', default: false },
  lengths: { type: 'string', default: '8k' },
  tasks: { type: 'string', default: 'all' },
  rows: { type: 'string', default: '8' },
  seed: { type: 'string', default: '0' },
  tokenizer: { type: 'string', default: 'qwen' },
} as const;

/** Parses `make-eval`'s arguments; `{ help: true }` for --help. Throws BadUsage. */
export function parseMakeEval(
  args: string[],
  ctx: { here: string; env: NodeJS.ProcessEnv },
): MakeEvalOptions | { help: true } {
  const { values, positionals } = parse(args, flags, 'make-eval');
  if (values.help) return { help: true };
  if (positionals.length === 0)
    throw usage('make-eval needs at least one HAYSTACK document to hide needles in.', 'make-eval');
  if (values.output === undefined || values.output.trim() === '')
    throw usage('make-eval needs -o FILE.jsonl (or FILE.json) to write the set to.', 'make-eval');
  const output = path.resolve(ctx.here, values.output);
  const ext = path.extname(output).toLowerCase();
  const format =
    check(oneOf('format', ['json', 'jsonl'] as const).optional(), values.format, 'make-eval') ??
    (ext === '.json' ? 'json' : ext === '.jsonl' ? 'jsonl' : undefined);
  if (format === undefined)
    throw usage(
      `-o ${values.output} ends in neither .json nor .jsonl.`,
      'make-eval',
      'Pass --format json or --format jsonl.',
    );
  const v = check(
    z.object({
      rows: int('rows', 1, 100_000),
      seed: int('seed', 0, 0xffff_ffff),
      tokenizer: oneOf('tokenizer', ['qwen', 'o200k'] as const),
    }),
    values,
    'make-eval',
  );
  return {
    haystacks: positionals.map((p) => path.resolve(ctx.here, p)),
    output,
    format,
    force: values.force,
    lengths: parseLengths(values.lengths),
    tasks: parseTasks(values.tasks),
    rows: v.rows,
    seed: v.seed,
    tokenizer: v.tokenizer,
    ...readingOptions(values, ctx.here, ctx.env, 'make-eval'),
    json: values.json,
    debug: values.debug,
  };
}
