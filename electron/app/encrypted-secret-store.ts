// API keys encrypted by an operating-system cipher (Electron's safeStorage in the app), stored as
// ciphertext in one private JSON file. Pure: the cipher is a parameter, so this is tested under
// plain Node with a real cipher; secret-store-safe.ts plugs in safeStorage.
import { z } from 'zod';
import { CoreError } from '../core/errors.ts';
import { privateJsonFile } from '../core/store/private-json-file.ts';
import type { SecretStore } from '../core/store/secret-store.ts';

/** What the store needs from the operating system's keychain. */
export interface StringCipher {
  /** True only when the cipher's key is protected by the OS (not a hard-coded fallback key). */
  isAvailable(): Promise<boolean>;
  encrypt(plainText: string): Promise<Uint8Array>;
  /** `reEncrypt` asks the caller to store a fresh ciphertext (the OS rotated the key). */
  decrypt(cipherText: Uint8Array): Promise<{ text: string; reEncrypt: boolean }>;
}

export interface EncryptedSecretStoreOptions {
  /**
   * When the OS offers no protected key: false (default) refuses to save keys; true keeps them in
   * memory until the app quits. Keys are never written to disk unencrypted either way.
   */
  sessionOnlyFallback?: boolean;
}

/**
 * True when a Linux safeStorage backend protects its key with a real keyring. `basic_text`
 * "encrypts" with a key compiled into Chromium, which is plain text in all but name.
 */
export function isProtectedLinuxBackend(backend: string): boolean {
  return backend !== 'basic_text' && backend !== 'unknown';
}

const fileSchema = z.object({ version: z.literal(1), keys: z.record(z.string(), z.string()) });

export function unavailableError(): CoreError {
  return new CoreError(
    'Unsupported',
    'The API key was not saved: this system offers no encrypted storage for secrets.',
    {
      hint:
        'Install and unlock a keyring (GNOME Keyring or KWallet on Linux) and restart the app, or start it with ' +
        'MEMAGENT_SESSION_KEYS=1 to keep keys in memory until it quits.',
    },
  );
}

/** A {@link SecretStore} that writes only ciphertext, to `file` (mode 0600, replaced atomically). */
export function createEncryptedSecretStore(
  file: string,
  cipher: StringCipher,
  options: EncryptedSecretStoreOptions = {},
): SecretStore {
  const sessionKeys = new Map<string, string>();
  let available: Promise<boolean> | undefined;
  const isAvailable = (): Promise<boolean> =>
    (available ??= cipher.isAvailable().catch(() => false));

  const store = privateJsonFile(file, fileSchema, 'file of saved API keys');
  const read = (): Record<string, string> => store.read()?.keys ?? {};
  const write = (keys: Record<string, string>): void => store.write({ version: 1, keys });

  return {
    async get(id) {
      const session = sessionKeys.get(id);
      if (session !== undefined) return session;
      const stored = read()[id];
      if (stored === undefined) return undefined;
      if (!(await isAvailable())) throw unavailableError();
      let decrypted: { text: string; reEncrypt: boolean };
      try {
        decrypted = await cipher.decrypt(Buffer.from(stored, 'base64'));
      } catch (error) {
        throw new CoreError('Damaged', 'The saved API key can no longer be decrypted.', {
          hint: 'The system keyring may have changed: enter the key again in Settings.',
          detail: error instanceof Error ? error.message : String(error),
        });
      }
      if (decrypted.reEncrypt) {
        write({
          ...read(),
          [id]: Buffer.from(await cipher.encrypt(decrypted.text)).toString('base64'),
        });
      }
      return decrypted.text;
    },
    async set(id, key) {
      if (!(await isAvailable())) {
        if (options.sessionOnlyFallback !== true) throw unavailableError();
        sessionKeys.set(id, key);
        return;
      }
      const cipherText = Buffer.from(await cipher.encrypt(key)).toString('base64');
      sessionKeys.delete(id);
      write({ ...read(), [id]: cipherText });
    },
    async delete(id) {
      sessionKeys.delete(id);
      const keys = read();
      if (!(id in keys)) return;
      delete keys[id];
      write(keys);
    },
  };
}
