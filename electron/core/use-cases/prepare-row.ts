// An evaluation row (`memagent eval`, "Check this backend") prepared as a run is: its text cut by
// the run use cases' `chunkText` (the shared tokenizer cache and the memory-bounded chunk plans,
// so rows with one context tokenize it once), read with its own server's client. Rows are never
// stored: no library, nothing to continue (an evaluation resumes from its results file).
import type { DocumentText, RunSettings } from '../../../shared/model.ts';
import type { PrepareRow } from '../eval/memagent-row.ts';
import { sha256Hex } from '../hash.ts';
import type { LlmClient } from '../llm/types.ts';
import type { StoredProfile } from '../store/columns.ts';
import { chunkText } from './prepare-run.ts';
import type { RunParts } from './run-parts.ts';

/** What every row of one evaluation reads with. */
export interface RowReading {
  /**
   * The backend whose tokenizer cuts every row: one tokenizer for the whole evaluation (the
   * first server's, when rows are spread over several), recorded on each result line.
   */
  profile: StoredProfile;
  /** That backend's client (the built-in model's tokenizer comes from its host). */
  client: LlmClient;
  model: string;
  settings: RunSettings;
}

/** The text key of a row's context: by content, apart from every document's key. */
export function rowTextKey(text: string): string {
  return `eval-row:${sha256Hex(new TextEncoder().encode(text))}`;
}

/**
 * The `prepare` of the MemAgent row reader (eval/memagent-row.ts): the row's context chunked as
 * a run's text is, then read on the server the row was given, with no memory streaming (nobody
 * watches a row's partial memory).
 */
export function rowPreparer(parts: RunParts, reading: RowReading): PrepareRow {
  return async (row, server, signal) => {
    const doc: DocumentText = { format: 'text', title: row.id, text: row.text, warnings: [] };
    const { chunks } = await chunkText(
      parts,
      { ...reading, textKey: rowTextKey(row.text), doc },
      signal,
    );
    return {
      chunks,
      prepared: {
        text: row.text,
        chunks,
        question: row.question,
        settings: reading.settings,
        client: server.client,
        streamMemory: false,
      },
    };
  };
}
