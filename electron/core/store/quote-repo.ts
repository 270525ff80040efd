import type Database from 'better-sqlite3';
import type { ModelQuote, QuoteCheckStatus, Usage } from '../../../shared/model.ts';
import { writeTransaction } from './write-transaction.ts';

/** The quote check of a run: the verified quotes, the counts and the tokens the requests used. */
export interface StoredQuoteCheck {
  quotes: ModelQuote[];
  check: QuoteCheckStatus;
  usage: Usage;
}

/** The quote check's results per run (the run's usage sums their tokens, see run-repo.ts). */
export interface QuoteRepo {
  /** Stores the run's quote check, replacing any earlier one. */
  save(runId: string, result: StoredQuoteCheck): void;
  /** The run's quote check; undefined when it did not run. */
  get(runId: string): StoredQuoteCheck | undefined;
}

export function createQuoteRepo(db: Database.Database): QuoteRepo {
  const deleteQuotes = db.prepare('DELETE FROM run_quotes WHERE run_id = ?');
  const insertQuote = db.prepare(
    'INSERT OR IGNORE INTO run_quotes (run_id, chunk, start, end) VALUES (?, ?, ?, ?)',
  );
  const saveCheck = db.prepare(`
    INSERT OR REPLACE INTO quote_checks (run_id, asked, accepted, rejected, failed, prompt_tokens, completion_tokens)
    VALUES (?, ?, ?, ?, ?, ?, ?)`);
  // The model's order (best chunk first, reply order) is the insertion order.
  const quoteRows = db.prepare<[string], ModelQuote>(
    'SELECT chunk, start, end FROM run_quotes WHERE run_id = ? ORDER BY rowid',
  );
  const checkRow = db.prepare<
    [string],
    QuoteCheckStatus & { prompt_tokens: number; completion_tokens: number }
  >('SELECT * FROM quote_checks WHERE run_id = ?');
  const save = writeTransaction(db, (runId: string, { quotes, check, usage }: StoredQuoteCheck) => {
    deleteQuotes.run(runId);
    for (const q of quotes) insertQuote.run(runId, q.chunk, q.start, q.end);
    saveCheck.run(
      runId,
      check.asked,
      check.accepted,
      check.rejected,
      check.failed,
      usage.promptTokens,
      usage.completionTokens,
    );
  });
  return {
    save(runId, result) {
      save(runId, result);
    },
    get(runId) {
      const row = checkRow.get(runId);
      if (!row) return undefined;
      return {
        quotes: quoteRows.all(runId).map(({ chunk, start, end }) => ({ chunk, start, end })),
        check: {
          asked: row.asked,
          accepted: row.accepted,
          rejected: row.rejected,
          failed: row.failed,
        },
        usage: { promptTokens: row.prompt_tokens, completionTokens: row.completion_tokens },
      };
    },
  };
}
