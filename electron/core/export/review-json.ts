// The review as JSON: what `memagent review --json` prints and what the review.json report holds,
// one function for both. Every string exact (JSON escapes it); times ISO 8601 UTC; a value that is
// absent is null, so every cell has the same keys.
import type { AnswerKind } from '../../../shared/checklist.ts';
import type {
  CellStatus,
  ReviewCell,
  ReviewMatrix,
  ReviewSummary,
} from '../../../shared/review.ts';
import type { RunBackend } from '../../../shared/model.ts';
import { rowName } from '../../../shared/review-document-labels.ts';
import { visibleText } from '../../../shared/visible-text.ts';

/** The JSON review format's name and version; a reader refuses another. */
export const REVIEW_JSON_FORMAT = 'memagent-review';
export const REVIEW_JSON_VERSION = 1;

export interface ReviewJsonEvidence {
  page: number | null;
  pageLabel: string | null;
  section: string | null;
  quote: string;
}

export interface ReviewJsonCell {
  document: string;
  question: string;
  status: CellStatus;
  /** The model's own words. */
  answer: string | null;
  /** The normalised answer (ISO date, "yes", "USD 5000000"...). */
  value: string | null;
  /** The normalised answer as the table shows it. */
  display: string | null;
  /** Differs from the question's expected value; null when the question expects none. */
  disagrees: boolean | null;
  coverage: {
    chunksRead: number;
    chunks: number;
    pages: { first: number; last: number } | null;
    complete: boolean;
  };
  evidence: ReviewJsonEvidence[];
  /** The run behind the cell. */
  run: string | null;
  error: string | null;
  history: {
    run: string;
    status: CellStatus;
    answer: string | null;
    display: string | null;
    endedAt: string | null;
    backend: RunBackend | null;
  }[];
}

export interface ReviewJson {
  format: typeof REVIEW_JSON_FORMAT;
  version: typeof REVIEW_JSON_VERSION;
  review: Omit<ReviewSummary, 'createdAt' | 'updatedAt' | 'endedAt' | 'backend'> & {
    createdAt: string;
    updatedAt: string;
    endedAt: string | null;
    backend: RunBackend | null;
  };
  documents: {
    id: string;
    path: string | null;
    title: string;
    /**
     * The row's name, as the table and every other report write it: the title, with what tells
     * it apart where two documents of the review share one ("lease (in north)").
     */
    label: string;
    pageCount: number | null;
  }[];
  questions: {
    id: string;
    text: string;
    kind: AnswerKind;
    guidance: string | null;
    expected: string | null;
  }[];
  cells: ReviewJsonCell[];
}

const iso = (ms: number): string => new Date(ms).toISOString();

/**
 * The review as `memagent review --json` prints it and review.json holds it: `{format, version,
 * review, documents: [{id, path, title, label}], questions: [{id, text, kind}], cells: [{document,
 * question, status, answer, value, coverage: {chunksRead, chunks, pages}, evidence: [{page,
 * pageLabel, section, quote}], run}]}`, with the rest of the matrix (display, history...) beside.
 */
export function reviewToJson(matrix: ReviewMatrix): ReviewJson {
  const { review } = matrix;
  return {
    format: REVIEW_JSON_FORMAT,
    version: REVIEW_JSON_VERSION,
    review: {
      id: review.id,
      title: review.title,
      checklistName: review.checklistName,
      state: review.state,
      createdAt: iso(review.createdAt),
      updatedAt: iso(review.updatedAt),
      endedAt: review.endedAt === undefined ? null : iso(review.endedAt),
      backend: review.backend ?? null,
      counts: { ...review.counts },
    },
    documents: matrix.documents.map((d) => ({
      id: d.id,
      path: d.path ?? null,
      title: d.title,
      // The matrix's own label (review-document-labels.ts), so the JSON names a row as the table,
      // the terminal table and the other reports do.
      label: rowName(d),
      pageCount: d.pageCount ?? null,
    })),
    questions: matrix.questions.map((q) => ({
      id: q.id,
      text: q.text,
      kind: q.kind,
      guidance: q.guidance ?? null,
      expected: q.expected ?? null,
    })),
    cells: matrix.cells.map(cellToJson),
  };
}

function cellToJson(cell: ReviewCell): ReviewJsonCell {
  const c = cell.coverage;
  return {
    document: cell.documentId,
    question: cell.questionId,
    status: cell.status,
    answer: cell.answer ?? null,
    value: cell.value ?? null,
    display: cell.display ?? null,
    disagrees: cell.disagrees ?? null,
    coverage: {
      chunksRead: c.chunksRead,
      chunks: c.chunks,
      pages: c.pages === undefined ? null : { first: c.pages.first, last: c.pages.last },
      complete: c.complete,
    },
    evidence: cell.evidence.map((e) => ({
      page: e.page ?? null,
      pageLabel: e.pageLabel ?? null,
      section: e.section ?? null,
      quote: e.quote,
    })),
    run: cell.runId ?? null,
    error: cell.error ?? null,
    history: cell.history.map((h) => ({
      run: h.runId,
      status: h.status,
      answer: h.answer ?? null,
      display: h.display ?? null,
      endedAt: h.endedAt === undefined ? null : iso(h.endedAt),
      backend: h.backend ?? null,
    })),
  };
}

/**
 * The review's JSON text, indented, ending in a newline. The raw C1, DEL and bidi characters
 * JSON.stringify leaves in are written as `\u` escapes (still JSON, same values), so printing it
 * on a terminal cannot be turned against the reader.
 */
export function renderReviewJson(matrix: ReviewMatrix): string {
  return `${visibleText(JSON.stringify(reviewToJson(matrix), null, 2))}\n`;
}
