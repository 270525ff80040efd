import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_QUESTION_CHARS } from '../../shared/model.ts';
import type { CoreError } from '../core/errors.ts';
import { readQuestionsList } from './questions-file.ts';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'memagent-questions-'));
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

const write = (name: string, text: string) => {
  fs.writeFileSync(path.join(dir, name), text);
  return name;
};
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (error: unknown) => error as CoreError,
  );

describe('a questions list', () => {
  it('gives one question a line, without blank lines, CRs or a BOM', async () => {
    const name = write(
      'questions.txt',
      '\uFEFFWho signed it?\r\n\r\n  When does it end?  \r\n\n\tWhat does it cost?\n',
    );
    expect(await readQuestionsList(name, dir)).toEqual([
      'Who signed it?',
      'When does it end?',
      'What does it cost?',
    ]);
  });

  it('reads old Mac line ends, and keeps a line starting with # as a question (no comments here)', async () => {
    const name = write('mac.txt', 'Who signed it?\r# Which clause?\r');
    expect(await readQuestionsList(name, dir)).toEqual(['Who signed it?', '# Which clause?']);
  });

  it('reads standard input for -', async () => {
    const stdin = Readable.from([Buffer.from('First?\nSec'), Buffer.from('ond?\n')]);
    expect(await readQuestionsList('-', dir, stdin)).toEqual(['First?', 'Second?']);
  });

  it('refuses a list with no question, naming it', async () => {
    const error = await refusal(readQuestionsList(write('empty.txt', '\n \r\n\n'), dir));
    expect(error.kind).toBe('BadUsage');
    expect(error.message).toBe('empty.txt holds no question.');
    const stdin = Readable.from([]);
    expect((await refusal(readQuestionsList('-', dir, stdin))).message).toBe(
      'standard input holds no question.',
    );
  });

  it('refuses a line longer than a question may be, with its line number', async () => {
    const long = 'x'.repeat(MAX_QUESTION_CHARS + 1);
    const error = await refusal(readQuestionsList(write('long.txt', `Fine?\n\n${long}\n`), dir));
    expect(error.kind).toBe('BadUsage');
    expect(error.message).toBe(
      `Line 3 of long.txt is 20,001 characters long; a question may have at most 20,000.`,
    );
  });

  it('says when the list is missing or a folder', async () => {
    const missing = await refusal(readQuestionsList('nope.txt', dir));
    expect(missing.kind).toBe('NotFound');
    expect(missing.message).toBe('There is no questions list nope.txt.');
    fs.mkdirSync(path.join(dir, 'folder'));
    expect((await refusal(readQuestionsList('folder', dir))).message).toBe(
      'folder is a folder, not a questions list.',
    );
  });
});
