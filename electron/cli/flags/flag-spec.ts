// One flag stated once: how parseArgs reads it, how its value is checked (zod, with the sentence
// a user sees), and its help line. A command's flags are a record of these; its parseArgs
// options, its zod shape and its help lines are all derived from that record, so they cannot
// drift apart.
import type { z } from 'zod';

/** What parseArgs is told about one flag (run-setting flags all take a value). */
export interface FlagOption {
  type: 'string' | 'boolean';
  short?: string;
  multiple?: boolean;
  default?: string | boolean | string[];
}

/** A flag's help: `--NAME VALUE  TEXT (default D; BOUNDS)`. */
export interface FlagHelp {
  /** The value's placeholder: N, URL, auto|qwen|o200k|server ('' for a switch). */
  value: string;
  /** What the flag does, one sentence without its default or bounds. */
  text: string;
  /** The default as help words it; absent: the option's default, if any. */
  shownDefault?: string;
  /** The accepted range as help words it ("256 to 200000"), from the same numbers the check uses. */
  bounds?: string;
}

export interface FlagSpec<O extends FlagOption = FlagOption, S extends z.ZodType = z.ZodType> {
  option: O;
  schema: S;
  help: FlagHelp;
}

/** A command's flags, in the order its help lists them. */
export type FlagSet = Record<string, FlagSpec>;

/** The parseArgs options of a flag set. */
export function flagOptions<T extends FlagSet>(flags: T): { [K in keyof T]: T[K]['option'] } {
  return Object.fromEntries(Object.entries(flags).map(([name, f]) => [name, f.option])) as {
    [K in keyof T]: T[K]['option'];
  };
}

/** The zod shape of a flag set: `z.object(flagShape(flags))` checks what parseArgs read. */
export function flagShape<T extends FlagSet>(flags: T): { [K in keyof T]: T[K]['schema'] } {
  return Object.fromEntries(Object.entries(flags).map(([name, f]) => [name, f.schema])) as {
    [K in keyof T]: T[K]['schema'];
  };
}

/** Where a flag's description starts, and the width help is wrapped to. */
const DESCRIPTION_COLUMN = 26;
const WIDTH = 98;

/** The flag's name as help writes it: `-q, --question Q`, `--chunk-tokens N`. */
export function flagUsage(name: string, spec: FlagSpec): string {
  const short = spec.option.short === undefined ? '' : `-${spec.option.short}, `;
  return `${short}--${name}${spec.help.value === '' ? '' : ` ${spec.help.value}`}`;
}

/** The parenthesis help adds after a flag's text: its default and its bounds. */
export function flagDetails(spec: FlagSpec): string {
  const given = spec.option.default;
  const shown =
    spec.help.shownDefault ??
    (typeof given === 'string' && given !== ''
      ? given
      : Array.isArray(given)
        ? given.join(', ')
        : undefined);
  const parts = [
    ...(shown === undefined ? [] : [`default ${shown}`]),
    ...(spec.help.bounds === undefined ? [] : [spec.help.bounds]),
  ];
  return parts.length === 0 ? '' : ` (${parts.join('; ')})`;
}

/** Help lines of a flag set, aligned and wrapped as the rest of `memagent --help`. */
export function flagHelp(flags: FlagSet): string {
  return Object.entries(flags)
    .map(([name, spec]) => helpEntry(flagUsage(name, spec), spec.help.text + flagDetails(spec)))
    .join('');
}

/** One help entry: `  LEFT` then the text from the description column, wrapped. */
export function helpEntry(left: string, text: string): string {
  const head = `  ${left}`;
  const indent = ' '.repeat(DESCRIPTION_COLUMN);
  const lines: string[] = [];
  let line = head.length <= DESCRIPTION_COLUMN - 1 ? head.padEnd(DESCRIPTION_COLUMN) : '';
  if (line === '') lines.push(head);
  if (line === '') line = indent;
  for (const word of text.split(' ')) {
    const empty = line.trim() === '' || line.length === DESCRIPTION_COLUMN;
    if (!empty && line.length + 1 + word.length > WIDTH) {
      lines.push(line);
      line = indent + word;
    } else line += (empty ? '' : ' ') + word;
  }
  lines.push(line);
  return `${lines.join('\n')}\n`;
}
