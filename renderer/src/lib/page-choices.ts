// What a typed page means: a printed label ("iv", "5") or a page count from the start. When it
// names several pages (labels repeat across parts of a book; "5" may be printed on page 7 while
// page 5 is printed "iii"), every candidate is offered rather than one picked silently.
import type { PageSpan } from '../../../shared/model.ts';
import { pageName as namePage } from '../../../shared/page-label.ts';

export interface PageChoice {
  /** 1-based page number. */
  page: number;
  label?: string;
  /** Why it matches: its printed label, or its position from the start. */
  by: 'label' | 'number';
}

export function pageChoices(pages: readonly PageSpan[], typed: string): PageChoice[] {
  const key = typed.trim();
  if (key === '') return [];
  const lower = key.toLowerCase();
  const choices: PageChoice[] = [];
  for (const p of pages) {
    if (p.label !== undefined && p.label.toLowerCase() === lower)
      choices.push({ page: p.number, label: p.label, by: 'label' });
  }
  const n = /^\d+$/.test(key) ? Number(key) : NaN;
  const byNumber = pages.find((p) => p.number === n);
  // A page number that is also its own printed label is one page, not two choices.
  if (byNumber && !choices.some((c) => c.page === byNumber.number)) {
    const choice: PageChoice = { page: byNumber.number, by: 'number' };
    if (byNumber.label !== undefined) choice.label = byNumber.label;
    choices.push(choice);
  }
  return choices;
}

/** "p. 5 (PDF page 7)", or "p. 7" when it has no other label (shared/page-label.ts). */
export function pageName(choice: { page: number; label?: string | undefined }): string {
  return namePage(choice.page, choice.label);
}
