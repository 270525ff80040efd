// Counts in words: "1 chunk", "35 chunks", "1,151 pages".

/**
 * `n` with its noun, singular for exactly one. `many` defaults to the noun plus "s", which
 * covers every noun the app counts; pass it for the others ("1 memory", "2 memories").
 */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}
