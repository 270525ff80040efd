import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFileSecretStore, createMemorySecretStore } from './secret-store.ts';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'memagent-secrets-'));
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('secret stores', () => {
  it('file store persists keys in a 0600 file and deletes them', async () => {
    const file = path.join(dir, 'sub', 'keys.json');
    const a = createFileSecretStore(file);
    expect(await a.get('p')).toBeUndefined();
    await a.set('p', 'sk-one');
    await a.set('q', 'sk-two');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const b = createFileSecretStore(file);
    expect(await b.get('p')).toBe('sk-one');
    await b.delete('p');
    expect(await a.get('p')).toBeUndefined();
    expect(await a.get('q')).toBe('sk-two');
  });

  it('file store reports a damaged file clearly', async () => {
    const file = path.join(dir, 'keys.json');
    fs.writeFileSync(file, '[1,2');
    await expect(createFileSecretStore(file).get('p')).rejects.toMatchObject({ kind: 'Damaged' });
  });

  it('memory store', async () => {
    const s = createMemorySecretStore({ a: 'k' });
    expect(await s.get('a')).toBe('k');
    await s.delete('a');
    expect(await s.get('a')).toBeUndefined();
  });
});
