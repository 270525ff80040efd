// The driving child of the job benchmarks (job-scale.ts, review-scale.ts): a stored job is
// driven in a process of its own (the benchmark's file again, with `--role drive`) so that its
// peak RSS is the job's alone. Here once: the parent spawning it and reading its lines (one
// `result {json}` line at the end), the child's library, registry and backend opened as the CLI
// opens them, and its RSS sampled. The documents are entered with the CLI tests' `enterFile`
// (electron/cli/job-documents.test-support.ts), as `memagent ask FILE` enters them.
import { spawn } from 'node:child_process';
import path from 'node:path';
import type { RunEvent } from '../shared/model.ts';
import { RunRegistry } from '../electron/core/agent/run-registry.ts';
import { createDocumentTexts, type DocumentTexts } from '../electron/core/caches/document-texts.ts';
import { createOcrService } from '../electron/core/documents/ocr-service.ts';
import { BackendLimits } from '../electron/core/jobs/backend-limits.ts';
import type { StoredProfile } from '../electron/core/store/columns.ts';
import { createRunJournal } from '../electron/core/store/run-journal.ts';
import { openStore, type Store } from '../electron/core/store/store.ts';
import { registerWriter, type Writer } from '../electron/core/store/writers.ts';
import { createCliRunParts } from '../electron/cli/cli-run-parts.ts';

/** The backend: a vLLM server, as the CLI's in-memory profile; no quote step (benchmarks.md). */
export const benchProfile = (baseUrl: string): StoredProfile => ({
  id: 'bench-vllm',
  name: 'sim-llm',
  kind: 'vllm',
  baseUrl,
  maxRetries: 0,
  quoteCheck: false,
});

/** The text cache of the library in `dir` (in the folder itself, as large as needed). */
export const benchTexts = (store: Store, dir: string): DocumentTexts =>
  createDocumentTexts({
    cacheDir: path.join(dir, 'text-cache'),
    maxBytes: 1 << 30,
    readingFor: (id: string, key: string) => store.documents.readingFor(id, key),
    ocr: createOcrService(path.join(dir, 'ocr')),
  });

/** What the driving child reads a job with: the library, the CLI's run parts, one registry. */
export interface Driving {
  store: Store;
  writer: Writer;
  texts: DocumentTexts;
  parts: ReturnType<typeof createCliRunParts> & { store: Store; writer: Writer; now: () => number };
  profile: StoredProfile;
  registry: RunRegistry;
  close(): Promise<void>;
}

/**
 * Opens the library in `dir` as a writer, with a registry whose backend (`benchProfile`) reads
 * `concurrency` runs at once and whose journal commits every event before `emit` sees it.
 * `beforeParts` runs once the writer is registered (e.g. marking a killed process's runs).
 */
export function openDriving(options: {
  dir: string;
  baseUrl: string;
  concurrency: number;
  emit?: (event: RunEvent) => void;
  beforeParts?: (store: Store, writer: Writer) => void;
}): Driving {
  const store = openStore(options.dir);
  const writer = registerWriter(store.db, 'cli');
  options.beforeParts?.(store, writer);
  const texts = benchTexts(store, options.dir);
  const parts = {
    ...createCliRunParts({ concurrency: options.concurrency }),
    store,
    writer,
    now: Date.now,
  };
  const profile = benchProfile(options.baseUrl);
  const limits = new BackendLimits();
  limits.setLimit(profile.id, options.concurrency);
  const emit = options.emit;
  const registry = new RunRegistry({
    limits,
    journal: createRunJournal(store, Date.now),
    emit: emit ? (_owner, { event }) => emit(event) : () => undefined,
  });
  return {
    store,
    writer,
    texts,
    parts,
    profile,
    registry,
    async close() {
      await parts.close();
      writer.close();
      store.close();
    },
  };
}

/** The child's resident memory, sampled every 50 ms: its peak, and the whole usage at it. */
export interface RssSampler {
  readonly rssBefore: number;
  readonly peakRss: number;
  readonly atPeak: NodeJS.MemoryUsage;
  /** Stops sampling. */
  stop(): void;
}

/** Starts sampling; `also` runs on every sample (e.g. V8's heap spaces). */
export function sampleRss(also?: () => void): RssSampler {
  const rssBefore = process.memoryUsage().rss;
  let peakRss = rssBefore;
  let atPeak = process.memoryUsage();
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    if (m.rss > peakRss) [peakRss, atPeak] = [m.rss, m];
    also?.();
  }, 50);
  return {
    rssBefore,
    get peakRss() {
      return peakRss;
    },
    get atPeak() {
      return atPeak;
    },
    stop: () => clearInterval(timer),
  };
}

/** The kernel's count of the process's peak resident memory, MB. */
export const maxRssMb = (): number => process.resourceUsage().maxRSS / 1024;

/** The child's last line: its result, read by `spawnDriving`. */
export function writeResult(result: unknown): void {
  process.stdout.write(`result ${JSON.stringify(result)}\n`);
}

/**
 * Spawns `script --role drive ...args` on this Node (after `nodeFlags`), its stderr shown; every
 * stdout line but the result goes to `onLine`, which may kill the child (SIGKILL). Resolves once
 * it exits, with its result when it wrote one.
 */
export function spawnDriving<R>(options: {
  script: string;
  args: readonly string[];
  nodeFlags?: readonly string[];
  onLine?: (line: string, kill: () => void) => void;
}): Promise<{ result?: R; killed: boolean }> {
  const argv = [...(options.nodeFlags ?? []), options.script, '--role', 'drive', ...options.args];
  const proc = spawn(process.execPath, argv, { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let killed = false;
    let result: R | undefined;
    let rest = '';
    const kill = () => {
      if (killed) return;
      killed = true;
      proc.kill('SIGKILL');
    };
    proc.stdout.on('data', (data: Buffer) => {
      rest += data.toString();
      const lines = rest.split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) {
        if (line.startsWith('result ')) result = JSON.parse(line.slice(7)) as R;
        else options.onLine?.(line, kill);
      }
    });
    proc.on('error', reject);
    proc.on('exit', () => resolve({ ...(result ? { result } : {}), killed }));
  });
}
