// A review built by hand for the report tests: 6 supplier contracts × 8 questions, answered as a
// model answers them (quotes with pages and printed labels), some cells not stated, failed, cut,
// queued or still reading, and every document- and model-derived string somewhere hostile.
import { labelReviewDocuments } from '../../../shared/review-document-labels.ts';
import type {
  CellCoverage,
  CellEvidence,
  ReviewCell,
  ReviewMatrix,
  ReviewQuestion,
} from '../../../shared/review.ts';

export const HOSTILE = {
  script: '<script>alert(1)</script><img src=x onerror=alert(2)>',
  hyperlink: '=HYPERLINK("http://x")',
  cmd: "+cmd|' /C calc'!A0",
  sum: '@SUM(1)',
  minus: '-2+3',
  tab: '\t=1+1',
  cr: '\r=2+2',
  bidi: 'invoice\u202Efdp.exe\u202C and \u2067RTL\u2069 \u200F',
  controls: 'a\x00b\x07c\x1b[2Jd\x0be\x0cf\x7fg\u0085h',
  cjk: '供給契約書：東京地方裁判所を専属的合意管轄裁判所とする。',
  arabic: 'يخضع هذا العقد لقوانين إنجلترا',
  excelEscape: '_x0041_ stays as typed',
} as const;

/** A 10,000-character answer: no report may drop it, nor let it widen a page. */
export const LONG_ANSWER =
  `The supplier's liability ${'is limited as set out in clause 14.2 and the schedules thereto; '.repeat(150)}`.slice(
    0,
    10_000,
  );

export const QUESTIONS: ReviewQuestion[] = [
  { id: 'q-parties', text: 'Who are the parties?', kind: 'party' },
  { id: 'q-date', text: 'What is the effective date?', kind: 'date' },
  { id: 'q-term', text: 'What is the initial term?', kind: 'duration' },
  {
    id: 'q-renew',
    text: 'Does the contract renew automatically?',
    kind: 'yes_no',
    guidance: "Answer 'not stated' if the document does not say.",
  },
  { id: 'q-cap', text: 'What is the liability cap?', kind: 'amount' },
  { id: 'q-law', text: 'Which law governs the contract?', kind: 'text', expected: 'England' },
  { id: 'q-tfc', text: 'Quote the termination for convenience clause.', kind: 'clause' },
  { id: 'q-notice', text: `How many days' notice ends it? ${HOSTILE.script}`, kind: 'number' },
];

export const DOCUMENTS: ReviewMatrix['documents'] = [
  {
    id: 'a'.repeat(64),
    title: 'Acme supply agreement',
    path: '/contracts/acme.pdf',
    pageCount: 300,
  },
  {
    id: 'b'.repeat(64),
    title: 'Globex master services',
    path: '/contracts/globex.pdf',
    pageCount: 48,
  },
  { id: 'c'.repeat(64), title: `Initech ${HOSTILE.script}`, path: '/contracts/initech.docx' },
  {
    id: 'd'.repeat(64),
    title: HOSTILE.hyperlink,
    path: `/contracts/${HOSTILE.bidi}.pdf`,
    pageCount: 12,
  },
  {
    id: 'e'.repeat(64),
    title: '供給契約書（東京）',
    path: '/contracts/供給契約書.pdf',
    pageCount: 31,
  },
  {
    id: 'f'.repeat(64),
    title: `${HOSTILE.arabic} ${HOSTILE.controls}`,
    path: '/contracts/umbrella.pdf',
    pageCount: 9,
  },
];

const ALL: CellCoverage = {
  chunksRead: 42,
  chunks: 42,
  pages: { first: 1, last: 300 },
  complete: true,
};
const full = (chunks: number, last: number): CellCoverage => ({
  chunksRead: chunks,
  chunks,
  pages: { first: 1, last },
  complete: true,
});
const COVER = [
  ALL,
  full(8, 48),
  { chunksRead: 5, chunks: 5, complete: true },
  full(3, 12),
  full(6, 31),
  full(2, 9),
];

const quote = (page: number, text: string, pageLabel?: string, section?: string): CellEvidence => ({
  page,
  quote: text,
  ...(pageLabel === undefined ? {} : { pageLabel }),
  ...(section === undefined ? {} : { section }),
});

type Answer = Omit<Partial<ReviewCell>, 'documentId' | 'questionId'> & Pick<ReviewCell, 'status'>;

const yes: Answer = {
  status: 'answered',
  answer: 'Yes, for successive one-year periods.',
  value: 'yes',
  display: 'Yes',
};
const no: Answer = { status: 'answered', answer: 'No.', value: 'no', display: 'No' };
const notStated: Answer = {
  status: 'not_stated',
  answer: 'The agreement does not say.',
  value: 'not_stated',
  display: 'Not stated',
};
const england: Answer = {
  status: 'answered',
  answer: 'The laws of England and Wales.',
  value: 'England',
  display: 'England',
  disagrees: false,
};

/** Rows: documents; columns: QUESTIONS. */
const ANSWERS: Answer[][] = [
  [
    {
      status: 'answered',
      answer: 'Acme Ltd and Buyer plc',
      value: 'Acme Ltd; Buyer plc',
      display: 'Acme Ltd; Buyer plc',
      evidence: [quote(1, 'This Agreement is made between Acme Ltd and Buyer plc.', 'i')],
    },
    {
      status: 'answered',
      answer: 'It is effective 1 March 2024.',
      value: '2024-03-01',
      display: '1 Mar 2024',
      evidence: [quote(2, 'effective as of 1 March 2024', 'ii')],
    },
    {
      status: 'answered',
      answer: 'Three years',
      value: 'P3Y',
      display: '3 years',
      evidence: [quote(151, 'an initial term of three (3) years', '149', 'Clause 2 > Term')],
    },
    {
      ...yes,
      evidence: [quote(152, 'shall renew automatically for successive periods of one year', '150')],
    },
    {
      status: 'answered',
      answer: LONG_ANSWER,
      value: 'GBP 5000000',
      display: 'GBP 5,000,000',
      evidence: [quote(201, `capped at five million pounds ${HOSTILE.script}`, '199')],
    },
    { ...england, evidence: [quote(288, 'governed by the laws of England and Wales', '286')] },
    {
      status: 'answered',
      answer: 'Either party may terminate on 90 days notice.',
      value: 'Either party may terminate this Agreement for convenience on ninety days notice.',
      display: '“Either party may terminate this Agreement for convenience on ninety days notice.”',
      evidence: [
        quote(
          160,
          'Either party may terminate this Agreement for convenience on ninety days notice.',
          '158',
        ),
      ],
    },
    {
      status: 'answered',
      answer: '90',
      value: '90',
      display: '90',
      evidence: [quote(160, 'ninety days notice', '158')],
    },
  ],
  [
    {
      status: 'answered',
      answer: 'Globex Corporation and Buyer plc',
      value: 'Globex Corporation; Buyer plc',
      display: 'Globex Corporation; Buyer plc',
      evidence: [quote(1, 'Globex Corporation ("Supplier")')],
    },
    {
      status: 'answered',
      answer: HOSTILE.minus,
      value: HOSTILE.minus,
      display: HOSTILE.minus,
      evidence: [quote(3, HOSTILE.sum)],
    },
    {
      status: 'answered',
      answer: 'Three years',
      value: 'P3Y',
      display: '3 years',
      evidence: [quote(4, 'three years')],
    },
    { ...no, evidence: [quote(5, 'This Agreement shall not renew.')] },
    {
      status: 'answered',
      answer: HOSTILE.cmd,
      value: HOSTILE.cmd,
      display: HOSTILE.cmd,
      evidence: [quote(20, HOSTILE.hyperlink)],
    },
    {
      status: 'answered',
      answer: 'New York law applies.',
      value: 'New York',
      display: 'New York',
      disagrees: true,
      evidence: [quote(44, 'the laws of the State of New York')],
    },
    { ...notStated },
    {
      status: 'failed',
      error: 'The LLM server kept rate-limiting the requests (HTTP 429).',
      coverage: { chunksRead: 3, chunks: 8, pages: { first: 1, last: 17 }, complete: false },
    },
  ],
  [
    {
      status: 'answered',
      answer: HOSTILE.script,
      value: HOSTILE.script,
      display: HOSTILE.script,
      evidence: [{ section: HOSTILE.script, quote: HOSTILE.script }],
    },
    { status: 'answered', answer: '1 March 2024', value: '2024-03-01', display: '1 Mar 2024' },
    {
      status: 'cut',
      answer: 'The initial term is three years unless',
      display: 'The initial term is three years unless',
    },
    { ...notStated },
    { ...notStated, coverage: { chunksRead: 2, chunks: 5, complete: false } },
    { ...england },
    { status: 'answered', answer: HOSTILE.tab, value: HOSTILE.tab, display: HOSTILE.tab },
    { status: 'answered', answer: HOSTILE.cr, value: HOSTILE.cr, display: HOSTILE.cr },
  ],
  [
    {
      status: 'answered',
      answer: HOSTILE.hyperlink,
      value: HOSTILE.hyperlink,
      display: HOSTILE.hyperlink,
      evidence: [quote(1, HOSTILE.hyperlink, HOSTILE.bidi)],
    },
    { status: 'answered', answer: '2024-03-01', value: '2024-03-01', display: '1 Mar 2024' },
    { status: 'answered', answer: 'Five years', value: 'P5Y', display: '5 years' },
    { ...yes },
    {
      status: 'answered',
      answer: HOSTILE.excelEscape,
      value: HOSTILE.excelEscape,
      display: HOSTILE.excelEscape,
    },
    { ...england },
    { status: 'queued', coverage: { chunksRead: 0, chunks: 3, complete: false } },
    {
      status: 'reading',
      coverage: { chunksRead: 1, chunks: 3, pages: { first: 1, last: 4 }, complete: false },
    },
  ],
  [
    {
      status: 'answered',
      answer: '株式会社東京商事および買主',
      value: '株式会社東京商事; 買主',
      display: '株式会社東京商事; 買主',
      evidence: [quote(1, HOSTILE.cjk, '表紙')],
    },
    {
      status: 'answered',
      answer: '2024年3月1日',
      value: '2024-03-01',
      display: '1 Mar 2024',
      evidence: [quote(2, '2024年3月1日から効力を生じる')],
    },
    { status: 'answered', answer: '3年間', value: 'P3Y', display: '3 years' },
    { ...yes },
    { ...notStated },
    {
      status: 'answered',
      answer: '日本法',
      value: 'Japan',
      display: 'Japan',
      disagrees: true,
      evidence: [quote(30, '本契約は日本法に準拠する。')],
    },
    { status: 'no_answer' },
    { status: 'answered', answer: '30日', value: '30', display: '30' },
  ],
  [
    {
      status: 'answered',
      answer: HOSTILE.bidi,
      value: HOSTILE.bidi,
      display: HOSTILE.bidi,
      evidence: [quote(1, HOSTILE.bidi)],
    },
    {
      status: 'answered',
      answer: HOSTILE.controls,
      value: '2024-03-01',
      display: '1 Mar 2024',
      evidence: [quote(2, HOSTILE.controls, HOSTILE.controls, HOSTILE.controls)],
    },
    { status: 'answered', answer: 'Three years', value: 'P3Y', display: '3 years' },
    { ...yes },
    { status: 'answered', answer: HOSTILE.sum, value: HOSTILE.sum, display: HOSTILE.sum },
    { ...england, answer: HOSTILE.arabic, evidence: [quote(9, HOSTILE.arabic)] },
    {
      status: 'cancelled',
      coverage: { chunksRead: 1, chunks: 2, pages: { first: 1, last: 5 }, complete: false },
    },
    { status: 'answered', answer: '60', value: '60', display: '60' },
  ],
];

/** The review as the store would give it; a fresh copy each call. */
export function reviewFixture(): ReviewMatrix {
  const cells: ReviewCell[] = [];
  DOCUMENTS.forEach((document, d) => {
    QUESTIONS.forEach((question, q) => {
      const answer = ANSWERS[d]?.[q];
      if (answer === undefined) throw new Error(`no cell ${d}×${q}`);
      const started = answer.status !== 'queued';
      cells.push({
        documentId: document.id,
        questionId: question.id,
        coverage: structuredClone(COVER[d] ?? ALL),
        evidence: [],
        history: [],
        ...(started ? { runId: `00000000-0000-4000-8000-0000000${d}${q}000`.slice(0, 36) } : {}),
        ...structuredClone(answer),
      });
    });
  });
  // One cell read twice: its earlier answer is kept in its history.
  const law = cells.find((c) => c.documentId === DOCUMENTS[1]?.id && c.questionId === 'q-law');
  law?.history.push({
    runId: '11111111-1111-4111-8111-111111111111',
    status: 'answered',
    answer: 'Delaware',
    display: 'Delaware',
    endedAt: Date.UTC(2026, 0, 5, 9, 30),
    backend: { kind: 'vllm', name: 'Lab H100', baseUrl: 'http://127.0.0.1:8000/v1' },
  });
  return {
    review: {
      id: '22222222-2222-4222-8222-222222222222',
      title: `Supplier contracts Q1 ${HOSTILE.script}`,
      checklistName: 'Supplier contract review',
      state: 'running',
      createdAt: Date.UTC(2026, 0, 6, 8, 0),
      updatedAt: Date.UTC(2026, 0, 6, 9, 15),
      backend: { kind: 'vllm', name: 'Lab H100', baseUrl: 'http://127.0.0.1:8000/v1' },
      counts: { cells: 48, done: 44, reading: 1, queued: 1, failed: 1 },
    },
    // Named as every matrix read names its rows (review-matrix.ts).
    documents: labelReviewDocuments(structuredClone(DOCUMENTS)),
    questions: structuredClone(QUESTIONS),
    cells,
  };
}

/** The raw control and bidi characters in `text`, as code points (newline, tab and CR aside). */
export function rawControls(text: string): string[] {
  return [...text.matchAll(/[\p{Cc}\p{Bidi_Control}]/gu)]
    .map((m) => m[0])
    .filter((c) => c !== '\n' && c !== '\t' && c !== '\r')
    .map((c) => `U+${(c.codePointAt(0) ?? 0).toString(16).padStart(4, '0')}`);
}
