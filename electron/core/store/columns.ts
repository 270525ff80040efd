import { z } from 'zod';
import { backendProfileSchema, runSettingsSchema } from '../../../shared/api.ts';
import { CoreError } from '../errors.ts';

// Schemas for the JSON stored in text columns. The database is outside data too (another build,
// a hand edit, a damaged file), so every JSON column is parsed on read, never cast.

export const warningsColumn = z.array(z.string());

export const pagesColumn = z.object({
  first: z.number().int(),
  last: z.number().int(),
  firstLabel: z.string().optional(),
  lastLabel: z.string().optional(),
});

export const settingsColumn = runSettingsSchema;

/** A stored profile: `hasApiKey` is not stored (the secret store is the truth). */
export const profileColumn = backendProfileSchema.omit({ hasApiKey: true });
export type StoredProfile = z.infer<typeof profileColumn>;

export const errorColumn = z.object({
  kind: z.enum([
    'BadUsage',
    'NotFound',
    'Unsupported',
    'PasswordRequired',
    'WrongPassword',
    'Damaged',
    'TooLarge',
    'TimeLimit',
    'BackendUnavailable',
    'BackendFailed',
    'BackendRejected',
    'Cancelled',
    'Internal',
  ]),
  message: z.string(),
  hint: z.string().optional(),
  detail: z.string().optional(),
});

export const warningCode = z.enum([
  'empty-memory',
  'length-cut',
  'no-answer',
  'retry',
  'generic-model',
  'extraction',
]);

export const runStatus = z.enum([
  'queued',
  'running',
  'paused',
  'done',
  'error',
  'cancelled',
  'interrupted',
]);

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
