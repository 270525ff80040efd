// A backend check's snapshot (shared/backend-check.ts), stated once as a zod schema: the store
// parses the last check it kept with it, and the types everyone uses are inferred from it.
import { z } from 'zod';
import { appErrorSchema, usageSchema } from './schemas.ts';

/** A row the backend got wrong (or only partly right). */
export const checkWrongRowSchema = z.object({
  question: z.string(),
  expected: z.string(),
  /** The extracted answer; null when the reply had none. */
  answer: z.string().nullable(),
  /** "8K" */
  length: z.string(),
  tokens: z.number(),
  family: z.string(),
});
export type CheckWrongRow = z.infer<typeof checkWrongRowSchema>;

/** Accuracy at one of the check's lengths. */
export const checkLengthSchema = z.object({
  /** "8K" */
  label: z.string(),
  tokens: z.number(),
  rows: z.number().int(),
  right: z.number().int(),
  failed: z.number().int(),
  /** sub-EM %, failed rows as 0 (summary.ts). */
  subEm: z.number(),
});
export type CheckLength = z.infer<typeof checkLengthSchema>;

export const checkStateSchema = z.enum(['preparing', 'running', 'done', 'cancelled', 'error']);
export type CheckState = z.infer<typeof checkStateSchema>;

/**
 * A check as it goes and as it ended; the ended one is kept per profile (results only, no key)
 * and parsed with this schema when read back (electron/core/store/check-repo.ts).
 */
export const checkSnapshotSchema = z.object({
  profileId: z.string(),
  profileName: z.string(),
  model: z.string().nullable(),
  sourceTitle: z.string(),
  state: checkStateSchema,
  startedAt: z.number(),
  /** Set once the check ended. */
  finishedAt: z.number().optional(),
  rows: z.number().int(),
  rowsDone: z.number().int(),
  /** Rows whose answer was fully right (sub-EM 1). */
  right: z.number().int(),
  /** Rows whose requests failed after retries (counted as 0, shown apart). */
  failed: z.number().int(),
  /** sub-EM % over the rows done, failed rows as 0 (summary.ts); null before the first row. */
  subEm: z.number().nullable(),
  elapsedMs: z.number(),
  usage: usageSchema,
  /** In the profile's prices; null when it has none. */
  cost: z.number().nullable(),
  byLength: z.array(checkLengthSchema),
  wrong: z.array(checkWrongRowSchema),
  /** Failed rows grouped by their one-sentence error. */
  failures: z.array(z.object({ message: z.string(), rows: z.number().int() })),
  /** Why the check stopped before its rows (server down, text too short): one sentence. */
  error: appErrorSchema.optional(),
});
export type CheckSnapshot = z.infer<typeof checkSnapshotSchema>;
