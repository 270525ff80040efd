import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { CoreError } from '../errors.ts';

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
  const read = (): Record<string, string> => {
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
      throw error;
    }
    const parsed = fileSchema.safeParse(safeJson(text));
    if (!parsed.success) {
      throw new CoreError('Damaged', 'The key file cannot be read.', { hint: `Delete ${file} and enter the keys again.` });
    }
    return parsed.data;
  };
  const write = (keys: Record<string, string>): void => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    // Write a private temporary file and rename it over the old one, so a crash never leaves a
    // half-written key file and the keys are never briefly world-readable.
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(keys), { mode: 0o600 });
    fs.chmodSync(tmp, 0o600);
    fs.renameSync(tmp, file);
  };
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

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
