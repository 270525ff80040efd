// Searching the history: every run's question, answer and memory states (the `history` table
// of migration 5, indexed by the trigram FTS5 table `history_fts`, which since migration 8
// knows which rows hold a trigram but not where).
import type Database from 'better-sqlite3';
import type { HistoryField, HistoryHit, HistoryMatch } from '../../../shared/history.ts';
import type { RunSummary } from '../../../shared/model.ts';

export interface HistorySearchOptions {
  /** Only this document's runs. */
  documentId?: string;
  /** Runs returned at most (default 50, at most 500). */
  limit?: number;
}

interface HitRow {
  id: number;
  run_id: string;
  field: HistoryField;
  chunk: number;
  /** Read when the row is checked or shown. */
  text?: string;
}

const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 500;
const MATCHES_PER_RUN = 3;
/** Characters of context shown on each side of a match. */
const CONTEXT_CHARS = 60;

// Newest run first; within a run the question, then the answer, then memories by chunk.
const ORDER = `ORDER BY r.created_at DESC, r.rowid DESC,
  CASE h.field WHEN 'question' THEN 0 WHEN 'answer' THEN 1 ELSE 2 END, h.chunk`;
const FROM = `FROM history h JOIN runs r ON r.id = h.run_id
  WHERE (@document IS NULL OR r.document_id = @document)`;
/**
 * The history search: `search(text)` finds `text` literally (never as query syntax),
 * case-insensitively, in questions, answers and memory states; newest runs first.
 */
export function createHistorySearch(
  db: Database.Database,
  summary: (id: string) => RunSummary | undefined,
): { search(text: string, options?: HistorySearchOptions): HistoryHit[] } {
  // Three characters or more: the trigram index finds the rows holding every trigram of the term
  // (each one FTS5 string, its quotes doubled, so `"`, `*`, NEAR, OR, `-` and parentheses are
  // searched for as written). It keeps no positions, so a longer term is then looked for in
  // each row's text; a term of three characters is one trigram, found exactly.
  const indexed = db.prepare<{ trigrams: string; document: string | null }, HitRow>(`
    SELECT h.id, h.run_id, h.field, h.chunk ${FROM}
      AND h.id IN (SELECT rowid FROM history_fts WHERE history_fts MATCH @trigrams) ${ORDER}`);
  // One or two characters (a Japanese word is often two) have no trigram: a scan of the texts.
  // LIKE folds ASCII case only; the index folds all of Unicode.
  const scanned = db.prepare<{ pattern: string; document: string | null }, HitRow>(`
    SELECT h.id, h.run_id, h.field, h.chunk ${FROM}
      AND h.text LIKE @pattern ESCAPE '\\' ${ORDER}`);
  const textOf = db.prepare<[number], { text: string }>('SELECT text FROM history WHERE id = ?');
  const read = (row: HitRow): string => (row.text ??= textOf.get(row.id)?.text ?? '');

  return {
    search(text, options = {}) {
      const term = text.trim();
      if (term === '') return [];
      const limit = Math.max(1, Math.min(options.limit ?? DEFAULT_LIMIT, MAX_LIMIT));
      const document = options.documentId ?? null;
      const pattern = new RegExp(escapeRegExp(term), 'iu');
      const length = [...term].length;
      const rows =
        length >= 3
          ? indexed.iterate({ trigrams: trigramQuery(term), document })
          : scanned.iterate({ pattern: `%${term.replace(/[\\%_]/g, '\\$&')}%`, document });
      const runs: { id: string; hits: number; rows: HitRow[] }[] = [];
      for (const row of rows) {
        // A row holding every trigram of a longer term may still lack the term.
        if (length > 3 && !pattern.test(read(row))) continue;
        const last = runs.at(-1);
        if (last?.id === row.run_id) {
          last.hits += 1;
          if (last.rows.length < MATCHES_PER_RUN) last.rows.push(row);
          continue;
        }
        // Rows come grouped by run, newest first: the next run past the limit ends the search.
        if (runs.length === limit) break;
        runs.push({ id: row.run_id, hits: 1, rows: [row] });
      }
      const hits: HistoryHit[] = [];
      for (const found of runs) {
        const run = summary(found.id);
        if (run === undefined) continue;
        const matches = found.rows.map((row) => matchIn(row, read(row), pattern));
        hits.push({ run, hits: found.hits, matches });
      }
      return hits;
    },
  };
}

/** Every three characters of `term` as one FTS5 string each: all must be in a row. */
function trigramQuery(term: string): string {
  const chars = [...term];
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= chars.length; i += 1) grams.add(chars.slice(i, i + 3).join(''));
  return [...grams].map((gram) => `"${gram.replaceAll('"', '""')}"`).join(' ');
}

function matchIn(row: HitRow, text: string, pattern: RegExp): HistoryMatch {
  const found = pattern.exec(text);
  const start = found?.index ?? 0;
  const end = found ? start + found[0].length : 0;
  const match: HistoryMatch = {
    field: row.field,
    before: snippetSide(text.slice(0, start), 'before'),
    match: text.slice(start, end),
    after: snippetSide(text.slice(end), 'after'),
  };
  if (row.field === 'memory') match.chunk = row.chunk;
  return match;
}

/** Context beside a match: whitespace runs made one space, cut at a word near CONTEXT_CHARS. */
function snippetSide(text: string, side: 'before' | 'after'): string {
  // Texts are memories, questions and answers (a few KB at most): flattening a side is cheap.
  const flat = text.replace(/\s+/g, ' ');
  if (flat.length <= CONTEXT_CHARS) return flat;
  if (side === 'before') {
    const cut = flat.slice(-CONTEXT_CHARS);
    const space = cut.indexOf(' ');
    return `…${space >= 0 && space < 20 ? cut.slice(space + 1) : cut}`;
  }
  const cut = flat.slice(0, CONTEXT_CHARS);
  const space = cut.lastIndexOf(' ');
  return `${space > CONTEXT_CHARS - 20 ? cut.slice(0, space) : cut}…`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
