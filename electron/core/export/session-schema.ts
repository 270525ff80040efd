// The session export (session.ts) as read back by an import: a versioned zod schema, checked on
// every file before anything reaches the library. Unknown fields are dropped, not refused, so a
// later export that adds fields (format 2) still imports; a newer format is refused by name.
import { z } from 'zod';
import { MAX_QUESTION_CHARS } from '../../../shared/model.ts';
import {
  appErrorSchema,
  backendKindSchema,
  chunkPagesSchema,
  documentFormatSchema,
  evidenceSchema,
  quoteCheckStatusSchema,
  runSettingsSchema,
  runStatusSchema,
  usageSchema,
  warningCodeSchema,
} from '../../../shared/schemas.ts';
import { CoreError } from '../errors.ts';

/** The export formats this build imports: 1 (the first), 2 (1 with fields added). */
export const SESSION_VERSIONS = [1, 2] as const;

const text = z.string().max(50_000_000);
const id = z.string().min(1).max(200);
const count = z.number().int().min(0);
const isoTime = z.string().refine((s) => !Number.isNaN(Date.parse(s)), 'not a date');

const memorySchema = z.object({
  chunk: count.max(10_000_000),
  pages: chunkPagesSchema.optional(),
  section: z.string().optional(),
  tokens: count.optional(),
  memory: text,
  kept: z.boolean(),
  usage: usageSchema,
  ms: z.number(),
  // Format 2 may carry the chunk's span, which format 1 left out.
  start: count.optional(),
  end: count.optional(),
});

const runSchema = z.object({
  id,
  question: z.string().min(1).max(MAX_QUESTION_CHARS),
  status: runStatusSchema,
  answer: text.nullable(),
  answerCut: z.boolean(),
  response: text.nullable(),
  model: z.string().max(1000).nullable(),
  backend: z
    .object({ name: z.string().max(2000), kind: backendKindSchema, baseUrl: z.string().max(2000) })
    .nullable(),
  settings: runSettingsSchema,
  usage: usageSchema,
  cost: z.number().optional(),
  createdAt: isoTime,
  finishedAt: isoTime.nullable(),
  chunkCount: count.max(10_000_000),
  warnings: z
    .array(
      z.object({
        chunk: count.optional(),
        code: warningCodeSchema,
        message: z.string().max(10_000),
      }),
    )
    .max(100_000),
  evidence: z.array(evidenceSchema).max(10_000).optional(),
  quoteCheck: quoteCheckStatusSchema.optional(),
  memories: z.array(memorySchema).max(10_000_000),
  // A format 2 addition this build can use when present: why a failed run failed.
  error: appErrorSchema.optional(),
});

/** A session file of a format this build imports. */
export const sessionFileSchema = z.object({
  format: z.literal('memagent-session'),
  version: z.literal(SESSION_VERSIONS),
  exportedAt: isoTime,
  document: z.object({
    id,
    fileName: z.string().max(4096),
    title: z.string().max(10_000),
    format: documentFormatSchema,
    chars: count,
    pageCount: count.optional(),
    tokenCount: count.optional(),
    tokenizer: z.string().max(200).optional(),
    ocrPageCount: count.optional(),
  }),
  runs: z.array(runSchema).max(100_000),
});
export type SessionFile = z.infer<typeof sessionFileSchema>;
export type SessionFileRun = SessionFile['runs'][number];

/** A session file over the size limit: refused before it is read or parsed. */
export function tooLargeSession(maxBytes: number): CoreError {
  return new CoreError(
    'TooLarge',
    `This session file is too large to import (the limit is ${Math.round(maxBytes / 2 ** 20)} MB).`,
    { hint: 'Export fewer questions at a time: one question, or one document.' },
  );
}

/** What to do about a session file this build cannot import. */
export const SESSION_HINT =
  'Export the session again from MemAgent Desktop (File > Export Session…, format JSON).';
const HINT = SESSION_HINT;

/**
 * Reads a session export from its bytes: JSON, a MemAgent session, a format this build knows,
 * and every field as the schema says. Each failure is one sentence saying which.
 */
export function parseSessionFile(bytes: Uint8Array, maxBytes: number): SessionFile {
  if (bytes.byteLength > maxBytes) throw tooLargeSession(maxBytes);
  let raw: unknown;
  try {
    raw = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch (error) {
    throw new CoreError('Unsupported', 'This file is not a MemAgent session: it is not JSON.', {
      hint: HINT,
      detail: error instanceof Error ? error.message : String(error),
    });
  }
  const head = z
    .object({ format: z.literal('memagent-session'), version: z.number().int().positive() })
    .safeParse(raw);
  if (!head.success)
    throw new CoreError(
      'Unsupported',
      'This JSON file is not a MemAgent session export (its "format" is not "memagent-session").',
      { hint: HINT },
    );
  const newest = SESSION_VERSIONS.at(-1) ?? 1;
  if (head.data.version > newest)
    throw new CoreError(
      'Unsupported',
      `This session was exported by a newer version of MemAgent Desktop (format ${head.data.version}); update the app to import it.`,
      { hint: `This version imports formats ${SESSION_VERSIONS.join(' and ')}.` },
    );
  const parsed = sessionFileSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue
      ? issue.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('')
      : '';
    throw new CoreError(
      'Damaged',
      'This session file is damaged: a value in it is missing or wrong.',
      {
        hint: HINT,
        detail: `${where.replace(/^\./, '') || 'the file'}: ${issue?.message ?? 'invalid'}`,
      },
    );
  }
  return parsed.data;
}
