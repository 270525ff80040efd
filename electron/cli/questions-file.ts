// `memagent ask FILE --questions LIST`: the questions of a text file, one a line, or of standard
// input with `-`.
import { readFile } from 'node:fs/promises';
import { MAX_QUESTION_CHARS } from '../../shared/limits.ts';
import { CoreError } from '../core/errors.ts';

/**
 * The questions of `path` (`-`: read `stdin` to its end): one a line, each trimmed; blank lines
 * and a trailing CR (a file from Windows) are ignored. An empty list or a line longer than a
 * question may be is `BadUsage`, naming the line; a file that cannot be read is `NotFound`.
 */
export async function readQuestionsFile(
  path: string,
  stdin: NodeJS.ReadableStream,
): Promise<string[]> {
  const name = path === '-' ? 'standard input' : path;
  const text = path === '-' ? await readAll(stdin) : await readListFile(path);
  const questions: string[] = [];
  for (const [index, line] of text.split('\n').entries()) {
    const question = line.trim();
    if (question === '') continue;
    if (question.length > MAX_QUESTION_CHARS)
      throw new CoreError(
        'BadUsage',
        `Line ${index + 1} of ${name} is ${question.length.toLocaleString('en-US')} characters long; a question may have at most ${MAX_QUESTION_CHARS.toLocaleString('en-US')}.`,
        { hint: 'Give one question a line.' },
      );
    questions.push(question);
  }
  if (questions.length === 0)
    throw new CoreError('BadUsage', `${name} holds no question.`, {
      hint: 'Write one question a line (blank lines are skipped).',
    });
  return questions;
}

async function readListFile(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new CoreError(
      'NotFound',
      code === 'EISDIR'
        ? `${path} is a folder, not a list of questions.`
        : `Cannot read the questions list ${path}.`,
      { hint: 'Pass a text file with one question a line, or - for standard input.', cause: error },
    );
  }
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(typeof part === 'string' ? Buffer.from(part) : part);
  return Buffer.concat(parts).toString('utf8');
}
