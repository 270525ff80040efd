// Word counts of memory texts, computed once per text and shared by the change measure and the
// evidence trail (a 700-chunk run has about 3 MB of memory text).

const bags = new Map<string, Map<string, number>>();
const MAX_CACHED = 4000;

/** Lower-cased words (letters and digits) of `text` with their counts. */
export function wordBag(text: string): Map<string, number> {
  const cached = bags.get(text);
  if (cached) return cached;
  const counts = new Map<string, number>();
  for (const word of text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (word) counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  if (bags.size >= MAX_CACHED) bags.clear();
  bags.set(text, counts);
  return counts;
}
