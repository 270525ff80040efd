// `memagent eval` reads DATA, writes --out and `memagent report` reads results files: a named
// pipe given for any of them is refused at once with a sentence, where an open() of it used to
// wait forever for a writer.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CoreError } from '../errors.ts';
import { countJsonRows, readJsonRows } from './json-rows.ts';
import { openResultsFile, readResultsFile, type RowResult } from './results-file.ts';

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

  it('refuses a folder, a device or a pipe behind a link as the --out file, and follows a link to a results file', async () => {
    const folder = path.join(dir, 'folder.jsonl');
    mkdirSync(folder);
    const toPipe = path.join(dir, 'to-pipe.jsonl');
    symlinkSync(fifo('behind-link.jsonl'), toPipe);
    const toDevice = path.join(dir, 'to-null.jsonl');
    symlinkSync('/dev/null', toDevice);
    const cases: [string, string][] = [
      [folder, 'it is a folder'],
      [toPipe, 'it is a named pipe'],
      [toDevice, 'it is a character device'],
    ];
    for (const [out, detail] of cases) {
      const refused = await refusal(() => openResultsFile(out));
      expect(refused.message).toBe(`The results file ${out} is not a file.`);
      expect(refused.detail).toBe(detail);
      expect(refused.hint).toMatch(/^Give --out a regular file/);
    }

    const loop = path.join(dir, 'loop.jsonl');
    symlinkSync(loop, loop);
    expect((await refusal(() => openResultsFile(loop))).message).toMatch(
      /^The results file .*loop\.jsonl cannot be opened: it is a symbolic link loop/,
    );
    const nowhere = path.join(dir, 'no-such-folder', 'out.jsonl');
    expect((await refusal(() => openResultsFile(nowhere))).message).toBe(
      `The results file ${nowhere} cannot be created: its folder does not exist.`,
    );

    // A link to a regular file is the user's choice of place: its rows are read and appended to.
    const real = path.join(dir, 'real.jsonl');
    const line: RowResult = {
      id: 'r1',
      length: 10,
      prediction: 'x',
      response: 'x',
      answers: ['x'],
      em: 1,
      sub_em: 1,
      f1: 1,
      chunks: 1,
      usage: { prompt_tokens: 1, completion_tokens: 1 },
      ms: 1,
      error: null,
      method: 'memagent',
      model: 'm',
    };
    writeFileSync(real, `${JSON.stringify(line)}\n`);
    const link = path.join(dir, 'link.jsonl');
    symlinkSync(real, link);
    const opened = await openResultsFile(link);
    expect([...opened.earlier.keys()]).toEqual(['r1']);
    opened.append({ ...line, id: 'r2' });
    await opened.close();
    expect(readFileSync(real, 'utf8').trimEnd().split('\n')).toHaveLength(2);
  });
});
