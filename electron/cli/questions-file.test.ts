import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_QUESTION_CHARS } from '../../shared/limits.ts';
import { CoreError } from '../core/errors.ts';
import { readQuestionsFile } from './questions-file.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'memagent-questions-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const file = (name: string, text: string) => {
  const p = path.join(dir, name);
  writeFileSync(p, text);
  return p;
};
const noStdin = () => Readable.from([]);

async function refusal(promise: Promise<unknown>): Promise<CoreError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof CoreError) return error;
    throw error;
  }
  throw new Error('no error');
}

describe('readQuestionsFile', () => {
  it('reads one question a line, skipping blank lines and Windows line ends', async () => {
    const list = file('q.txt', '\uFEFFWho signed?\r\n\r\n  When does it end?  \r\n\nWhat is owed?');
    expect(await readQuestionsFile(list, noStdin())).toEqual([
      'Who signed?',
      'When does it end?',
      'What is owed?',
    ]);
  });

  it('reads standard input for -, in chunks as a pipe delivers them', async () => {
    const stdin = Readable.from([Buffer.from('First q'), Buffer.from('uestion\nSecond\n')]);
    expect(await readQuestionsFile('-', stdin)).toEqual(['First question', 'Second']);
  });

  it('refuses an empty list and an overlong line as bad usage, naming where', async () => {
    const empty = await refusal(readQuestionsFile(file('empty.txt', '\n  \r\n'), noStdin()));
    expect(empty.kind).toBe('BadUsage');
    expect(empty.message).toBe(`${path.join(dir, 'empty.txt')} holds no question.`);
    expect((await refusal(readQuestionsFile('-', noStdin()))).message).toBe(
      'standard input holds no question.',
    );
    const long = file('long.txt', `ok\n\n${'x'.repeat(MAX_QUESTION_CHARS + 1)}\n`);
    const tooLong = await refusal(readQuestionsFile(long, noStdin()));
    expect(tooLong.kind).toBe('BadUsage');
    expect(tooLong.message).toMatch(
      /^Line 3 of .*long\.txt is 20,001 characters long; a question may have at most 20,000\.$/,
    );
  });

  it('says a missing list cannot be read, without a stack', async () => {
    const missing = await refusal(readQuestionsFile(path.join(dir, 'none.txt'), noStdin()));
    expect(missing.kind).toBe('NotFound');
    expect(missing.message).toMatch(/^Cannot read the questions list .*none\.txt\.$/);
  });
});
