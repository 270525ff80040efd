// Searching the history: every run's question, answer and memory states (the `history` table
// of migration 5, indexed by the trigram FTS5 table `history_fts`, which since migration 8
// knows which rows hold a trigram but not where, and since migration 12 folds diacritics) and
// the title of the run's document.
import type Database from 'better-sqlite3';
import type { HistoryField, HistoryHit, HistoryMatch } from '../../../shared/history.ts';
import type { RunSummary } from '../../../shared/model.ts';
import { findFolded, foldText, searchWords } from '../../../shared/search-fold.ts';

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

/** A row that may hold some of the words: bit i of `words` set for word i (16 words at most). */
interface Entry {
  row: HitRow;
  words: number;
}

interface Candidate {
  id: string;
  /** Its place among the runs, newest first. */
  order: number;
  /** The words its document's title or file name holds (bit i: word i). */
  title: number;
  /** The words some row of it may hold. */
  maybe: number;
  /** Its rows that may hold a word. */
  rows: Map<number, Entry>;
}

const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 500;
const MATCHES_PER_RUN = 3;
/** Characters of context shown on each side of a match. */
const CONTEXT_CHARS = 60;
/** Words of a search looked up at most (the text is at most 200 characters anyway). */
const MAX_WORDS = 16;

const FIELD_ORDER: Record<HistoryField, number> = { question: 0, answer: 1, memory: 2 };
const JOIN = `FROM history h JOIN runs r ON r.id = h.run_id
  WHERE (@document IS NULL OR r.document_id = @document)`;

/**
 * The history search: `search(text)` finds the runs holding every word of `text` (split at
 * white space, each taken literally, never as query syntax, anywhere in a word: CJK has no
 * spaces), each in the run's question, answer, a memory state or its document's title or file
 * name, with case and diacritics folded (shared/search-fold.ts). Runs with more of the words in
 * their question or answer come first, then those with more in the title, then the newest.
 */
export function createHistorySearch(
  db: Database.Database,
  summary: (id: string) => RunSummary | undefined,
): { search(text: string, options?: HistorySearchOptions): HistoryHit[] } {
  // Three characters or more: the trigram index finds the rows holding every trigram of the word
  // (each one FTS5 string, its quotes doubled, so `"`, `*`, NEAR, OR, `-` and parentheses are
  // searched for as written). It keeps no positions, so a row's text is then checked.
  const indexed = db.prepare<{ trigrams: string; document: string | null }, HitRow>(`
    SELECT h.id, h.run_id, h.field, h.chunk ${JOIN}
      AND h.id IN (SELECT rowid FROM history_fts WHERE history_fts MATCH @trigrams)`);
  // One or two characters (a Japanese word is often two) have no trigram: a scan of the texts.
  // LIKE folds ASCII case only (a fold per row in JS would cost 50 times more): the word is
  // looked for as typed and as folded, so "où" finds "Où" and "ou", "ou" finds "OU", not "où".
  const scanned = db.prepare<{ typed: string; folded: string; document: string | null }, HitRow>(`
    SELECT h.id, h.run_id, h.field, h.chunk ${JOIN}
      AND (h.text LIKE @typed ESCAPE '\\' OR h.text LIKE @folded ESCAPE '\\')`);
  const runsOf = db.prepare<{ document: string | null }, { id: string; document_id: string }>(`
    SELECT id, document_id FROM runs WHERE (@document IS NULL OR document_id = @document)
      ORDER BY created_at DESC, rowid DESC`);
  const names = db.prepare<[], { id: string; title: string; file_name: string }>(
    'SELECT id, title, file_name FROM documents',
  );
  const textOf = db.prepare<[number], { text: string }>('SELECT text FROM history WHERE id = ?');

  return {
    search(text, options = {}) {
      const words = searchWords(text).slice(0, MAX_WORDS);
      if (words.length === 0) return [];
      const limit = Math.max(1, Math.min(options.limit ?? DEFAULT_LIMIT, MAX_LIMIT));
      const document = options.documentId ?? null;

      // Which words each document's name holds.
      const titleWords = new Map<string, number>();
      for (const d of names.all()) {
        const name = foldText(`${d.title}\n${d.file_name}`);
        const held = words.reduce(
          (bits, w, i) => (name.includes(w.folded) ? bits | (1 << i) : bits),
          0,
        );
        if (held !== 0) titleWords.set(d.id, held);
      }
      const runs = new Map<string, Candidate>();
      runsOf.all({ document }).forEach((r, order) => {
        runs.set(r.id, {
          id: r.id,
          order,
          title: titleWords.get(r.document_id) ?? 0,
          maybe: 0,
          rows: new Map(),
        });
      });

      // A run stays a candidate while each word so far is in its title or may be in a row.
      let alive = [...runs.values()];
      words.forEach((word, i) => {
        // The index folds case and accents by its own rules: it gets the word as typed (a row
        // it returns is then checked with the app's fold, so the two never disagree on a hit).
        const rows =
          [...word.typed].length >= 3
            ? indexed.iterate({ trigrams: trigramQuery(word.typed), document })
            : scanned.iterate({
                typed: likeAnywhere(word.typed),
                folded: likeAnywhere(word.folded),
                document,
              });
        const bit = 1 << i;
        for (const row of rows) {
          const run = runs.get(row.run_id);
          // A run already out (a word before had no row in it) needs no more rows.
          if (run === undefined || (i > 0 && run.maybe === -1)) continue;
          const known = run.rows.get(row.id);
          if (known) known.words |= bit;
          else run.rows.set(row.id, { row, words: bit });
          run.maybe |= bit;
        }
        alive = alive.filter((run) => {
          const keep = ((run.title | run.maybe) & bit) !== 0;
          if (!keep) run.maybe = -1;
          return keep;
        });
      });

      // The rows' texts checked, each once: which of its candidate words it truly holds.
      const texts = new Map<number, string>();
      const read = (id: number): string => {
        let t = texts.get(id);
        if (t === undefined) {
          t = foldText(textOf.get(id)?.text ?? '');
          texts.set(id, t);
        }
        return t;
      };
      const holds = (entry: Entry, i: number) =>
        (entry.words & (1 << i)) !== 0 && read(entry.row.id).includes(words[i]?.folded ?? '');

      const ranked: { run: Candidate; strong: number; titled: number; rows: HitRow[] }[] = [];
      for (const run of alive) {
        const entries = [...run.rows.values()].sort(
          (a, b) =>
            FIELD_ORDER[a.row.field] - FIELD_ORDER[b.row.field] || a.row.chunk - b.row.chunk,
        );
        const strongWords = new Set<number>();
        for (const entry of entries) {
          if (entry.row.field === 'memory') break;
          words.forEach((_, i) => {
            if (holds(entry, i)) strongWords.add(i);
          });
        }
        // Each word not in the question, answer or title must be in a memory: the earliest one
        // holding it ends its look-up.
        const missing = new Set(
          words.flatMap((_, i) => (strongWords.has(i) || (run.title & (1 << i)) !== 0 ? [] : [i])),
        );
        for (const entry of entries) {
          if (missing.size === 0) break;
          if (entry.row.field !== 'memory') continue;
          for (const i of missing) if (holds(entry, i)) missing.delete(i);
        }
        if (missing.size > 0) continue;
        ranked.push({
          run,
          strong: strongWords.size,
          titled: words.filter((_, i) => (run.title & (1 << i)) !== 0).length,
          rows: entries.map((e) => e.row),
        });
      }
      ranked.sort(
        (a, b) => b.strong - a.strong || b.titled - a.titled || a.run.order - b.run.order,
      );

      const hits: HistoryHit[] = [];
      for (const found of ranked) {
        if (hits.length === limit) break;
        const run = summary(found.run.id);
        if (run === undefined) continue;
        // Every row holding any word is a place; the first few are shown.
        const places = found.rows.filter((row) => {
          const entry = found.run.rows.get(row.id);
          return entry !== undefined && words.some((_, i) => holds(entry, i));
        });
        const matches = places.slice(0, MATCHES_PER_RUN).map((row) =>
          matchIn(
            row,
            textOf.get(row.id)?.text ?? '',
            words.map((w) => w.folded),
          ),
        );
        hits.push({ run, hits: places.length, matches });
      }
      return hits;
    },
  };
}

/** A LIKE pattern for `word` anywhere, its `%`, `_` and `\\` taken literally. */
function likeAnywhere(word: string): string {
  return `%${word.replace(/[\\%_]/g, '\\$&')}%`;
}

/** Every three characters of `word` as one FTS5 string each: all must be in a row. */
function trigramQuery(word: string): string {
  const chars = [...word];
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= chars.length; i += 1) grams.add(chars.slice(i, i + 3).join(''));
  return [...grams].map((gram) => `"${gram.replaceAll('"', '""')}"`).join(' ');
}

/** The snippet around the first of the words in the row's text, as the text stands there. */
function matchIn(row: HitRow, text: string, words: readonly string[]): HistoryMatch {
  const [start, end] = findFolded(text, words) ?? [0, 0];
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
