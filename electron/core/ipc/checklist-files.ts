// The checklist side of the Checklists screen's calls: reading a checklist file, writing one,
// and the shipped templates.
//
// TODO(merge, issue 24): a thin stand-in with the signatures of electron/core/checklists/
// (i24-checklist: readChecklistFile, writeChecklist, CHECKLIST_TEMPLATES), written while those
// were written in parallel. At merge, re-export those and delete the bodies below.
import path from 'node:path';
import type { ReviewQuestion } from '../../../shared/review.ts';
import { ANSWER_KINDS } from '../../../shared/review.ts';
import type { ChecklistFormat } from '../../../shared/review-setup.ts';
import { CoreError } from '../errors.ts';
import { readUserFile } from '../user-file.ts';

export interface FileChecklist {
  id: string;
  name: string;
  questions: ReviewQuestion[];
}

export const CHECKLIST_TEMPLATES: readonly FileChecklist[] = [];

const bad = (source: string, where: string, what: string) =>
  new CoreError('Damaged', `${source}, ${where}: ${what}`);

const questionId = (i: number) => `q${i + 1}`;

/** Reads the checklist in `file` (.txt one question a line, .csv question,kind,guidance, .json). */
export async function readChecklistFile(file: string): Promise<FileChecklist> {
  const source = path.basename(file);
  const name = source.replace(/\.[^.]+$/, '');
  const text = new TextDecoder().decode(await readUserFile(file, { noun: 'checklist file' }));
  const ext = path.extname(file).toLowerCase();
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  if (ext === '.json') {
    const parsed = JSON.parse(text) as { name?: string; questions: ReviewQuestion[] };
    return { id: name, name: parsed.name ?? name, questions: parsed.questions };
  }
  if (ext === '.csv') {
    const rows = lines.filter((l) => l.trim() !== '').map((l) => l.split(','));
    if (rows[0]?.[0]?.trim().toLowerCase() === 'question') rows.shift();
    return {
      id: name,
      name,
      questions: rows.map(([text = '', kind = '', guidance = ''], i) => {
        const k = (kind.trim() || 'text') as ReviewQuestion['kind'];
        if (!ANSWER_KINDS.includes(k))
          throw bad(source, `line ${i + 2}`, `“${kind}” is not a kind.`);
        return {
          id: questionId(i),
          text: text.trim(),
          kind: k,
          ...(guidance.trim() ? { guidance: guidance.trim() } : {}),
        };
      }),
    };
  }
  if (ext === '.txt') {
    const texts = lines.map((l) => l.trim()).filter((l) => l !== '' && !l.startsWith('#'));
    return {
      id: name,
      name,
      questions: texts.map((t, i) => ({ id: questionId(i), text: t, kind: 'text' })),
    };
  }
  throw new CoreError('Unsupported', `${source} is not a checklist file.`);
}

/** The checklist as a file of `format`. */
export function writeChecklist(checklist: FileChecklist, format: ChecklistFormat): string {
  if (format === 'json') return `${JSON.stringify(checklist, null, 2)}\n`;
  if (format === 'text')
    return `# ${checklist.name}\n${checklist.questions.map((q) => q.text).join('\n')}\n`;
  const quote = (s: string) => `"${s.replace(/"/g, '""')}"`;
  return `question,kind,guidance\n${checklist.questions
    .map((q) => [quote(q.text), q.kind, quote(q.guidance ?? '')].join(','))
    .join('\n')}\n`;
}
