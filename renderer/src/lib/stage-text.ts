// How the progress of reading a document's text is said: its stage, and pages done of how many.
import type { Events } from '../../../shared/api.ts';

type Progress = Events['document:progress'];

// `satisfies`: a new stage in shared/api.ts needs its label here.
export const STAGES = {
  reading: 'Reading',
  extracting: 'Extracting text',
  recognising: 'Recognising scanned pages (OCR)',
  tokenizing: 'Counting tokens',
} satisfies Record<Progress['stage'], string>;

/** Whether `done of total` is a count (before the first page is done, 0 of 1 is a placeholder). */
export function hasCount(p: Progress): boolean {
  return p.stage !== 'reading' && p.total > 0 && !(p.done === 0 && p.total === 1);
}

/** "Recognising scanned pages (OCR) 3 of 40 pages". */
export function stageText(p: Progress): string {
  if (!hasCount(p)) return STAGES[p.stage];
  const pages = p.stage === 'extracting' || p.stage === 'recognising';
  const unit = pages ? (p.total === 1 ? ' page' : ' pages') : '';
  return `${STAGES[p.stage]} ${p.done} of ${p.total}${unit}`;
}
