// The review as one self-contained HTML page (and, printed, the PDF): the matrix first, then each
// question's answers counted with their outliers, then per document the table of answers with
// their quotes, pages and coverage. The session exports' shell, escaping and stylesheet.
import { rowName } from '../../../shared/review-document-labels.ts';
import { plural } from '../../../shared/plural.ts';
import type {
  ReviewCell,
  ReviewDocument,
  ReviewMatrix,
  ReviewQuestion,
} from '../../../shared/review.ts';
import { EXPORT_CSS } from './html-style.ts';
import { esc } from './html.ts';
import { localTime, localZone } from './readable.ts';
import { REVIEW_CSS } from './review-style.ts';
import { summarizeColumns, type ColumnSummary } from '../../../shared/review-summary.ts';
import {
  STATUS_LABELS,
  cellIndex,
  cellLabel,
  clip,
  coverageLabel,
  evidenceWhere,
  oneLine,
} from '../../../shared/review-text.ts';

export interface ReviewReportOptions {
  /** IANA zone the times are written in: the command line's TZ, the app's local zone. */
  timeZone?: string;
  /** When the report is made (ms); now by default. */
  exportedAt?: number;
  /** The app's version, named in the footnote (and the PDF's Creator). */
  appVersion?: string;
}

export interface ReviewHtmlOptions extends ReviewReportOptions {
  /** The page is for the PDF: the matrix in bands of questions that fit a page's width. */
  print?: boolean;
}

/** Questions per printed band of the matrix: six answer columns and the documents' fit A4. */
export const PRINT_BAND_QUESTIONS = 6;
/** Characters of an answer the matrix shows; the document's table holds it all. */
const MATRIX_CHARS = 160;
/** The mark of a cell whose run did not read every chunk. */
export const PARTIAL_MARK = '◐';

const time = (ms: number, zone: string) => localTime(new Date(ms).toISOString(), zone);

/**
 * Renders a review as one self-contained HTML page: no script, no external resource (the CSP
 * forbids both), light and dark, printable. Every string from a document or a model is escaped
 * (`esc`: markup as text, controls and bidi overrides visible).
 */
export function reviewToHtml(matrix: ReviewMatrix, options: ReviewHtmlOptions = {}): string {
  const zone = options.timeZone ?? localZone();
  const { review } = matrix;
  const cellOf = cellIndex(matrix);
  const columns = summarizeColumns(matrix);
  const partial = matrix.cells.filter((c) => !c.coverage.complete).length;
  const c = review.counts;
  const progress = [`${c.done} of ${plural(c.cells, 'cell')} done`];
  if (c.reading > 0) progress.push(`${c.reading} reading`);
  if (c.queued > 0) progress.push(`${c.queued} queued`);
  if (c.failed > 0) progress.push(`${c.failed} failed`);
  const facts = [
    `Checklist “${esc(review.checklistName)}”`,
    `${plural(matrix.documents.length, 'document')} × ${plural(matrix.questions.length, 'question')}`,
    progress.join(', '),
  ];
  if (review.backend)
    facts.push(`read with ${esc(review.backend.name)} (${esc(review.backend.kind)})`);
  const title = oneLine(review.title);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
<style>${EXPORT_CSS}${REVIEW_CSS}</style>
</head>
<body class="review">
<header>
<h1 dir="auto">${esc(title)}</h1>
<p class="meta">${facts.join(' · ')}</p>
<p class="meta">Started ${esc(time(review.createdAt, zone))}, ${review.endedAt === undefined ? `last read ${esc(time(review.updatedAt, zone))}` : `finished ${esc(time(review.endedAt, zone))}`}; exported ${esc(time(options.exportedAt ?? Date.now(), zone))}; times are in ${esc(zone)}.</p>
<p class="legend-line">Each cell is one MemAgent run that reads the whole document for one question, so every question costs one reading of every document. <span class="mark">${PARTIAL_MARK}</span> marks a cell whose run did not read every chunk (${plural(partial, 'cell')}): a “not stated” there is not a guarantee. <span class="ne">≠</span> marks an answer that differs from the value the question expects.</p>
</header>
<section class="summary">
<h2>Summary</h2>
${options.print ? printedMatrix(matrix, cellOf) : `<div class="matrix-scroll">${matrixTable(matrix.documents, matrix.questions, 0, cellOf)}</div>`}
</section>
<section class="per-question">
<h2>Answers per question</h2>
<div class="columns">
${columns.map((column, i) => columnSummary(column, i, matrix.documents)).join('\n')}
</div>
</section>
${matrix.documents.map((d, i) => documentSection(d, i, matrix.questions, cellOf, zone)).join('\n')}
<p class="footnote">Made by MemAgent Desktop${options.appVersion === undefined ? '' : ` ${esc(options.appVersion)}`}. The model read each document chunk by chunk, keeping a memory, once per question; the quotes under each answer were found in the text it read.</p>
</body>
</html>
`;
}

type CellOf = (documentId: string, questionId: string) => ReviewCell | undefined;

/** On paper the matrix is cut into bands of questions, each repeating the documents' column. */
function printedMatrix(matrix: ReviewMatrix, cellOf: CellOf): string {
  const bands: string[] = [];
  for (let start = 0; start < matrix.questions.length; start += PRINT_BAND_QUESTIONS) {
    const questions = matrix.questions.slice(start, start + PRINT_BAND_QUESTIONS);
    const title =
      matrix.questions.length > PRINT_BAND_QUESTIONS
        ? `<p class="band-title">Questions ${start + 1}–${start + questions.length} of ${matrix.questions.length}</p>\n`
        : '';
    bands.push(`${title}${matrixTable(matrix.documents, questions, start, cellOf)}`);
  }
  return bands.join('\n');
}

function matrixTable(
  documents: ReviewDocument[],
  questions: ReviewQuestion[],
  offset: number,
  cellOf: CellOf,
): string {
  const head = questions
    .map(
      (q, i) =>
        `<th scope="col" dir="auto" title="${esc(oneLine(q.text))}"><span class="n">${offset + i + 1}.</span>${esc(clip(q.text, 90))}</th>`,
    )
    .join('');
  const rows = documents.map((d, r) => {
    const cells = questions.map((q) => {
      const cell = cellOf(d.id, q.id);
      if (cell === undefined) return '<td></td>';
      const classes = [`s-${cell.status}`];
      if (!cell.coverage.complete) classes.push('partial');
      if (cell.disagrees === true) classes.push('disagrees');
      const ne =
        cell.disagrees === true
          ? `<span class="ne" title="expected ${esc(q.expected ?? '')}">≠</span>`
          : '';
      const mark = cell.coverage.complete
        ? ''
        : `<span class="mark" title="${esc(coverageLabel(cell.coverage))}">${PARTIAL_MARK}</span>`;
      return `<td class="${classes.join(' ')}" dir="auto">${ne}${esc(clip(cellLabel(cell), MATRIX_CHARS))}${mark}</td>`;
    });
    return `<tr><th scope="row" dir="auto"><a href="#doc-${r + 1}">${esc(clip(rowName(d), 120))}</a></th>${cells.join('')}</tr>`;
  });
  return `<table class="matrix">\n<thead><tr><th class="corner" scope="col">Document</th>${head}</tr></thead>\n<tbody>\n${rows.join('\n')}\n</tbody>\n</table>`;
}

function columnSummary(column: ColumnSummary, i: number, documents: ReviewDocument[]): string {
  const q = column.question;
  const row = new Map(documents.map((d, r) => [d.id, r + 1]));
  const counts = column.counts
    .map(
      (c) =>
        `<li${c.state ? ' class="state"' : ''}><span dir="auto">${esc(clip(c.label, MATRIX_CHARS))}</span><span>${c.count}</span></li>`,
    )
    .join('');
  const meta = [q.kind.replace('_', '/')];
  if (q.expected !== undefined) meta.push(`expected “${esc(q.expected)}”`);
  if (column.partial > 0) meta.push(`${column.partial} not read in full ${PARTIAL_MARK}`);
  const outliers =
    column.outliers.length === 0
      ? ''
      : `<p class="outliers">${column.outliers[0]?.reason === 'expected' ? 'Differ from expected' : `Outliers (most say “${esc(clip(column.majority ?? '', 60))}”)`}: ${column.outliers
          .map(
            (o) =>
              `<a href="#doc-${row.get(o.document.id) ?? 0}-q-${i + 1}" dir="auto">${esc(clip(rowName(o.document), 60))}</a> (${esc(clip(o.label, 60))})`,
          )
          .join(', ')}</p>`;
  return `<article class="column"><h3 dir="auto"><span class="n">${i + 1}.</span> ${esc(oneLine(q.text))}</h3><p class="meta">${meta.join(' · ')}</p><ul class="counts">${counts}</ul>${outliers}</article>`;
}

function documentSection(
  document: ReviewDocument,
  r: number,
  questions: ReviewQuestion[],
  cellOf: CellOf,
  zone: string,
): string {
  const facts: string[] = [];
  if (document.path !== undefined) facts.push(esc(document.path));
  if (document.pageCount !== undefined) facts.push(plural(document.pageCount, 'page'));
  const rows = questions.map((q, i) => {
    const cell = cellOf(document.id, q.id);
    const id = `doc-${r + 1}-q-${i + 1}`;
    const head = `<th scope="row" dir="auto"><span class="n">${i + 1}.</span> ${esc(q.text)}</th>`;
    if (cell === undefined)
      return `<tr class="q" id="${id}">${head}<td colspan="2" class="none">No cell.</td></tr>`;
    return `<tr class="q" id="${id}">${head}<td>${answerCell(cell, q, zone)}</td><td>${evidenceList(cell)}</td></tr>`;
  });
  return `<section class="document" id="doc-${r + 1}">
<h2 dir="auto"><span class="n">${r + 1}.</span>${esc(oneLine(rowName(document)))}</h2>
${facts.length > 0 ? `<p class="meta" dir="auto">${facts.join(' · ')}</p>` : ''}
<table class="answers"><colgroup><col class="q"><col class="a"><col class="e"></colgroup>
<thead><tr><th>Question</th><th>Answer</th><th>Evidence</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody>
</table>
</section>`;
}

/** The normalised answer, the model's own words beside it, the state, the coverage behind it. */
function answerCell(cell: ReviewCell, q: ReviewQuestion, zone: string): string {
  const out: string[] = [];
  const ne = cell.disagrees === true ? `<span class="ne">≠</span>` : '';
  out.push(`<p class="value" dir="auto">${ne}${esc(cellLabel(cell))}</p>`);
  if (cell.disagrees === true && q.expected !== undefined)
    out.push(`<p class="cov">Expected “${esc(q.expected)}”.</p>`);
  const shown = cell.display ?? '';
  if (cell.answer !== undefined && cell.answer.trim() !== shown.trim())
    out.push(
      `<p class="words" dir="auto"><span class="label">Model's words:</span> ${esc(cell.answer)}</p>`,
    );
  if (cell.error !== undefined) out.push(`<p class="failure">${esc(cell.error)}</p>`);
  const partial = !cell.coverage.complete;
  out.push(
    `<p class="cov${partial ? ' partial' : ''}">${partial ? `${PARTIAL_MARK} ` : ''}${esc(upperFirst(coverageLabel(cell.coverage)))}${partial && cell.status !== 'queued' ? ' — not the whole document' : ''}</p>`,
  );
  if (cell.history.length > 0)
    out.push(
      `<p class="history">Earlier: ${cell.history
        .map(
          (h) =>
            `${esc(clip(h.display ?? h.answer ?? STATUS_LABELS[h.status], 80))}${h.endedAt === undefined ? '' : `, ${esc(time(h.endedAt, zone))}`}${h.backend ? ` with ${esc(h.backend.name)}` : ''}`,
        )
        .join('; ')}</p>`,
    );
  return out.join('');
}

function evidenceList(cell: ReviewCell): string {
  if (cell.evidence.length === 0) return '<span class="none">No quotes.</span>';
  const items = cell.evidence.map((e) => {
    const where = evidenceWhere(e);
    return `<li><blockquote dir="auto">“${esc(e.quote)}”</blockquote>${where === '' ? '' : `<p class="where">${esc(where)}</p>`}</li>`;
  });
  return `<ol class="sources">${items.join('')}</ol>`;
}

const upperFirst = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
