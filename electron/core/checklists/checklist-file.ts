// A checklist file the user named, read as the app's other files are (user-file.ts): checked
// to be a regular file, refused by size before a byte is read, decoded, parsed by its format.
import path from 'node:path';
import type { Checklist } from '../../../shared/checklist.ts';
import { CHECKLIST_LIMITS } from '../../../shared/checklist-limits.ts';
import { readUserFile } from '../user-file.ts';
import { tooLargeChecklist } from './checklist-errors.ts';
import { checklistFormatOf, checklistNameOf, parseChecklist } from './checklist-formats.ts';

/**
 * The text of a checklist file: UTF-8 (with or without a BOM), UTF-16 with a BOM (what
 * spreadsheets save as "Unicode text"), and otherwise Windows-1252, what they save as CSV on
 * Windows (every byte sequence is text in it, so the file is read rather than refused).
 */
export function decodeChecklistBytes(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/**
 * Reads the checklist in `file` (its format from its extension, its name from its file name
 * unless a JSON file names it). Throws CoreError: NotFound (no such file, not a file),
 * Unsupported (an extension no checklist has, or YAML), TooLarge (over
 * CHECKLIST_LIMITS.fileBytes, or too many questions), Damaged (a sentence with the line).
 */
export async function readChecklistFile(file: string): Promise<Checklist> {
  const format = checklistFormatOf(file);
  const source = path.basename(file);
  const bytes = await readUserFile(file, {
    noun: 'checklist file',
    notFileHint: 'Choose a checklist file (.txt, .csv or .json).',
    maxBytes: CHECKLIST_LIMITS.fileBytes,
    tooLarge: (size) => tooLargeChecklist(source, size),
  });
  return parseChecklist(decodeChecklistBytes(bytes), format, {
    source,
    name: checklistNameOf(file),
  });
}
