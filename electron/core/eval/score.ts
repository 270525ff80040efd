// The scoring of MemAgent's evaluation protocol (RULER-HotpotQA, the paper's Table 2), as
// described in ../shared/MEMAGENT.md: normalize, EM, sub-EM (the paper's accuracy) and F1.

const ASCII_PUNCTUATION = /[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/g;

// Word boundaries as Python's Unicode-aware \b: "déa" keeps its "a".
const ARTICLES = /(?<![\p{L}\p{N}_])(a|an|the)(?![\p{L}\p{N}_])/gu;

/** Lowercase, drop ASCII punctuation, drop the articles a/an/the as words, collapse whitespace. */
export function normalizeAnswer(s: string): string {
  return s
    .toLowerCase()
    .replace(ASCII_PUNCTUATION, '')
    .replace(ARTICLES, ' ')
    .split(/\s+/)
    .filter((w) => w !== '')
    .join(' ');
}

/** Exact match after normalization. */
export function exactMatch(prediction: string, gold: string): boolean {
  return normalizeAnswer(prediction) === normalizeAnswer(gold);
}

/** Substring match either way after normalization (the paper's accuracy). */
export function subExactMatch(prediction: string, gold: string): boolean {
  const p = normalizeAnswer(prediction);
  const g = normalizeAnswer(gold);
  return p.includes(g) || g.includes(p);
}

const SPECIAL = new Set(['yes', 'no', 'noanswer']);

/** Token-level F1 with multiset overlap; 0 when yes/no/noanswer meets something else. */
export function f1Score(prediction: string, gold: string): number {
  const p = normalizeAnswer(prediction);
  const g = normalizeAnswer(gold);
  if ((SPECIAL.has(p) || SPECIAL.has(g)) && p !== g) return 0;
  const pt = p === '' ? [] : p.split(' ');
  const gt = g === '' ? [] : g.split(' ');
  const counts = new Map<string, number>();
  for (const t of gt) counts.set(t, (counts.get(t) ?? 0) + 1);
  let same = 0;
  for (const t of pt) {
    const n = counts.get(t) ?? 0;
    if (n > 0) {
      same += 1;
      counts.set(t, n - 1);
    }
  }
  if (same === 0) return 0;
  const precision = same / pt.length;
  const recall = same / gt.length;
  return (2 * precision * recall) / (precision + recall);
}

export interface RowScore {
  em: number;
  subEm: number;
  f1: number;
}

/**
 * Scores one row: the extracted prediction against `answers[0]`, the gold answer the protocol
 * scores. No extractable answer scores all zeros, and so does a prediction that normalizes to
 * nothing (".", "the"): otherwise sub-EM would count the empty string as a substring of every gold.
 */
export function scoreRow(prediction: string | null, answers: readonly string[]): RowScore {
  const gold = answers[0];
  if (prediction === null || gold === undefined || normalizeAnswer(prediction) === '')
    return { em: 0, subEm: 0, f1: 0 };
  return {
    em: exactMatch(prediction, gold) ? 1 : 0,
    subEm: subExactMatch(prediction, gold) ? 1 : 0,
    f1: f1Score(prediction, gold),
  };
}

/**
 * RULER's "string match all" (upstream ruler_general.py, from RULER): the fraction of `refs`
 * found, case-insensitively, anywhere in the prediction. 0 without a prediction.
 */
export function stringMatchAll(prediction: string | null, refs: readonly string[]): number {
  if (prediction === null || refs.length === 0) return 0;
  const p = prediction.toLowerCase();
  return refs.filter((r) => p.includes(r.toLowerCase())).length / refs.length;
}
