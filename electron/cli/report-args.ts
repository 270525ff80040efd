// `memagent report`: the results files, their labels and the report's folder, checked.
import path from 'node:path';
import { commonFlags, parse, usage } from './arg-parsing.ts';

export interface ReportOptions {
  /** Results files, resolved from where they were typed, in the order given. */
  files: string[];
  /** One per file when given (--label, in order); else each file's name. */
  labels?: string[];
  /** The report's folder. */
  output: string;
  json: boolean;
  debug: boolean;
}

/** Without -o: a folder of this name where the command was typed. */
export const DEFAULT_REPORT_DIR = 'eval-report';

export function parseReport(rest: string[], here: string): ReportOptions | { help: true } {
  const { values, positionals } = parse(
    rest,
    {
      ...commonFlags,
      output: { type: 'string', short: 'o' },
      label: { type: 'string', multiple: true },
    },
    'report',
  );
  if (values.help) return { help: true };
  if (positionals.length === 0)
    throw usage(
      'report needs one or more results files (memagent eval --out writes them).',
      'report',
    );
  if (values.output !== undefined && values.output.trim() === '')
    throw usage('-o needs a folder.', 'report');
  const options: ReportOptions = {
    files: positionals.map((p) => path.resolve(here, p)),
    output: path.resolve(here, values.output ?? DEFAULT_REPORT_DIR),
    json: values.json,
    debug: values.debug,
  };
  if (values.label !== undefined) {
    const labels = values.label.map((l) => l.trim());
    if (labels.length !== positionals.length)
      throw usage(
        `--label was given ${labels.length} ${labels.length === 1 ? 'time' : 'times'} for ${positionals.length} results ${positionals.length === 1 ? 'file' : 'files'}; give one per file, in the same order.`,
        'report',
      );
    if (labels.some((l) => l === '')) throw usage('--label needs a name.', 'report');
    options.labels = labels;
  }
  return options;
}

export const REPORT_HELP = `memagent report RESULTS.jsonl [RESULTS2.jsonl ...] [-o DIR] [--label NAME ...] [--json]

Writes an evaluation report from the results files \`memagent eval --out\` writes: DIR/report.md,
a summary with one table per file by context length (rows, scored, failed, EM, sub-EM, F1),
and DIR/accuracy.svg, a chart of accuracy (sub-EM) against context length with one line per
file and the paper's Table 2 lines for reference. Failed rows count as 0 in every metric.
A rerun replaces both files.

Options:
  -o, --output DIR        the report's folder (default ./${DEFAULT_REPORT_DIR}; created if missing)
  --label NAME            the name of a file's line (repeat: one per file, in order; default
                          each file's name without .jsonl)
  --json                  print the summaries as JSON
  --debug                 show technical details and stack traces of errors
`;
