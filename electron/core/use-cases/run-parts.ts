// What the run use cases compose a run from. The app's service builds one set for its lifetime;
// a command of the command line builds one for itself (cli-run-parts.ts), with an in-memory
// backend profile, so both read with the same clients, tokenizers, chunk plans and model hosts.
import type { DocumentText } from '../../../shared/model.ts';
import type { ClientSource } from '../backends/backend-client.ts';
import type { ChunkPlans } from '../caches/chunk-plans.ts';
import type { TokenizerCache } from '../caches/tokenizer-cache.ts';
import type { SecretStore } from '../store/secret-store.ts';
import type { Store } from '../store/store.ts';
import type { Writer } from '../store/writers.ts';

/** Client, tokenizer and chunking: enough to prepare a run with no library (`ask --no-save`). */
export interface RunParts {
  clients: ClientSource;
  /** API keys by profile id (the CLI's in-memory profile: `--api-key`). */
  secrets: SecretStore;
  tokenizers: TokenizerCache;
  plans: ChunkPlans;
}

/** The parts and the library the run is kept in, written by this process. */
export interface LibraryRunParts extends RunParts {
  store: Store;
  /** This process as a writer of the library: it owns the runs it starts or continues. */
  writer: Writer;
  now: () => number;
}

/** Loads the text a run reads (its chunks' offsets refer to it); `signal` stops an extraction. */
export type TextLoader = (signal: AbortSignal) => Promise<DocumentText>;
