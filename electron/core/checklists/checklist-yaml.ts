// A checklist as YAML: the same data as JSON's (checklist-data.ts), which people write by hand
// more easily (no quotes or commas; guidance over several lines as a block). Read with the
// `yaml` package's failsafe schema, so every value is text as written: `expected: 12` is "12",
// `kind: yes` is not a boolean, a date is not turned into a timestamp.
import { isMap, isSeq, LineCounter, parseDocument, stringify, type Node } from 'yaml';
import type { Checklist } from '../../../shared/checklist.ts';
import { checklistFileData, checklistFromData } from './checklist-data.ts';
import { badChecklist } from './checklist-errors.ts';

/** The lines the questions start on, in order (a bare list or a `questions:` list). */
function questionLines(contents: unknown, lines: LineCounter): number[] {
  const list = isMap(contents) ? contents.get('questions', true) : contents;
  if (!isSeq(list)) return [];
  return list.items.map((item) => {
    const start = (item as Node | null)?.range?.[0];
    return start === undefined ? 0 : lines.linePos(start).line;
  });
}

/**
 * A YAML checklist (BOM already removed). Syntax errors name their line and column; a question
 * that is wrong names the line it starts on. The file's own name and id win over `name` and
 * `id` (the file name's).
 */
export function parseChecklistYaml(
  text: string,
  source: string,
  name: string,
  id?: string,
): Checklist {
  const lines = new LineCounter();
  const document = parseDocument(text, {
    schema: 'failsafe',
    lineCounter: lines,
    prettyErrors: false,
    uniqueKeys: true,
  });
  const [error] = document.errors;
  if (error !== undefined) {
    const { line, col } = lines.linePos(error.pos[0]);
    // The library's sentence without its own place ("... at line 3, column 1").
    const what = error.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
    throw badChecklist(
      source,
      `line ${line}, column ${col}`,
      `this is not valid YAML: ${what.replace(/\.$/, '')}.`,
      'Indent every question of the list the same, each starting with “- ”; quote text that holds “: ” or “ #”.',
    );
  }
  let data: unknown;
  try {
    // Aliases are expanded at most 100 times: a few lines cannot unfold into gigabytes.
    data = document.toJS({ maxAliasCount: 100 });
  } catch {
    throw badChecklist(source, undefined, 'its aliases unfold into too much text.');
  }
  const at = questionLines(document.contents, lines);
  return checklistFromData(data, source, name, id, (index) =>
    at[index] ? `line ${at[index]}` : `question ${index + 1}`,
  );
}

/**
 * A checklist as YAML, with its format and version, lines never folded: reads back the same
 * checklist with its name and id.
 */
export function writeChecklistYaml(checklist: Checklist): string {
  return stringify(checklistFileData(checklist), { lineWidth: 0 });
}
