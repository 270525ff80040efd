// Counts in words: "1 chunk", "35 chunks", "1,151 pages".

// One formatter: `toLocaleString` builds a new one on every call, which was the review table's
// most expensive step while cells stream in (a cell's coverage and aria-label count chunks).
const EN_US = new Intl.NumberFormat('en-US');

/**
 * `n` with its noun, singular for exactly one. `many` defaults to the noun plus "s", which
 * covers every noun the app counts; pass it for the others ("1 memory", "2 memories").
 */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${EN_US.format(n)} ${n === 1 ? one : many}`;
}
