// What a session file must hold beyond its shape (session-schema.ts): ids of the form the library
// makes, and every index inside its bounds. An id like "../../x" with a bidi override imported
// and could then not be named; a memory at chunk 9,999,999 of a 2-chunk run made `show` take
// seconds and a gigabyte. Each refusal is one sentence naming the value, never quoting it.
import { RUN_SETTINGS_LIMITS } from '../../../shared/limits.ts';
import { DEFAULT_EXTRACTION_LIMITS } from '../documents/limits.ts';
import { CoreError } from '../errors.ts';
import { SESSION_HINT, type SessionFile } from './session-schema.ts';

/** A document's id: the SHA-256 of its bytes in lower-case hex (documents/cache.ts). */
const DOCUMENT_ID = /^[0-9a-f]{64}$/;
/** A run's id: a UUID as `crypto.randomUUID` writes it (lower case). */
const RUN_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The most chunks one run can have, generously: the largest text the app extracts (64 MB, the
 * text-file limit, which the documentation holds to be as large as what the other formats yield
 * under their memory limit) cut at the smallest chunk size (256 tokens). A character is at most
 * 4 byte-level tokens, so a full chunk holds at least 64 characters; the chunker cuts at a weaker
 * boundary rather than leave a chunk under 90 % full, so taking half full is a safe margin. A
 * session claiming more (10⁷ chunks made `show` walk every index) cannot come from this app.
 */
export const MAX_RUN_CHUNKS =
  DEFAULT_EXTRACTION_LIMITS.maxTextBytes / (RUN_SETTINGS_LIMITS.chunkTokens.min / 4 / 2);

const damaged = (what: string) =>
  new CoreError('Damaged', `This session file is damaged: ${what}.`, { hint: SESSION_HINT });

const count = (n: number) => n.toLocaleString('en-US');

/** Throws a `Damaged` error naming the first id or index of `session` that is out of bounds. */
export function checkSession(session: SessionFile): void {
  if (!DOCUMENT_ID.test(session.document.id))
    throw damaged('its document id is not a document hash (64 hexadecimal digits)');
  session.runs.forEach((run, r) => {
    const which = `run ${r + 1} of ${session.runs.length}`;
    if (!RUN_ID.test(run.id)) throw damaged(`the id of ${which} is not a run id (a UUID)`);
    if (run.chunkCount > MAX_RUN_CHUNKS)
      throw damaged(
        `${which} claims ${count(run.chunkCount)} chunks, more than this app makes of one document (${count(MAX_RUN_CHUNKS)})`,
      );
    const chunks = `its ${run.chunkCount} ${run.chunkCount === 1 ? 'chunk' : 'chunks'}`;
    let previous = -1;
    for (const m of run.memories) {
      if (m.chunk >= run.chunkCount)
        throw damaged(`${which} has a memory for chunk ${m.chunk + 1}, beyond ${chunks}`);
      if (m.chunk <= previous)
        throw damaged(`${which} has its memories out of chunk order, or one chunk twice`);
      if (m.start !== undefined && m.end !== undefined && m.start > m.end)
        throw damaged(`${which} has a chunk that ends before it starts`);
      previous = m.chunk;
    }
    for (const w of run.warnings)
      if (w.chunk !== undefined && w.chunk >= run.chunkCount)
        throw damaged(`${which} has a warning about chunk ${w.chunk + 1}, beyond ${chunks}`);
    for (const e of run.evidence ?? []) {
      if (e.chunk >= run.chunkCount)
        throw damaged(`${which} cites a passage in chunk ${e.chunk + 1}, beyond ${chunks}`);
      if (e.start > e.end) throw damaged(`${which} cites a passage that ends before it starts`);
    }
  });
}
