// Finding what a person names (on the command line, in an export): a document by its file or
// (a prefix of) its id, a run or a job by (a prefix of) its id, like git's short hashes. One place, so
// `show`, `resume`, `export` and the rest accept the same ids and refuse with the same sentences.
import fs from 'node:fs';
import type { DocumentInfo, RunSummary } from '../../../shared/model.ts';
import { sha256Hex } from '../hash.ts';
import { CoreError } from '../errors.ts';
import type { JobSummary } from './job-repo.ts';
import type { Store } from './store.ts';

/** The fewest characters of an id taken as its prefix: shorter ones match too much to mean one. */
export const MIN_ID_PREFIX = 4;

const inLibrary = (library: string | undefined) => (library ? ` in the library ${library}` : '');

/**
 * The library's document for `given`: the file `file` (when it exists) whose bytes hash to a
 * document's id (ids are the SHA-256 of the bytes, so a moved or renamed copy is found too),
 * else an id or unique id prefix. `library` names the database in the sentences.
 */
export function findDocument(
  store: Store,
  given: string,
  file?: string,
  library?: string,
): DocumentInfo {
  if (file !== undefined && fs.existsSync(file) && fs.statSync(file).isFile()) {
    const id = sha256Hex(fs.readFileSync(file));
    const info = store.documents.get(id);
    if (info) return info;
    throw new CoreError(
      'NotFound',
      `${given} has never been read into the library${library ? ` ${library}` : ''}.`,
      {
        hint: 'Ask a question about it first (`memagent ask FILE -q "..."`), or pass --db for another library.',
      },
    );
  }
  const prefix = given.trim().toLowerCase();
  const exact = store.documents.get(prefix);
  if (exact) return exact;
  const matches =
    prefix.length >= MIN_ID_PREFIX && /^[0-9a-f]+$/.test(prefix)
      ? store.documents.list().filter((d) => d.id.startsWith(prefix))
      : [];
  if (matches.length === 1) return matches[0] as DocumentInfo;
  if (matches.length > 1)
    throw new CoreError('BadUsage', `${given} is the start of ${matches.length} documents' ids.`, {
      hint: 'Give more of the id, or the file itself.',
    });
  throw new CoreError('NotFound', `No file or document id ${given}${inLibrary(library)}.`, {
    hint: `Give the document’s file, or an id (at least ${MIN_ID_PREFIX} characters) from \`memagent runs --json\`.`,
  });
}

/** The run whose id is `given` or starts with it (at least MIN_ID_PREFIX characters). */
export function findRun(store: Store, given: string, library?: string): RunSummary {
  const prefix = given.trim().toLowerCase();
  if (prefix === '') throw new CoreError('BadUsage', 'Give a run id.');
  const exact = store.runs.get(prefix);
  if (exact) return exact;
  const ids = prefix.length >= MIN_ID_PREFIX ? store.runs.idsStartingWith(prefix, 3) : [];
  if (ids.length > 1)
    throw new CoreError(
      'BadUsage',
      `${given} is the start of more than one run's id (${ids.map((id) => id.slice(0, 12)).join(', ')}…).`,
      { hint: 'Give more of the id (`memagent runs` shows the first 8 characters).' },
    );
  const run = ids[0] === undefined ? undefined : store.runs.get(ids[0]);
  if (run) return run;
  throw new CoreError('NotFound', `No run ${given}${inLibrary(library)}.`, {
    hint:
      prefix.length < MIN_ID_PREFIX
        ? `Give at least ${MIN_ID_PREFIX} characters of the id.`
        : '`memagent runs` lists the runs; --db FILE reads another library.',
  });
}

/** The job whose id is `given` or starts with it (at least MIN_ID_PREFIX characters). */
export function findJob(store: Store, given: string, library?: string): JobSummary {
  // Only jobs are looked for: the answer is a job or a refusal.
  return (findRunOrJob(store, given, library, 'job') as { job: JobSummary }).job;
}

/**
 * What `resume ID` continues: the run whose id is `given` or starts with it, else the job. An
 * id prefix that begins both a run's and a job's id is refused, as one of several runs' is.
 */
export function findRunOrJob(
  store: Store,
  given: string,
  library?: string,
  only?: 'job',
): { run: RunSummary } | { job: JobSummary } {
  const prefix = given.trim().toLowerCase();
  const what = only === 'job' ? 'job' : 'run or job';
  if (prefix === '') throw new CoreError('BadUsage', `Give a ${what} id.`);
  if (only === undefined) {
    const run = store.runs.get(prefix);
    if (run) return { run };
  }
  const job = store.jobs.get(prefix);
  if (job) return { job };
  const long = prefix.length >= MIN_ID_PREFIX;
  const runIds = long && only === undefined ? store.runs.idsStartingWith(prefix, 3) : [];
  const jobIds = long ? store.jobs.idsStartingWith(prefix, 3) : [];
  const all = [...runIds, ...jobIds];
  if (all.length > 1) {
    const kinds =
      runIds.length > 0 && jobIds.length > 0
        ? "a run's and a job's id"
        : runIds.length > 0
          ? "more than one run's id"
          : "more than one job's id";
    throw new CoreError(
      'BadUsage',
      `${given} is the start of ${kinds} (${all.map((id) => id.slice(0, 12)).join(', ')}…).`,
      {
        hint: 'Give more of the id (`memagent runs` and `memagent jobs` show the first 8 characters).',
      },
    );
  }
  const run = runIds[0] === undefined ? undefined : store.runs.get(runIds[0]);
  if (run) return { run };
  const found = jobIds[0] === undefined ? undefined : store.jobs.get(jobIds[0]);
  if (found) return { job: found };
  throw new CoreError('NotFound', `No ${what} ${given}${inLibrary(library)}.`, {
    hint: long
      ? '`memagent runs` and `memagent jobs` list them; --db FILE reads another library.'
      : `Give at least ${MIN_ID_PREFIX} characters of the id.`,
  });
}
