import { describe, expect, it } from 'vitest';
import { findAllFolded, findFolded, foldText, searchWords } from './search-fold.ts';

describe('the history search’s fold', () => {
  it('folds case and accents, keeps what makes another letter (で is not て)', () => {
    expect(foldText('Résumé ÉTÉ Σοφίας')).toBe('resume ete σοφιασ');
    expect(foldText('東京で')).toBe('東京で');
  });

  it('splits a search into words, each once, longest first', () => {
    expect(searchWords('  sysrq  Trigger SYSRQ ').map((w) => w.folded)).toEqual([
      'trigger',
      'sysrq',
    ]);
  });

  it('finds words in the text as it stands, accents and all', () => {
    const text = 'Le RÉSUMÉ du café, puis le Café.';
    expect(findFolded(text, ['cafe'])).toEqual([13, 17]);
    const spans = findAllFolded(text, ['cafe', 'resume']);
    expect(spans.map(([s, e]) => text.slice(s, e))).toEqual(['RÉSUMÉ', 'café', 'Café']);
    // Words typed together are marked together.
    const phrase = findFolded('The captain is Ahab.', ['captain', 'is']);
    expect(phrase && 'The captain is Ahab.'.slice(...phrase)).toBe('captain is');
  });
});
