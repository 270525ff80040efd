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

  it('stops a recursive walk in one sentence: too many documents, too many entries, too deep', async () => {
    touch('a.txt');
    touch('b', 'c.txt');
    touch('b', 'd.txt');
    touch('b', 'e', 'f', 'g.txt');
    await expect(
      listFolderDocuments(dir, { recursive: true, limits: { files: 2 } }),
    ).rejects.toMatchObject({
      kind: 'TooLarge',
      message: `The folder ${dir} with its subfolders holds more than 2 documents.`,
      hint: 'Choose a smaller folder, or leave its subfolders out.',
    });
    await expect(
      listFolderDocuments(dir, { recursive: true, limits: { entries: 4 } }),
    ).rejects.toMatchObject({
      kind: 'TooLarge',
      message: `The folder ${dir} with its subfolders holds more than 4 files and folders.`,
    });
    await expect(
      listFolderDocuments(dir, { recursive: true, limits: { depth: 2 } }),
    ).rejects.toMatchObject({
      kind: 'TooLarge',
      message: `The folder ${dir} has subfolders more than 2 levels deep.`,
    });
    // The same bounds leave a folder that fits alone, and a walk that stays at the top.
    expect(
      (await listFolderDocuments(dir, { recursive: true, limits: { depth: 3 } })).files,
    ).toHaveLength(4);
    expect((await listFolderDocuments(dir, { limits: { depth: 0, files: 1 } })).files).toEqual([
      path.join(dir, 'a.txt'),
    ]);
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
