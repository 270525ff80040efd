// `--questions LIST`: a text file (or `-`, standard input) of questions, one a line, asked
// together as one job. Read by the text checklist's reader (questionLines) with this command's
// limits: no `#` comments (a line is a question as written), a question as long as a run's.
import fs from 'node:fs/promises';
import path from 'node:path';
import { MAX_QUESTION_CHARS } from '../../shared/model.ts';
import { questionLines } from '../core/checklists/checklist-text.ts';
import { CoreError } from '../core/errors.ts';

/** A questions list larger than this is not a list of questions (a document given by mistake). */
export const MAX_QUESTIONS_LIST_BYTES = 16 * 1024 * 1024;

/**
 * The questions of a list's `text`, in order: each line trimmed, blank lines left out. `name`
 * is how the list is called in sentences ("questions.txt", "standard input"). Throws
 * `CoreError('BadUsage')` for a list with no question or a line longer than a question may be.
 */
export function parseQuestionsList(text: string, name: string): string[] {
  const questions = questionLines(text.replace(/^\uFEFF/, ''), {
    comments: false,
    maxChars: {
      count: MAX_QUESTION_CHARS,
      tooLong: (line, chars) =>
        new CoreError(
          'BadUsage',
          `Line ${line} of ${name} is ${chars.toLocaleString('en-US')} characters long; a question may have at most ${MAX_QUESTION_CHARS.toLocaleString('en-US')}.`,
          { hint: 'Write one question a line (a long line may be a document given by mistake).' },
        ),
    },
  }).map((q) => q.text);
  if (questions.length === 0) {
    throw new CoreError('BadUsage', `${name} holds no question.`, {
      hint: 'Write one question a line; blank lines are left out.',
    });
  }
  return questions;
}

/**
 * Reads the questions list `given` (`-`: standard input, else a file from `here`). Throws
 * `CoreError` with one sentence for a missing or unreadable file, an oversized list, and what
 * `parseQuestionsList` refuses.
 */
export async function readQuestionsList(
  given: string,
  here: string,
  stdin: AsyncIterable<Buffer | string> = process.stdin,
): Promise<string[]> {
  if (given === '-')
    return parseQuestionsList(await readAll(stdin, 'standard input'), 'standard input');
  const file = path.resolve(here, given);
  let bytes: Buffer;
  try {
    const stat = await fs.stat(file);
    if (stat.isDirectory())
      throw new CoreError('BadUsage', `${given} is a folder, not a questions list.`);
    if (stat.size > MAX_QUESTIONS_LIST_BYTES) throw tooLarge(given);
    bytes = await fs.readFile(file);
  } catch (error) {
    if (error instanceof CoreError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw new CoreError(
      'NotFound',
      code === 'ENOENT'
        ? `There is no questions list ${given}.`
        : `The questions list ${given} cannot be read.`,
      {
        hint: 'Give a text file with one question a line, or - to read them from standard input.',
        detail: error instanceof Error ? error.message : String(error),
      },
    );
  }
  return parseQuestionsList(bytes.toString('utf8'), given);
}

async function readAll(stream: AsyncIterable<Buffer | string>, name: string): Promise<string> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const part of stream) {
    const bytes = typeof part === 'string' ? Buffer.from(part) : part;
    size += bytes.length;
    if (size > MAX_QUESTIONS_LIST_BYTES) throw tooLarge(name);
    parts.push(bytes);
  }
  return Buffer.concat(parts).toString('utf8');
}

function tooLarge(name: string): CoreError {
  return new CoreError(
    'TooLarge',
    `${name} is larger than ${MAX_QUESTIONS_LIST_BYTES / 1024 / 1024} MB: not a list of questions.`,
    { hint: 'Give a text file with one question a line.' },
  );
}
