// The desktop app's SecretStore: API keys encrypted by the OS keychain through Electron's
// safeStorage (Keychain on macOS, DPAPI on Windows, libsecret/KWallet on Linux). Thin: the
// logic and its tests live in encrypted-secret-store.ts.
import { safeStorage } from 'electron';
import type { SecretStore } from '../core/store/secret-store.ts';
import { createEncryptedSecretStore, isProtectedLinuxBackend } from './encrypted-secret-store.ts';

/** Call after `app.whenReady()`: safeStorage's backend is unknown before. */
export function createSafeStorageSecretStore(
  file: string,
  options: { sessionOnlyFallback: boolean },
): SecretStore {
  return createEncryptedSecretStore(
    file,
    {
      async isAvailable() {
        if (!(await safeStorage.isAsyncEncryptionAvailable())) return false;
        return (
          process.platform !== 'linux' ||
          isProtectedLinuxBackend(safeStorage.getSelectedStorageBackend())
        );
      },
      encrypt: (plainText) => safeStorage.encryptStringAsync(plainText),
      async decrypt(cipherText) {
        const { result, shouldReEncrypt } = await safeStorage.decryptStringAsync(
          Buffer.from(cipherText),
        );
        return { text: result, reEncrypt: shouldReEncrypt };
      },
    },
    options,
  );
}
