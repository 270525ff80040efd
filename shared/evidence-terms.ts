// The words evidence is matched on: lower-cased letters and digits without stop-words, and for
// scripts written without spaces (Chinese, Japanese, Korean runs) character bigrams, so an answer
// and a sentence of such text still share terms. Pure; shared by evidence finding and its bench.

const STOP_WORDS = new Set(
  [
    // English
    'a an the and or but nor if then else of in on at to for from by with without about as into',
    'onto over under after before between through during within upon than so such is are was',
    'were be been being am do does did done doing has have had having can could will would shall',
    'should may might must what which who whom whose when where why how that this these those it',
    'its itself he him his she her hers they them their theirs there here we us our ours you your',
    'yours my mine me not no yes any all each every some one ones other also only just very too',
    'more most much many few less least own same both either neither per via etc ie eg vs',
    'according answer question memory based therefore',
    // German
    'der die das den dem des ein eine einer eines einem einen und oder aber nicht ist sind war',
    'waren wird werden wurde mit von zu zum zur auf aus bei nach im ins für über unter als wie',
    'auch es sie er wir ihr ich dass daß',
    // French
    'le la les un une des du de et ou mais ne pas est sont était été avec pour par sur dans au',
    'aux ce cette ces qui que quoi il elle ils elles nous vous je se sa son ses leur leurs',
    // Spanish, Italian, Portuguese
    'el los las del y o pero es son fue con para por en al lo que se su sus una uno il lo gli',
    'di da e è con per non che un os as do da dos das em um uma ao não',
  ]
    .join(' ')
    .split(/\s+/),
);

/** Han, kana and Hangul: scripts whose words are not separated by spaces. */
const SPACELESS = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}ー]/u;
const HIRAGANA_ONLY = /^[\p{Script=Hiragana}ー]+$/u;
/**
 * The longest token: a longer run of letters is cut into pieces this long. No real word is
 * longer, and V8's regexp engine overflows its stack on an unbounded `+` over this class for
 * one "word" of megabytes (a memory from a server that ignored its token limit, "Ωa" × 3 M).
 */
export const MAX_TOKEN_CHARS = 256;
const TOKEN = new RegExp(`[\\p{L}\\p{N}\\p{M}]{1,${MAX_TOKEN_CHARS}}`, 'gu');
/** A token's spaceless-script and other parts ("pdf形式で" → "pdf", "形式で"). */
const PARTS =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}ー\p{M}]+|[^\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}ー\p{M}]+/gu;

export const isNumber = (term: string): boolean => /^\p{N}+$/u.test(term);

/**
 * The tokens of `text` in order, lower-cased and NFKC-normalised (full-width digits and letters
 * match their ASCII forms). A run of spaceless script becomes its overlapping character bigrams
 * (a lone character stays itself); bigrams of hiragana only are grammar ("して", "です") and are
 * dropped like stop-words. A run of letters longer than `MAX_TOKEN_CHARS` is cut into pieces
 * of that length, so any text, however long its words, is tokenised.
 */
export function tokens(text: string): string[] {
  const out: string[] = [];
  for (const match of text.normalize('NFKC').toLowerCase().matchAll(TOKEN)) {
    const word = match[0];
    if (!SPACELESS.test(word)) {
      out.push(word);
      continue;
    }
    // Split the run into spaceless and spaced parts ("pdf形式で" → "pdf", "形式で").
    // A token is at most MAX_TOKEN_CHARS long, so these unbounded runs are short.
    for (const part of word.match(PARTS) ?? []) {
      if (!SPACELESS.test(part)) {
        out.push(part);
        continue;
      }
      const chars = [...part];
      if (chars.length === 1) {
        if (!HIRAGANA_ONLY.test(part)) out.push(part);
        continue;
      }
      for (let i = 0; i + 1 < chars.length; i += 1) {
        const bigram = `${chars[i] ?? ''}${chars[i + 1] ?? ''}`;
        if (!HIRAGANA_ONLY.test(bigram)) out.push(bigram);
      }
    }
  }
  return out;
}

/** Content terms of a token list: stop-words and one-letter Latin words dropped. */
export function contentTerms(list: readonly string[]): string[] {
  return list.filter(
    (t) => !STOP_WORDS.has(t) && (t.length > 1 || SPACELESS.test(t) || isNumber(t)),
  );
}

/** The distinct content terms of `text`. */
export function termSet(text: string): Set<string> {
  return new Set(contentTerms(tokens(text)));
}

/**
 * Adjacent pairs of `text`'s tokens ("7 alpha", "alpha 42"), for phrase matches; pairs of two
 * stop-words say nothing and are left out. Spaceless scripts already match by bigrams.
 */
export function phrasePairs(list: readonly string[]): Set<string> {
  const pairs = new Set<string>();
  for (let i = 0; i + 1 < list.length; i += 1) {
    const a = list[i] ?? '';
    const b = list[i + 1] ?? '';
    if (STOP_WORDS.has(a) && STOP_WORDS.has(b)) continue;
    if (SPACELESS.test(a) || SPACELESS.test(b)) continue;
    pairs.add(`${a} ${b}`);
  }
  return pairs;
}
