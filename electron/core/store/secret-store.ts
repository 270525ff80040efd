import { z } from 'zod';
import { privateJsonFile } from './private-json-file.ts';

/**
 * Where API keys live, by profile id. Keys never go into the database, events, responses or
 * exports; only the main process reads them, to build an LLM client. The Electron app provides
 * a `safeStorage`-encrypted implementation (electron/app); core ships the two below.
 */
export interface SecretStore {
  get(id: string): Promise<string | undefined>;
  set(id: string, key: string): Promise<void>;
  delete(id: string): Promise<void>;
}

/** Keys held in memory only, for tests and one-shot CLI runs. */
export function createMemorySecretStore(initial: Record<string, string> = {}): SecretStore {
  const keys = new Map(Object.entries(initial));
  return {
    async get(id) {
      return keys.get(id);
    },
    async set(id, key) {
      keys.set(id, key);
    },
    async delete(id) {
      keys.delete(id);
    },
  };
}

const fileSchema = z.record(z.string(), z.string());

/**
 * Keys in a JSON file readable only by the user (mode 0600), for the CLI and tests.
 * NOT encrypted: anyone who can read the user's files can read the keys. The desktop app uses
 * the operating system's keychain through Electron's safeStorage instead.
 */
export function createFileSecretStore(file: string): SecretStore {
  const store = privateJsonFile(file, fileSchema, 'key file');
  const read = (): Record<string, string> => store.read() ?? {};
  const write = (keys: Record<string, string>): void => store.write(keys);
  return {
    async get(id) {
      return read()[id];
    },
    async set(id, key) {
      write({ ...read(), [id]: key });
    },
    async delete(id) {
      const keys = read();
      if (!(id in keys)) return;
      delete keys[id];
      write(keys);
    },
  };
}
