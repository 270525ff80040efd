import type Database from 'better-sqlite3';
import { DEFAULT_READING, type DocumentInfo, type Reading } from '../../../shared/model.ts';
import { documentFormatSchema } from '../../../shared/schemas.ts';
import { parseColumn, parseValue, readingColumn, warningsColumn } from './columns.ts';
import { writeTransaction } from './write-transaction.ts';

interface DocumentRow {
  id: string;
  file_name: string;
  path: string | null;
  format: string;
  title: string;
  chars: number;
  page_count: number | null;
  token_count: number | null;
  tokenizer: string | null;
  opened_at: number;
  warnings: string;
  reading: string | null;
  text_key: string | null;
  ocr_page_count: number | null;
}

/** What a new reading of a document changes (`documents:reread`). */
export type DocumentTextChange = Pick<DocumentInfo, 'title' | 'chars' | 'warnings'> & {
  /** Undefined: the format has no pages (stored as NULL). */
  pageCount: number | undefined;
  ocrPageCount: number | undefined;
  reading: Reading;
  textKey: string;
};

/** The documents library: one row per distinct file content (SHA-256 of its bytes). */
export interface DocumentRepo {
  /** Inserts or replaces a document's row (reopening a file refreshes name, path and time). */
  upsert(info: DocumentInfo): void;
  get(id: string): DocumentInfo | undefined;
  /** Most recently opened first. */
  list(): DocumentInfo[];
  setTokenCount(id: string, tokenCount: number, tokenizer: string): void;
  touch(id: string, openedAt: number, path?: string, fileName?: string): void;
  /** Makes `change` the document's current text; its token count is unknown again. */
  setText(id: string, change: DocumentTextChange): void;
  /**
   * The reading that produced text `textKey` of document `id` (the default reading for the key
   * equal to the id), or undefined when the document never had that text.
   */
  readingFor(id: string, textKey: string): Reading | undefined;
  /** Every text key the document has had, its id first. */
  textKeys(id: string): string[];
  /** Removes the document and, by cascade, its runs and readings. */
  remove(id: string): boolean;
}

export function createDocumentRepo(db: Database.Database): DocumentRepo {
  const upsert = db.prepare(`
    INSERT INTO documents (id, file_name, path, format, title, chars, page_count, token_count, tokenizer, opened_at, warnings, reading, text_key, ocr_page_count)
    VALUES (@id, @file_name, @path, @format, @title, @chars, @page_count, @token_count, @tokenizer, @opened_at, @warnings, @reading, @text_key, @ocr_page_count)
    ON CONFLICT(id) DO UPDATE SET file_name = excluded.file_name, path = excluded.path, format = excluded.format,
      title = excluded.title, chars = excluded.chars, page_count = excluded.page_count,
      token_count = COALESCE(excluded.token_count, documents.token_count),
      tokenizer = COALESCE(excluded.tokenizer, documents.tokenizer),
      opened_at = excluded.opened_at, warnings = excluded.warnings, reading = excluded.reading,
      text_key = excluded.text_key, ocr_page_count = excluded.ocr_page_count`);
  const get = db.prepare<[string], DocumentRow>('SELECT * FROM documents WHERE id = ?');
  const list = db.prepare<[], DocumentRow>('SELECT * FROM documents ORDER BY opened_at DESC, id');
  const setTokens = db.prepare('UPDATE documents SET token_count = ?, tokenizer = ? WHERE id = ?');
  const touch = db.prepare(
    'UPDATE documents SET opened_at = ?, path = COALESCE(?, path), file_name = COALESCE(?, file_name) WHERE id = ?',
  );
  const setText = db.prepare(`
    UPDATE documents SET title = @title, chars = @chars, page_count = @page_count, warnings = @warnings,
      reading = @reading, text_key = @text_key, ocr_page_count = @ocr_page_count,
      token_count = NULL, tokenizer = NULL
    WHERE id = @id`);
  const record = db.prepare(
    'INSERT OR REPLACE INTO document_readings (document_id, text_key, reading) VALUES (?, ?, ?)',
  );
  const reading = db.prepare<[string, string], { reading: string }>(
    'SELECT reading FROM document_readings WHERE document_id = ? AND text_key = ?',
  );
  const keys = db.prepare<[string], { text_key: string }>(
    'SELECT text_key FROM document_readings WHERE document_id = ? ORDER BY text_key',
  );
  const remove = db.prepare('DELETE FROM documents WHERE id = ?');

  // The default reading's key is the document id; any other reading is recorded, so its text
  // can be extracted again for the runs that read it.
  const remember = (id: string, textKey: string, r: Reading | undefined) => {
    if (r !== undefined && textKey !== id) record.run(id, textKey, JSON.stringify(r));
  };

  return {
    upsert(info) {
      writeTransaction(db, () => {
        upsert.run({
          id: info.id,
          file_name: info.fileName,
          path: info.path ?? null,
          format: info.format,
          title: info.title,
          chars: info.chars,
          page_count: info.pageCount ?? null,
          token_count: info.tokenCount ?? null,
          tokenizer: info.tokenizer ?? null,
          opened_at: info.openedAt,
          warnings: JSON.stringify(info.warnings),
          reading: info.reading ? JSON.stringify(info.reading) : null,
          text_key: info.textKey ?? info.id,
          ocr_page_count: info.ocrPageCount ?? null,
        });
        remember(info.id, info.textKey ?? info.id, info.reading);
      })();
    },
    get(id) {
      const row = get.get(id);
      return row && toInfo(row);
    },
    list() {
      return list.all().map(toInfo);
    },
    setTokenCount(id, tokenCount, tokenizer) {
      setTokens.run(tokenCount, tokenizer, id);
    },
    touch(id, openedAt, path, fileName) {
      touch.run(openedAt, path ?? null, fileName ?? null, id);
    },
    setText(id, change) {
      writeTransaction(db, () => {
        setText.run({
          id,
          title: change.title,
          chars: change.chars,
          page_count: change.pageCount ?? null,
          warnings: JSON.stringify(change.warnings),
          reading: JSON.stringify(change.reading),
          text_key: change.textKey,
          ocr_page_count: change.ocrPageCount ?? null,
        });
        remember(id, change.textKey, change.reading);
      })();
    },
    readingFor(id, textKey) {
      if (textKey === id) return get.get(id) ? DEFAULT_READING : undefined;
      const row = reading.get(id, textKey);
      return row && parseColumn(readingColumn, row.reading, `document_readings of ${id}`);
    },
    textKeys(id) {
      return [id, ...keys.all(id).map((row) => row.text_key)];
    },
    remove(id) {
      return remove.run(id).changes > 0;
    },
  };
}

function toInfo(row: DocumentRow): DocumentInfo {
  const info: DocumentInfo = {
    id: row.id,
    fileName: row.file_name,
    format: parseValue(documentFormatSchema, row.format, `documents.format of ${row.id}`),
    title: row.title,
    chars: row.chars,
    openedAt: row.opened_at,
    warnings: parseColumn(warningsColumn, row.warnings, `documents.warnings of ${row.id}`),
    textKey: row.text_key ?? row.id,
  };
  if (row.path !== null) info.path = row.path;
  if (row.page_count !== null) info.pageCount = row.page_count;
  if (row.token_count !== null) info.tokenCount = row.token_count;
  if (row.tokenizer !== null) info.tokenizer = row.tokenizer;
  if (row.reading !== null)
    info.reading = parseColumn(readingColumn, row.reading, `documents.reading of ${row.id}`);
  if (row.ocr_page_count !== null) info.ocrPageCount = row.ocr_page_count;
  return info;
}
