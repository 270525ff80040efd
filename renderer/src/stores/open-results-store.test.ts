import { beforeEach, describe, expect, it } from 'vitest';
import {
  FOLD_OPENED_FROM,
  addOpenRow,
  clearOpenRows,
  dismissOpenRow,
  dropOpenRowsOf,
  foldOpenRows,
  keepOpenSource,
  keptOpenSources,
  openSourceOf,
  setOpenOutcome,
  useOpenResultsStore,
  type OpenSource,
} from './open-results-store.ts';

const bytes = (name: string): OpenSource => ({ kind: 'bytes', name, data: new Uint8Array(64) });

beforeEach(() => {
  clearOpenRows();
  for (const r of useOpenResultsStore.getState().rows) dismissOpenRow(r.id);
});

/** A row for a dropped file, its bytes kept as openSource keeps them, with `outcome`. */
function row(name: string, state: 'password' | 'opened' | 'opening' | 'failed'): number {
  const id = addOpenRow(name);
  keepOpenSource(id, bytes(name));
  if (state === 'password') setOpenOutcome(id, { state: 'password', wrong: false });
  if (state === 'opened') setOpenOutcome(id, { state: 'opened', documentId: `doc-${name}` });
  if (state === 'failed')
    setOpenOutcome(id, { state: 'failed', error: { kind: 'Damaged', message: 'damaged' } });
  return id;
}

describe('the opened-files rows', () => {
  it('"Clear all" forgets the bytes kept for password rows, and keeps those of files still opening', () => {
    const locked = row('secret.pdf', 'password');
    const other = row('other.pdf', 'password');
    const busy = row('big.pdf', 'opening');
    expect(keptOpenSources()).toBe(3);
    clearOpenRows();
    expect(openSourceOf(locked)).toBeUndefined();
    expect(openSourceOf(other)).toBeUndefined();
    expect(openSourceOf(busy)?.name).toBe('big.pdf');
    expect(keptOpenSources()).toBe(1);
    expect(useOpenResultsStore.getState().rows.map((r) => r.id)).toEqual([busy]);
  });

  it('dismissing one row forgets its bytes only', () => {
    const a = row('a.pdf', 'password');
    const b = row('b.pdf', 'password');
    dismissOpenRow(a);
    expect(openSourceOf(a)).toBeUndefined();
    expect(openSourceOf(b)?.name).toBe('b.pdf');
  });

  it('folds the files that opened from five rows on; failures and passwords stay shown', () => {
    for (const name of ['1.pdf', '2.pdf', '3.pdf']) row(name, 'opened');
    row('bad.pdf', 'failed');
    const four = useOpenResultsStore.getState().rows;
    expect(foldOpenRows(four)).toEqual({ folded: [], shown: four });
    row('locked.pdf', 'password');
    const five = useOpenResultsStore.getState().rows;
    expect(five).toHaveLength(FOLD_OPENED_FROM);
    const { folded, shown } = foldOpenRows(five);
    expect(folded.map((r) => r.name)).toEqual(['1.pdf', '2.pdf', '3.pdf']);
    expect(shown.map((r) => r.name)).toEqual(['bad.pdf', 'locked.pdf']);
  });
});

describe('a document removed from the library', () => {
  it('takes its "opened" rows with it; other files and other outcomes stay', () => {
    row('a.pdf', 'opened');
    row('b.pdf', 'opened');
    row('a.pdf', 'failed');
    dropOpenRowsOf('doc-a.pdf');
    expect(useOpenResultsStore.getState().rows.map((r) => `${r.name} ${r.outcome.state}`)).toEqual([
      'b.pdf opened',
      'a.pdf failed',
    ]);
  });
});
