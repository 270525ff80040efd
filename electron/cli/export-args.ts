// `memagent export`: which runs (one, a question's, a document's), the format and the output.
import path from 'node:path';
import { EXPORT_FORMATS, type ExportFormat } from '../../shared/export-formats.ts';
import type { ExportSelection } from '../core/export/index.ts';
import { formatFromPath, REVIEW_FORMATS, type ReviewFormat } from '../core/export/formats.ts';
import { check, commonFlags, oneOf, parse, usage } from './arg-parsing.ts';
import { libraryFlags } from './library-location.ts';

/** A run's formats and a review's (CSV and XLSX are a review's only). */
export type AnyExportFormat = ExportFormat | ReviewFormat;
const ANY_FORMATS = [...new Set<AnyExportFormat>([...EXPORT_FORMATS, ...REVIEW_FORMATS])];

export interface ExportOptions {
  /**
   * A run, review or document id (unique prefix), or a document FILE resolved from where it was
   * typed. A positional id names a review when a review's id starts with it (export-review.ts).
   */
  selection: ExportSelection;
  /** With `--document`: the path to hash when it names a file (else it is an id). */
  documentFile?: string;
  format: AnyExportFormat;
  /** The file to write, or '-' for stdout (text formats only). */
  output: string;
  /** Replace an existing output file. */
  force: boolean;
  /** Markdown's appendix: each run's final memory (default), or every state. */
  memory: 'final' | 'all';
  db?: string;
  chromium?: string;
  debug: boolean;
}

const flags = {
  ...commonFlags,
  ...libraryFlags,
  question: { type: 'string' },
  document: { type: 'string' },
  format: { type: 'string' },
  output: { type: 'string', short: 'o' },
  force: { type: 'boolean', default: false },
  memory: { type: 'string', default: 'final' },
  chromium: { type: 'string' },
} as const;

export function parseExport(
  args: string[],
  here: string,
): { help: true } | { help: false; options: ExportOptions } {
  const { values, positionals } = parse(args, flags, 'export');
  if (values.help) return { help: true };
  const chosen = [
    positionals.length > 0 ? 'RUN_ID' : undefined,
    values.question !== undefined ? '--question' : undefined,
    values.document !== undefined ? '--document' : undefined,
  ].filter(Boolean);
  if (chosen.length === 0)
    throw usage(
      'export needs a RUN_ID or REVIEW_ID, --question RUN_ID or --document FILE|ID.',
      'export',
    );
  if (chosen.length > 1 || positionals.length > 1)
    throw usage(
      'export takes one of RUN_ID or REVIEW_ID, --question RUN_ID or --document FILE|ID.',
      'export',
    );
  const output = values.output;
  if (output === undefined || output.trim() === '')
    throw usage('export needs -o FILE (or -o - for the text formats on stdout).', 'export');
  const given =
    values.format === undefined
      ? undefined
      : check(oneOf('format', ANY_FORMATS), values.format, 'export');
  const format = given ?? (output === '-' ? undefined : anyFormatFromPath(output));
  if (format === undefined)
    throw usage(
      `Say the format: --format ${EXPORT_FORMATS.join('|')}, or an -o file ending in .${EXPORT_FORMATS.join(', .')} (a review: .${REVIEW_FORMATS.join(', .')}).`,
      'export',
    );
  if (format === 'pdf' && output === '-')
    throw usage('A PDF is not written to the terminal: give -o FILE.pdf.', 'export');
  if (format === 'xlsx' && output === '-')
    throw usage('An XLSX workbook is not written to the terminal: give -o FILE.xlsx.', 'export');
  const memory = check(oneOf('memory', ['final', 'all'] as const), values.memory, 'export');

  let selection: ExportSelection;
  let documentFile: string | undefined;
  if (values.document !== undefined) {
    selection = { document: values.document };
    documentFile = path.resolve(here, values.document);
  } else if (values.question !== undefined) selection = { question: values.question };
  else selection = { run: positionals[0] as string };

  const options: ExportOptions = {
    selection,
    format,
    output: output === '-' ? '-' : path.resolve(here, output),
    force: values.force,
    memory,
    debug: values.debug,
  };
  if (documentFile !== undefined) options.documentFile = documentFile;
  if (values.db !== undefined) options.db = values.db;
  if (values.chromium !== undefined) options.chromium = path.resolve(here, values.chromium);
  return { help: false, options };
}

/** The format an -o file's extension asks for: a run's, else a review's CSV or XLSX. */
function anyFormatFromPath(file: string): AnyExportFormat | undefined {
  const ext = /\.([A-Za-z]+)$/.exec(file)?.[1]?.toLowerCase();
  return formatFromPath(file) ?? REVIEW_FORMATS.find((f) => f === ext);
}
