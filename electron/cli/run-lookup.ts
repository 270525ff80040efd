// Finding what a person names on the command line: a document by its file or (a prefix of) its
// id, a run by (a prefix of) its id.
import fs from 'node:fs';
import type { DocumentInfo, RunSummary } from '../../shared/model.ts';
import { sha256Hex } from '../core/documents/cache.ts';
import { CoreError } from '../core/errors.ts';
import type { Store } from '../core/store/store.ts';

/**
 * The library's document for `given`: a file whose bytes hash to a document's id (ids are the
 * SHA-256 of the bytes, so a moved or renamed copy is found too), else an id or unique id prefix.
 */
export function findDocument(
  store: Store,
  given: string,
  file: string,
  library: string,
): DocumentInfo {
  if (fs.existsSync(file) && fs.statSync(file).isFile()) {
    const id = sha256Hex(fs.readFileSync(file));
    const info = store.documents.get(id);
    if (info) return info;
    throw new CoreError('NotFound', `${given} has never been read into the library ${library}.`, {
      hint: 'Ask a question about it first (`memagent ask FILE -q "..."`), or pass --db for another library.',
    });
  }
  const prefix = given.trim().toLowerCase();
  const matches = /^[0-9a-f]{4,64}$/.test(prefix)
    ? store.documents.list().filter((d) => d.id.startsWith(prefix))
    : [];
  if (matches.length === 1) return matches[0] as DocumentInfo;
  if (matches.length > 1)
    throw new CoreError('BadUsage', `${given} is the start of ${matches.length} documents' ids.`, {
      hint: 'Give more of the id, or the file itself.',
    });
  throw new CoreError('NotFound', `No file or document id ${given} (in the library ${library}).`, {
    hint: 'Give the document’s file, or an id (at least 4 characters) from `memagent runs --json`.',
  });
}

/** The run whose id is `given` or starts with it (at least 4 characters). */
export function findRun(store: Store, given: string, library: string): RunSummary {
  const prefix = given.trim().toLowerCase();
  const exact = store.runs.get(prefix);
  if (exact) return exact;
  const ids = prefix.length >= 4 ? store.runs.idsStartingWith(prefix, 2) : [];
  if (ids.length > 1)
    throw new CoreError('BadUsage', `${given} is the start of more than one run's id.`, {
      hint: 'Give more of the id (`memagent runs` shows the first 8 characters).',
    });
  const run = ids[0] === undefined ? undefined : store.runs.get(ids[0]);
  if (run) return run;
  throw new CoreError('NotFound', `No run ${given} in the library ${library}.`, {
    hint:
      prefix.length < 4
        ? 'Give at least 4 characters of the id.'
        : '`memagent runs` lists the runs; --db FILE reads another library.',
  });
}

/** "Title (file.pdf)", or the file's name alone when the title is only that name. */
export function documentName(info: DocumentInfo | undefined, id: string): string {
  if (!info) return `(${id.slice(0, 8)})`;
  const bare = info.fileName.replace(/\.[^.]*$/, '');
  return info.title && info.title !== info.fileName && info.title !== bare
    ? `${info.title} (${info.fileName})`
    : info.fileName;
}
