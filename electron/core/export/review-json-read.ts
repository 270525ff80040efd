// review.json read back into a ReviewMatrix: checked with zod at the edge, then the JSON's nulls
// and ISO times turned back into the matrix's optional fields and milliseconds.
import { z } from 'zod';
import { answerKindSchema } from '../../../shared/checklist-schema.ts';
import {
  CELL_STATUSES,
  type ReviewCell,
  type ReviewDocument,
  type ReviewMatrix,
} from '../../../shared/review.ts';
import { labelReviewDocuments } from '../../../shared/review-document-labels.ts';
import { runBackendSchema } from '../../../shared/schemas.ts';
import { CoreError } from '../errors.ts';
import { REVIEW_JSON_FORMAT, REVIEW_JSON_VERSION, type ReviewJsonCell } from './review-json.ts';

const time = z.iso.datetime();
const status = z.enum(CELL_STATUSES);

const cellSchema = z.object({
  document: z.string(),
  question: z.string(),
  status,
  answer: z.string().nullable(),
  value: z.string().nullable(),
  display: z.string().nullable(),
  disagrees: z.boolean().nullable(),
  coverage: z.object({
    chunksRead: z.number().int().min(0),
    chunks: z.number().int().min(0),
    pages: z.object({ first: z.number().int(), last: z.number().int() }).nullable(),
    complete: z.boolean(),
  }),
  evidence: z.array(
    z.object({
      page: z.number().int().nullable(),
      pageLabel: z.string().nullable(),
      section: z.string().nullable(),
      quote: z.string(),
    }),
  ),
  run: z.string().nullable(),
  error: z.string().nullable(),
  history: z.array(
    z.object({
      run: z.string(),
      status,
      answer: z.string().nullable(),
      display: z.string().nullable(),
      endedAt: time.nullable(),
      backend: runBackendSchema.nullable(),
    }),
  ),
});

const reviewJsonSchema = z.object({
  format: z.literal(REVIEW_JSON_FORMAT),
  version: z.literal(REVIEW_JSON_VERSION),
  review: z.object({
    id: z.string(),
    title: z.string(),
    checklistName: z.string(),
    state: z.enum(['queued', 'running', 'paused', 'done', 'failed', 'cancelled', 'interrupted']),
    createdAt: time,
    updatedAt: time,
    endedAt: time.nullable(),
    backend: runBackendSchema.nullable(),
    counts: z.object({
      cells: z.number().int().min(0),
      done: z.number().int().min(0),
      reading: z.number().int().min(0),
      queued: z.number().int().min(0),
      failed: z.number().int().min(0),
    }),
  }),
  documents: z.array(
    z.object({
      id: z.string(),
      path: z.string().nullable(),
      title: z.string(),
      pageCount: z.number().int().min(0).nullable(),
    }),
  ),
  questions: z.array(
    z.object({
      id: z.string(),
      text: z.string(),
      kind: answerKindSchema,
      guidance: z.string().nullable(),
      expected: z.string().nullable(),
    }),
  ),
  cells: z.array(cellSchema),
});

/** Copies `value` into `target[key]` unless it is null: the JSON's null is the matrix's absence. */
function set<T, K extends keyof T>(target: T, key: K, value: T[K] | null): void {
  if (value !== null) target[key] = value;
}

/**
 * The ReviewMatrix a review.json (or `memagent review --json` output) holds. A file of another
 * format or version, or one that breaks the shape, is refused with one sentence.
 */
export function reviewFromJson(json: unknown): ReviewMatrix {
  const parsed = reviewJsonSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue === undefined ? '' : ` at ${issue.path.join('.') || 'the top'}`;
    throw new CoreError(
      'Damaged',
      `This is not a MemAgent review (JSON format ${REVIEW_JSON_FORMAT} ${REVIEW_JSON_VERSION}): ${issue?.message ?? 'unreadable'}${where}.`,
      {
        hint: 'Export the review again from MemAgent Desktop or `memagent review --json`.',
      },
    );
  }
  const r = parsed.data.review;
  const matrix: ReviewMatrix = {
    review: {
      id: r.id,
      title: r.title,
      checklistName: r.checklistName,
      state: r.state,
      createdAt: Date.parse(r.createdAt),
      updatedAt: Date.parse(r.updatedAt),
      counts: r.counts,
    },
    // The labels are made again from the documents (a file's `label`, if any, is what this makes).
    documents: labelReviewDocuments(
      parsed.data.documents.map((d) => {
        const document: ReviewDocument = { id: d.id, title: d.title };
        set(document, 'path', d.path);
        set(document, 'pageCount', d.pageCount);
        return document;
      }),
    ),
    questions: parsed.data.questions.map((q) => {
      const question: ReviewMatrix['questions'][number] = { id: q.id, text: q.text, kind: q.kind };
      set(question, 'guidance', q.guidance);
      set(question, 'expected', q.expected);
      return question;
    }),
    cells: parsed.data.cells.map(cellFromJson),
  };
  set(matrix.review, 'endedAt', r.endedAt === null ? null : Date.parse(r.endedAt));
  set(matrix.review, 'backend', r.backend);
  return matrix;
}

function cellFromJson(c: ReviewJsonCell): ReviewCell {
  const cell: ReviewCell = {
    documentId: c.document,
    questionId: c.question,
    status: c.status,
    coverage: {
      chunksRead: c.coverage.chunksRead,
      chunks: c.coverage.chunks,
      complete: c.coverage.complete,
    },
    evidence: c.evidence.map((e) => {
      const evidence: ReviewCell['evidence'][number] = { quote: e.quote };
      set(evidence, 'page', e.page);
      set(evidence, 'pageLabel', e.pageLabel);
      set(evidence, 'section', e.section);
      return evidence;
    }),
    history: c.history.map((h) => {
      const entry: ReviewCell['history'][number] = { runId: h.run, status: h.status };
      set(entry, 'answer', h.answer);
      set(entry, 'display', h.display);
      set(entry, 'endedAt', h.endedAt === null ? null : Date.parse(h.endedAt));
      set(entry, 'backend', h.backend);
      return entry;
    }),
  };
  set(cell.coverage, 'pages', c.coverage.pages);
  set(cell, 'answer', c.answer);
  set(cell, 'value', c.value);
  set(cell, 'display', c.display);
  set(cell, 'disagrees', c.disagrees);
  set(cell, 'runId', c.run);
  set(cell, 'error', c.error);
  return cell;
}
