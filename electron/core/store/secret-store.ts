/**
 * Where API keys live, by profile id. Keys never go into the database, events, responses or
 * exports; only the main process reads them, to build an LLM client. The Electron app provides
 * a `safeStorage`-encrypted implementation (electron/app); core ships the in-memory one below.
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
