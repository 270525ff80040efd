// Which reader and writer a checklist file takes: one function each way for every caller (the
// app's import and export, `memagent review --checklist`).
import path from 'node:path';
import type { Checklist } from '../../../shared/checklist.ts';
import { CoreError } from '../errors.ts';
import { parseChecklistCsv, writeChecklistCsv } from './checklist-csv.ts';
import { parseChecklistJson, writeChecklistJson } from './checklist-json.ts';
import { parseChecklistText, writeChecklistText } from './checklist-text.ts';
import { parseChecklistYaml, writeChecklistYaml } from './checklist-yaml.ts';

/** The formats a checklist is read from and written to. */
export const CHECKLIST_FORMATS = ['text', 'csv', 'json', 'yaml'] as const;
export type ChecklistFormat = (typeof CHECKLIST_FORMATS)[number];

/** The file extension each format is written with. */
export const CHECKLIST_EXTENSIONS: Record<ChecklistFormat, string> = {
  text: '.txt',
  csv: '.csv',
  json: '.json',
  yaml: '.yaml',
};

const BY_EXTENSION: Record<string, ChecklistFormat> = {
  '.txt': 'text',
  '.text': 'text',
  '.md': 'text',
  '.csv': 'csv',
  '.tsv': 'csv',
  '.json': 'json',
  '.yaml': 'yaml',
  '.yml': 'yaml',
};

/** The format of a checklist file by its extension; CoreError Unsupported for any other, with the formats that are. */
export function checklistFormatOf(file: string): ChecklistFormat {
  const extension = path.extname(file).toLowerCase();
  const format = BY_EXTENSION[extension];
  if (format !== undefined) return format;
  throw new CoreError('Unsupported', `${path.basename(file)} is not a checklist file.`, {
    hint: 'A checklist is a text file (.txt, one question a line), a CSV file (.csv: question,kind,guidance,expected) JSON (.json) or YAML (.yaml).',
  });
}

/** The name a checklist takes from its file when the file itself names none: "NDA review.csv" → "NDA review". */
export function checklistNameOf(file: string): string {
  const base = path.basename(file, path.extname(file)).trim();
  return base === '' ? 'Checklist' : base;
}

/** What parseChecklist needs besides the text. */
export interface ParseChecklistOptions {
  /** How sentences name the file ("nda.csv"). */
  source: string;
  /** The checklist's name when the file names none (JSON and YAML may). */
  name: string;
  /** Its id when the file gives none; default: made from the name. */
  id?: string;
}

/**
 * Reads a checklist from the text of a file in `format` (a leading BOM is ignored). Throws one
 * CoreError (Damaged: a sentence naming the file, the line and, for CSV, the column (JSON: the
 * question's number once parsed); TooLarge:
 * more questions than CHECKLIST_LIMITS.questions).
 */
export function parseChecklist(
  text: string,
  format: ChecklistFormat,
  options: ParseChecklistOptions,
): Checklist {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const { source, name, id } = options;
  switch (format) {
    case 'text':
      return parseChecklistText(body, source, name, id);
    case 'csv':
      return parseChecklistCsv(body, source, name, id);
    case 'json':
      return parseChecklistJson(body, source, name, id);
    case 'yaml':
      return parseChecklistYaml(body, source, name, id);
  }
}

/**
 * A checklist as the text of a file in `format`. CSV, JSON and YAML read back as the same
 * checklist (JSON and YAML with its name and id; CSV with the name of its file); text keeps
 * only the questions.
 */
export function writeChecklist(checklist: Checklist, format: ChecklistFormat): string {
  switch (format) {
    case 'text':
      return writeChecklistText(checklist);
    case 'csv':
      return writeChecklistCsv(checklist);
    case 'json':
      return writeChecklistJson(checklist);
    case 'yaml':
      return writeChecklistYaml(checklist);
  }
}
