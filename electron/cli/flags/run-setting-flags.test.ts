import { describe, expect, it } from 'vitest';
import { CoreError } from '../../core/errors.ts';
import { ASK_FLAGS } from '../ask-args.ts';
import { parseCommand } from '../args.ts';
import { EVAL_FLAGS } from '../eval-args.ts';
import { helpText } from '../help.ts';
import { RESUME_FLAGS } from '../resume-args.ts';
import type { FlagSet } from './flag-spec.ts';
import { MODELS_FLAGS } from './run-setting-flags.ts';

const env = { INIT_CWD: '/home/me', MEMAGENT_USER_DATA_DIR: '/data/memagent' };

/** Each command with run-setting flags: the arguments it needs besides them, and its flags. */
const COMMANDS: { topic: string; argv: string[]; flags: FlagSet }[] = [
  { topic: 'ask', argv: ['ask', 'b.txt', '-q', 'x'], flags: ASK_FLAGS },
  { topic: 'resume', argv: ['resume', '3f2a'], flags: RESUME_FLAGS },
  { topic: 'eval', argv: ['eval', 'd.jsonl'], flags: EVAL_FLAGS },
];

/** The help entry of `--flag` in a command's help: its first line and its continuation lines. */
function helpEntry(help: string, flag: string): string | undefined {
  const lines = help.split('\n');
  const start = lines.findIndex((l) => new RegExp(`^ {2}(-\\w, )?--${flag}( |$)`).test(l));
  if (start < 0) return undefined;
  const entry = [lines[start]];
  for (const line of lines.slice(start + 1)) {
    if (!/^ {26}\S/.test(line)) break;
    entry.push(line.trim());
  }
  return entry.join(' ').replace(/\s+/g, ' ');
}

/** The bounds a help entry states: "(default 5000; 256 to 200000)" → [256, 200000]. */
function boundsOf(entry: string): [number, number] | undefined {
  const m = /;? (-?\d+(?:\.\d+)?) to (\d+(?:\.\d+)?)\)$/.exec(entry);
  return m ? [Number(m[1]), Number(m[2])] : undefined;
}

function refusal(argv: string[]): string | undefined {
  try {
    parseCommand(argv, env);
    return undefined;
  } catch (error) {
    if (error instanceof CoreError && error.kind === 'BadUsage') return error.message;
    throw error;
  }
}

describe('run-setting flags, stated once', () => {
  it.each(COMMANDS)('$topic --help lists every run-setting flag it accepts', ({ topic, flags }) => {
    const help = helpText(topic);
    for (const flag of Object.keys(flags))
      expect(helpEntry(help, flag), `${topic} --${flag}`).toBeDefined();
  });

  it('every command that takes a flag states the same bounds for it, and its parse keeps them', () => {
    const bounds = new Map<string, { topic: string; range: [number, number] }>();
    let checked = 0;
    for (const { topic, argv, flags } of COMMANDS) {
      const help = helpText(topic);
      for (const flag of Object.keys(flags)) {
        const range = boundsOf(helpEntry(help, flag) ?? '');
        if (range === undefined) continue;
        // --concurrency has a larger ceiling for eval's rows; every other range is the same.
        const key = flag === 'concurrency' && topic === 'eval' ? 'eval concurrency' : flag;
        const seen = bounds.get(key);
        if (seen) expect(range, `${topic} and ${seen.topic}: --${flag}`).toEqual(seen.range);
        else bounds.set(key, { topic, range });
        const [min, max] = range;
        const builtin = ['gpu-layers', 'threads'].includes(flag) ? ['--model-file', 'm.gguf'] : [];
        for (const ok of [min, max])
          expect(
            refusal([...argv, ...builtin, `--${flag}`, String(ok)]),
            `${topic} --${flag} ${ok}`,
          ).toBeUndefined();
        const said = new RegExp(`^--${flag} must be (at most ${max}|${min} to ${max})`);
        expect(refusal([...argv, ...builtin, `--${flag}`, String(max + 1)])).toMatch(said);
        if (min > 0)
          expect(refusal([...argv, ...builtin, `--${flag}`, String(min - 1)])).toMatch(
            new RegExp(`^--${flag} must be (at least ${min}|${min} to ${max})`),
          );
        checked += 1;
      }
    }
    // chunk, memory and answer tokens, temperature, timeout, retries, concurrency, GPU layers
    // and threads, in each command that has them.
    expect(checked).toBeGreaterThanOrEqual(20);
  });

  it('models checks --timeout and --retries as ask does', () => {
    expect(Object.keys(MODELS_FLAGS)).toEqual([
      'base-url',
      'model',
      'api-key',
      'timeout',
      'retries',
    ]);
    for (const [flag, value] of [
      ['timeout', '3601'],
      ['retries', '11'],
    ] as const)
      expect(refusal(['models', `--${flag}`, value])).toBe(
        refusal(['ask', 'b', '-q', 'x', `--${flag}`, value]),
      );
  });
});
