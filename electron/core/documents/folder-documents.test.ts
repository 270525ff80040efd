import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CoreError } from '../errors.ts';
import { listFolderDocuments } from './folder-documents.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'memagent-folder-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const touch = (...parts: string[]) => {
  const file = path.join(dir, ...parts);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, 'text');
  return file;
};

describe('listFolderDocuments', () => {
  it('lists the documents in natural name order and counts what it skipped', async () => {
    touch('contract 10.pdf');
    touch('contract 2.PDF');
    touch('notes.md');
    touch('scan.png');
    touch('data.xlsx');
    touch('.DS_Store');
    touch('old', 'contract 1.pdf');
    const listed = await listFolderDocuments(dir);
    expect(listed.files.map((f) => path.basename(f))).toEqual([
      'contract 2.PDF',
      'contract 10.pdf',
      'notes.md',
    ]);
    expect(listed.skipped).toBe(2);
    expect(listed.subfolders).toBe(1);
  });

  it('goes into subfolders when asked', async () => {
    touch('a.txt');
    touch('old', 'b.txt');
    const listed = await listFolderDocuments(dir, { recursive: true });
    expect(listed.files.map((f) => path.relative(dir, f))).toEqual([
      'a.txt',
      path.join('old', 'b.txt'),
    ]);
    expect(listed.subfolders).toBe(0);
  });

  it('leaves symbolic links out', async () => {
    const target = touch('real.txt');
    symlinkSync(target, path.join(dir, 'link.txt'));
    const listed = await listFolderDocuments(dir);
    expect(listed.files.map((f) => path.basename(f))).toEqual(['real.txt']);
  });

  it('says in one sentence that a folder is missing or is a file', async () => {
    const missing = path.join(dir, 'nope');
    await expect(listFolderDocuments(missing)).rejects.toMatchObject({
      kind: 'NotFound',
      message: `The folder ${missing} does not exist.`,
    });
    const file = touch('a.txt');
    const error = await listFolderDocuments(file).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CoreError);
    expect(error).toMatchObject({ kind: 'BadUsage', message: `${file} is not a folder.` });
  });
});
