// Searching the history: every run's question, answer and memory states (the `history` table
// of migration 5, indexed by the trigram FTS5 table `history_fts`).
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
  // Three characters or more: the trigram index. The text is one FTS5 string (a phrase), its
  // quotes doubled, so `"`, `*`, NEAR, OR, `-` and parentheses are searched for as written.
  const indexed = db.prepare<{ phrase: string; document: string | null }, HitRow>(`
    SELECT h.id, h.run_id, h.field, h.chunk ${FROM}
      AND h.id IN (SELECT rowid FROM history_fts WHERE history_fts MATCH @phrase) ${ORDER}`);
  // One or two characters (a Japanese word is often two) have no trigram: a scan of the texts.
  // LIKE folds ASCII case only; the index folds all of Unicode.
  const scanned = db.prepare<{ pattern: string; document: string | null }, HitRow>(`
    SELECT h.id, h.run_id, h.field, h.chunk ${FROM}
      AND h.text LIKE @pattern ESCAPE '\\' ${ORDER}`);
  const textOf = db.prepare<[number], { text: string }>('SELECT text FROM history WHERE id = ?');

  return {
    search(text, options = {}) {
      const term = text.trim();
      if (term === '') return [];
      const limit = Math.max(1, Math.min(options.limit ?? DEFAULT_LIMIT, MAX_LIMIT));
      const document = options.documentId ?? null;
      const rows =
        [...term].length >= 3
          ? indexed.iterate({ phrase: `"${term.replaceAll('"', '""')}"`, document })
          : scanned.iterate({ pattern: `%${term.replace(/[\\%_]/g, '\\$&')}%`, document });
      const runs: { id: string; hits: number; rows: HitRow[] }[] = [];
      for (const row of rows) {
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
        const matches = found.rows.map((row) => matchIn(row, textOf.get(row.id)?.text ?? '', term));
        hits.push({ run, hits: found.hits, matches });
      }
      return hits;
    },
  };
}

function matchIn(row: HitRow, text: string, term: string): HistoryMatch {
  const found = new RegExp(escapeRegExp(term), 'iu').exec(text);
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
