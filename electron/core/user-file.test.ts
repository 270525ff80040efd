// Every reader of a path the user names goes through openUserFile: a named pipe with no writer
// is refused at once by each (it used to block a libuv thread for good), and each says so.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readInput } from './documents/read-input.ts';
import { expectKind } from './documents/test-support.ts';
import { loadDocPool } from './eval/doc-pool.ts';
import { readSessionFile } from './export/session-import.ts';
import { checkGgufFile } from './models/gguf.ts';
import { addOcrLanguageFile } from './documents/ocr-language-files.ts';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'memagent-user-file-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.runIf(process.platform !== 'win32')('paths the user names', () => {
  it('a named pipe with no writer is "not a file" for every reader', async () => {
    const fifo = (name: string) => {
      const file = path.join(dir, name);
      execFileSync('mkfifo', [file]);
      return file;
    };
    const readers: [string, (file: string) => Promise<unknown>][] = [
      ['book.pdf', (f) => readInput({ path: f }, 1024)],
      ['session.json', readSessionFile],
      ['model.gguf', checkGgufFile],
      ['pool.json', loadDocPool],
      ['ita.traineddata', (f) => addOcrLanguageFile(f, path.join(dir, 'languages'))],
    ];
    for (const [name, read] of readers) {
      const file = fifo(name);
      const error = await expectKind(read(file), 'NotFound');
      expect(error.message).toBe(`${file} is not a file.`);
      expect(error.detail).toBe('it is a named pipe');
    }
  });

  it('names the missing target of a chain of links', async () => {
    const target = path.join(dir, 'gone.gguf');
    const middle = path.join(dir, 'middle.gguf');
    const link = path.join(dir, 'link.gguf');
    symlinkSync(target, middle);
    symlinkSync(middle, link);
    const error = await expectKind(checkGgufFile(link), 'NotFound');
    expect(error.message).toBe(
      `The model file ${link} is a symbolic link to ${target}, which does not exist.`,
    );
  });
});
