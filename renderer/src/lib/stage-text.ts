// How the progress of reading a document's text is said: its stage, and pages done of how many.
import type { Events } from '../../../shared/api.ts';
import { plural } from '../../../shared/plural.ts';

type Progress = Events['document:progress'];

// `satisfies`: a new stage in shared/api.ts needs its label here.
export const STAGES = {
  reading: 'Reading',
  extracting: 'Extracting text',
  recognising: 'Recognising scanned pages (OCR)',
  tokenizing: 'Counting tokens',
} satisfies Record<Progress['stage'], string>;

/**
 * Whether `done of total` is worth saying: not for one unit ("Extracting text 0 of 1" is a
 * placeholder, and "1 of 1" comes as it ends).
 */
export function hasCount(p: Progress): boolean {
  return p.stage !== 'reading' && p.total > 1;
}

/** "Recognising scanned pages (OCR) 3 of 40 pages", or "Extracting text…" without a count. */
export function stageText(p: Progress): string {
  if (!hasCount(p)) return `${STAGES[p.stage]}…`;
  const pages = p.stage === 'extracting' || p.stage === 'recognising';
  return `${STAGES[p.stage]} ${p.done} of ${pages ? plural(p.total, 'page') : p.total.toLocaleString('en-US')}`;
}
