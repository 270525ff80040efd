import type Database from 'better-sqlite3';
import type { DocumentInfo } from '../../../shared/model.ts';
import { documentFormatSchema } from '../../../shared/schemas.ts';
import { parseColumn, parseValue, warningsColumn } from './columns.ts';

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
}

/** The documents library: one row per distinct file content (SHA-256 of its bytes). */
export interface DocumentRepo {
  /** Inserts or replaces a document's row (reopening a file refreshes name, path and time). */
  upsert(info: DocumentInfo): void;
  get(id: string): DocumentInfo | undefined;
  /** Most recently opened first. */
  list(): DocumentInfo[];
  setTokenCount(id: string, tokenCount: number, tokenizer: string): void;
  touch(id: string, openedAt: number, path?: string, fileName?: string): void;
  /** Removes the document and, by cascade, its runs. */
  remove(id: string): boolean;
}

export function createDocumentRepo(db: Database.Database): DocumentRepo {
  const upsert = db.prepare(`
    INSERT INTO documents (id, file_name, path, format, title, chars, page_count, token_count, tokenizer, opened_at, warnings)
    VALUES (@id, @file_name, @path, @format, @title, @chars, @page_count, @token_count, @tokenizer, @opened_at, @warnings)
    ON CONFLICT(id) DO UPDATE SET file_name = excluded.file_name, path = excluded.path, format = excluded.format,
      title = excluded.title, chars = excluded.chars, page_count = excluded.page_count,
      token_count = COALESCE(excluded.token_count, documents.token_count),
      tokenizer = COALESCE(excluded.tokenizer, documents.tokenizer),
      opened_at = excluded.opened_at, warnings = excluded.warnings`);
  const get = db.prepare<[string], DocumentRow>('SELECT * FROM documents WHERE id = ?');
  const list = db.prepare<[], DocumentRow>('SELECT * FROM documents ORDER BY opened_at DESC, id');
  const setTokens = db.prepare('UPDATE documents SET token_count = ?, tokenizer = ? WHERE id = ?');
  const touch = db.prepare(
    'UPDATE documents SET opened_at = ?, path = COALESCE(?, path), file_name = COALESCE(?, file_name) WHERE id = ?',
  );
  const remove = db.prepare('DELETE FROM documents WHERE id = ?');

  return {
    upsert(info) {
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
      });
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
  };
  if (row.path !== null) info.path = row.path;
  if (row.page_count !== null) info.pageCount = row.page_count;
  if (row.token_count !== null) info.tokenCount = row.token_count;
  if (row.tokenizer !== null) info.tokenizer = row.tokenizer;
  return info;
}
