// Set-up for the review tests and the matrix bench: a real library file in a temp folder, this
// process as its writer, documents entered as rows, the simulator's profile kept, and a
// checklist. Not a test file itself.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_RUN_SETTINGS, type RunSettings } from '../../../shared/model.ts';
import type { ReviewQuestion } from '../../../shared/review.ts';
import { sha256Hex } from '../hash.ts';
import type { StoredProfile } from '../store/columns.ts';
import { openStore, type Store } from '../store/store.ts';
import { registerWriter, type Writer } from '../store/writers.ts';
import type { ReviewParts } from './review-runs.ts';

export const REVIEW_SETTINGS: RunSettings = {
  ...DEFAULT_RUN_SETTINGS,
  memoryTokens: 128,
  answerTokens: 64,
};

export const QUESTIONS: ReviewQuestion[] = [
  { id: 'law', text: 'Which law governs the contract?', kind: 'party', expected: 'England' },
  {
    id: 'term',
    text: 'What is the term of the contract?',
    kind: 'duration',
    guidance: "Answer 'not stated' if the document does not say.",
  },
  { id: 'cap', text: 'Is liability capped?', kind: 'yes_no' },
];

export interface ReviewLibrary {
  dir: string;
  store: Store;
  writer: Writer;
  parts: ReviewParts;
  profile: StoredProfile;
  /** Enters document `name` with `text` (and `pageCount`) and returns its id. */
  addDocument(name: string, text: string, pageCount?: number): string;
  close(): void;
}

export function openReviewLibrary(baseUrl = 'http://127.0.0.1:9/v1'): ReviewLibrary {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'memagent-review-'));
  const store = openStore(dir);
  const writer = registerWriter(store.db, 'cli');
  const profile: StoredProfile = {
    id: 'sim',
    name: 'Simulator',
    kind: 'custom',
    baseUrl,
    timeoutMs: 10_000,
    maxRetries: 0,
  };
  store.settings.saveProfile(profile);
  return {
    dir,
    store,
    writer,
    parts: { store, writer, now: Date.now },
    profile,
    addDocument(name, text, pageCount) {
      // As the library names a document: the SHA-256 of its bytes.
      const id = sha256Hex(new TextEncoder().encode(text));
      store.documents.upsert({
        id,
        fileName: `${name}.txt`,
        path: path.join(dir, `${name}.txt`),
        format: 'text',
        title: name,
        chars: text.length,
        ...(pageCount !== undefined ? { pageCount } : {}),
        openedAt: Date.now(),
        warnings: [],
        textKey: id,
      });
      return id;
    },
    close() {
      writer.close();
      store.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
