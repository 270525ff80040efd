import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CoreError } from '../core/errors.ts';
import {
  createEncryptedSecretStore,
  isProtectedLinuxBackend,
  type StringCipher,
} from './encrypted-secret-store.ts';

// A real AES-256-GCM cipher stands in for the OS keychain that safeStorage would use.
function aesCipher(
  options: { available?: boolean; reEncrypt?: boolean } = {},
): StringCipher & { key: Buffer } {
  const key = crypto.randomBytes(32);
  return {
    key,
    async isAvailable() {
      return options.available ?? true;
    },
    async encrypt(plainText) {
      const iv = crypto.randomBytes(12);
      const c = crypto.createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([c.update(plainText, 'utf8'), c.final()]);
      return Buffer.concat([iv, c.getAuthTag(), body]);
    },
    async decrypt(data) {
      const buf = Buffer.from(data);
      const d = crypto.createDecipheriv('aes-256-gcm', key, buf.subarray(0, 12));
      d.setAuthTag(buf.subarray(12, 28));
      const text = Buffer.concat([d.update(buf.subarray(28)), d.final()]).toString('utf8');
      return { text, reEncrypt: options.reEncrypt ?? false };
    },
  };
}

let dir: string;
let file: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'memagent-secrets-'));
  file = path.join(dir, 'keys', 'api-keys.json');
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

const KEY = 'sk-test-0123456789abcdefSECRET';

describe('createEncryptedSecretStore', () => {
  it('round-trips a key and never writes it in plain text', async () => {
    const store = createEncryptedSecretStore(file, aesCipher());
    await store.set('openai', KEY);
    expect(await store.get('openai')).toBe(KEY);
    const onDisk = fs.readFileSync(file, 'utf8');
    expect(onDisk).not.toContain('SECRET');
    expect(onDisk).not.toContain(Buffer.from(KEY).toString('base64'));
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });

  it('keeps keys across instances (an app restart) and deletes them', async () => {
    const cipher = aesCipher();
    await createEncryptedSecretStore(file, cipher).set('a', KEY);
    await createEncryptedSecretStore(file, cipher).set('b', 'other');
    const again = createEncryptedSecretStore(file, cipher);
    expect(await again.get('a')).toBe(KEY);
    await again.delete('a');
    expect(await again.get('a')).toBeUndefined();
    expect(await again.get('b')).toBe('other');
    expect(await again.get('never')).toBeUndefined();
  });

  it('refuses to save when the OS offers no protected key, and writes nothing', async () => {
    const store = createEncryptedSecretStore(file, aesCipher({ available: false }));
    const error = await store.set('openai', KEY).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CoreError);
    expect((error as CoreError).kind).toBe('Unsupported');
    expect((error as CoreError).hint).toMatch(/keyring/);
    expect(fs.existsSync(file)).toBe(false);
  });

  it('with the session-only fallback keeps the key in memory only', async () => {
    const store = createEncryptedSecretStore(file, aesCipher({ available: false }), {
      sessionOnlyFallback: true,
    });
    await store.set('openai', KEY);
    expect(await store.get('openai')).toBe(KEY);
    expect(fs.existsSync(file)).toBe(false);
    expect(
      await createEncryptedSecretStore(file, aesCipher({ available: false })).get('openai'),
    ).toBeUndefined();
  });

  it('reports a key encrypted under another keychain as Damaged with a hint', async () => {
    await createEncryptedSecretStore(file, aesCipher()).set('openai', KEY);
    const error = await createEncryptedSecretStore(file, aesCipher())
      .get('openai')
      .catch((e: unknown) => e);
    expect((error as CoreError).kind).toBe('Damaged');
    expect((error as CoreError).hint).toMatch(/enter the key again/);
  });

  it('reports a corrupted key file as Damaged', async () => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, '{"keys": 12');
    const error = await createEncryptedSecretStore(file, aesCipher())
      .get('x')
      .catch((e: unknown) => e);
    expect((error as CoreError).kind).toBe('Damaged');
  });

  it('rewrites the ciphertext when the OS asks for re-encryption', async () => {
    const cipher = aesCipher({ reEncrypt: true });
    const store = createEncryptedSecretStore(file, cipher);
    await store.set('openai', KEY);
    const before = fs.readFileSync(file, 'utf8');
    expect(await store.get('openai')).toBe(KEY);
    expect(fs.readFileSync(file, 'utf8')).not.toBe(before);
    expect(await store.get('openai')).toBe(KEY);
  });
});

describe('isProtectedLinuxBackend', () => {
  it('treats basic_text and unknown as unprotected', () => {
    expect(isProtectedLinuxBackend('basic_text')).toBe(false);
    expect(isProtectedLinuxBackend('unknown')).toBe(false);
    expect(isProtectedLinuxBackend('gnome_libsecret')).toBe(true);
    expect(isProtectedLinuxBackend('kwallet6')).toBe(true);
  });
});
