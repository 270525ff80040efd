import { z } from 'zod';
import {
  appErrorSchema,
  backendProfileSchema,
  backendTestRecordSchema,
  chunkPagesSchema,
  evidenceSchema,
  readingSchema,
  runBackendSchema,
  runSettingsSchema,
} from '../../../shared/schemas.ts';
import { CoreError } from '../errors.ts';

// Schemas for the JSON stored in text columns, taken from the domain schemas in shared/. The
// database is outside data too (another build, a hand edit, a damaged file), so every JSON
// column is parsed on read, never cast.

export const warningsColumn = z.array(z.string());

export const pagesColumn = chunkPagesSchema;

export const settingsColumn = runSettingsSchema;

export const readingColumn = readingSchema;

/**
 * A stored profile: `hasApiKey` is not stored (the secret store is the truth). Its URL is read as
 * any string: a profile saved before only http(s) was accepted must not make the library
 * unreadable; a run refuses it (checkProfileReady) and Settings asks for a new URL on saving.
 */
export const profileColumn = backendProfileSchema
  .omit({ hasApiKey: true })
  .extend({ baseUrl: z.string().max(2000) });
export type StoredProfile = z.infer<typeof profileColumn>;

export const errorColumn = appErrorSchema;

export const originColumn = z.enum(['app', 'cli', 'import']);

/** `runs.evidence`: the passages a run's answer rests on, found once (or brought by an import). */
export const evidenceColumn = z.array(evidenceSchema);

/** `runs.backend`: the backend a run read with, never a key (`RunBackend`). */
export const backendColumn = runBackendSchema;

/** The last connection test of each profile (`BackendTestRecord`), by profile id. */
export const testRecordsColumn = z.record(z.string(), backendTestRecordSchema);

/** Parses a JSON column with `schema`; a bad value is reported as a damaged library. */
export function parseColumn<S extends z.ZodType>(
  schema: S,
  text: string,
  where: string,
): z.output<S> {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw damaged(where, error instanceof Error ? error.message : String(error));
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw damaged(where, parsed.error.message);
  return parsed.data;
}

/** Parses a plain column value (not JSON) with `schema`. */
export function parseValue<S extends z.ZodType>(
  schema: S,
  value: unknown,
  where: string,
): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw damaged(where, parsed.error.message);
  return parsed.data;
}

function damaged(where: string, detail: string): CoreError {
  return new CoreError('Damaged', 'The library database holds a value this version cannot read.', {
    hint: 'The data folder may have been edited by hand or by another version of the app.',
    detail: `${where}: ${detail}`,
  });
}
