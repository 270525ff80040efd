// `memagent eval` reads DATA, writes --out and `memagent report` reads results files: a named
// pipe given for any of them is refused at once with a sentence, where an open() of it used to
// wait forever for a writer.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CoreError } from '../errors.ts';
import { countJsonRows, readJsonRows } from './json-rows.ts';
import { openResultsFile, readResultsFile } from './results-file.ts';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'memagent-eval-pipes-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const fifo = (name: string) => {
  const file = path.join(dir, name);
  execFileSync('mkfifo', [file]);
  return file;
};

const refusal = async (work: () => unknown): Promise<CoreError> => {
  try {
    await work();
  } catch (error) {
    if (error instanceof CoreError) return error;
    throw error;
  }
  throw new Error('not refused');
};

describe.skipIf(process.platform === 'win32')('named pipes in evaluation files', () => {
  it('refuses a pipe as the data file, whether counted or read, JSON or JSON Lines', async () => {
    for (const name of ['data.json', 'data.jsonl']) {
      const file = fifo(name);
      const counted = await refusal(() => countJsonRows(file));
      expect(counted.message).toBe(`${file} is not a file.`);
      expect(counted.detail).toBe('it is a named pipe');
      const read = await refusal(async () => {
        for await (const row of readJsonRows(file)) void row;
      });
      expect(read.message).toBe(`${file} is not a file.`);
    }
  });

  it('refuses a pipe as the --out file and as a results file to report', async () => {
    const out = fifo('out.jsonl');
    const opened = await refusal(() => openResultsFile(out));
    expect(opened.message).toBe(`The results file ${out} is not a file.`);
    expect(opened.detail).toBe('it is a named pipe');
    const report = await refusal(() => readResultsFile(out));
    expect(report.message).toBe(`${out} is not a file.`);
  });
});
