import type { FinalPrompt } from '../../../shared/model.ts';

const THINK_CLOSE = '</think>';

/**
 * The reply without a reasoning model's thinking: the text after the last `</think>`, trimmed
 * (as the upstream MemAgent code does). A reply without `</think>` is returned unchanged, except
 * one that opens `<think>` and never closes it: that is all thinking, so the reply is empty.
 */
export function stripThinking(reply: string): string {
  const close = reply.lastIndexOf(THINK_CLOSE);
  if (close >= 0) return reply.slice(close + THINK_CLOSE.length).trim();
  if (reply.trimStart().startsWith('<think>')) return '';
  return reply;
}

const BOX_OPENERS = ['\\boxed{', '\\fbox{'];

/**
 * For each `{` of `text` (indexed by its position), the index of the `}` that closes it, or -1 when it never closes: one
 * pass with a stack, so a reply of many unclosed boxes costs no more than its length (scanning
 * from each opener instead was quadratic: 40,000 unclosed `\boxed{` took seconds).
 */
function closingBraces(text: string): Int32Array {
  const closes = new Int32Array(text.length).fill(-1);
  const open: number[] = [];
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c === 0x7b /* { */) open.push(i);
    else if (c === 0x7d /* } */) {
      const at = open.pop();
      if (at !== undefined) closes[at] = i;
    }
  }
  return closes;
}

/** Start indices of every `\boxed{` / `\fbox{`, in text order. */
function boxStarts(text: string): { at: number; brace: number }[] {
  const starts: { at: number; brace: number }[] = [];
  for (const opener of BOX_OPENERS) {
    let from = 0;
    for (;;) {
      const at = text.indexOf(opener, from);
      if (at < 0) break;
      starts.push({ at, brace: at + opener.length - 1 });
      from = at + 1;
    }
  }
  return starts.sort((a, b) => a.at - b.at);
}

/**
 * The content of the last `\boxed{...}` whose braces balance and that holds something: an empty
 * box is no answer, and neither is a box that never closes (a reply cut at its token limit ends
 * inside it: `\boxed{73` of `7318-Quartz`). Such a box falls back to the previous complete one.
 * Null when the reply has no complete box with content. Linear in the reply's length: boxes
 * whose content is blank hold no other box, so the contents trimmed here do not overlap.
 */
export function extractBoxed(reply: string): string | null {
  const starts = boxStarts(reply);
  if (starts.length === 0) return null;
  const closes = closingBraces(reply);
  for (let i = starts.length - 1; i >= 0; i -= 1) {
    const brace = (starts[i] as { brace: number }).brace;
    const close = closes[brace] ?? -1;
    if (close < 0) continue;
    const content = reply.slice(brace + 1, close).trim();
    if (content) return content;
  }
  return null;
}

const ANSWER_IS = /the answer is/gi;

/**
 * What follows the last "the answer is" (any case): its first non-empty line, without a leading
 * colon, surrounding quotes or bold markers and a trailing period. Null when the phrase is absent
 * or nothing follows it.
 */
export function extractAnswerIs(reply: string): string | null {
  let end = -1;
  for (const match of reply.matchAll(ANSWER_IS)) end = match.index + match[0].length;
  if (end < 0) return null;
  const rest = reply.slice(end);
  const line = rest.split('\n').find((l) => l.trim() !== '') ?? '';
  let answer = line.trim().replace(/^[:：]\s*/, '');
  const boxed = extractBoxed(answer);
  if (boxed !== null) answer = boxed;
  answer = cleanEnds(answer);
  return answer === '' ? null : answer;
}

const QUOTE_OPEN = new Set(['"', "'", '“', '‘', '«', '`']);
const QUOTE_CLOSE = new Set(['"', "'", '”', '’', '»', '`']);
const isSpace = (c: string): boolean => /\s/u.test(c);

/**
 * Strips wrapping that models add around a short answer: "**Paris**.", "'Paris'", "(Paris).".
 * Round by round until nothing changes: trailing periods, then one pair of `**`, one pair of
 * quotes, and a lone straight or curly double quote at either end, trimming after each. The
 * text is never copied inside the loop (only two ends move), so a line of 40,000 `*` or quotes
 * takes linear time rather than one copy per pair.
 */
function cleanEnds(text: string): string {
  let lo = 0;
  let hi = text.length;
  const trim = (): void => {
    while (lo < hi && isSpace(text.charAt(lo))) lo += 1;
    while (hi > lo && isSpace(text.charAt(hi - 1))) hi -= 1;
  };
  trim();
  for (let previous = [-1, -1]; previous[0] !== lo || previous[1] !== hi;) {
    previous = [lo, hi];
    while (hi > lo && (text[hi - 1] === '.' || text[hi - 1] === '。')) hi -= 1;
    trim();
    if (hi - lo >= 4 && text.startsWith('**', lo) && text.startsWith('**', hi - 2)) {
      lo += 2;
      hi -= 2;
      trim();
    }
    if (hi - lo >= 2 && QUOTE_OPEN.has(text.charAt(lo)) && QUOTE_CLOSE.has(text.charAt(hi - 1))) {
      lo += 1;
      hi -= 1;
      trim();
    }
    if (hi > lo && (text[lo] === '"' || text[lo] === '“')) lo += 1;
    if (hi > lo && (text[hi - 1] === '"' || text[hi - 1] === '”')) hi -= 1;
    trim();
  }
  return text.slice(lo, hi);
}

/**
 * The answer as the upstream evaluation extracts it (`extract_answer` in
 * taskutils/memory_eval/utils, ../shared/MEMAGENT.md): `*` removed, then what follows the last
 * case-sensitive "the answer is" ("The answer is X" alone gives nothing), trimmed, periods
 * stripped from both ends. For `boxed`, the last balanced `\boxed{}`. Null when there is none or
 * it is empty (upstream scores an empty prediction 0). `memagent eval --extraction upstream`.
 */
export function extractAnswerUpstream(reply: string, final: FinalPrompt): string | null {
  const text = stripThinking(reply);
  if (final === 'boxed') return extractBoxed(text);
  const plain = text.replaceAll('*', '');
  const at = plain.lastIndexOf('the answer is');
  if (at < 0) return null;
  const answer = plain
    .slice(at + 'the answer is'.length)
    .trim()
    .replace(/^\.+|\.+$/g, '')
    .trim();
  return answer === '' ? null : answer;
}

/**
 * The answer of a final reply (thinking already stripped or not). For `boxed`: the last balanced
 * `\boxed{}`; for `text`: what follows the last "the answer is". Each falls back to the other
 * form, because models asked for one sometimes write the other. Null when neither is present.
 *
 * `cut`: the reply hit its token limit, so its last line stops mid-way; an answer on that line
 * ("the answer is 73…") may be cut short and is not taken. A balanced box is complete wherever
 * it stands.
 */
export function extractAnswer(
  reply: string,
  final: FinalPrompt,
  options: { cut?: boolean } = {},
): string | null {
  const text = stripThinking(reply);
  const lines = options.cut === true ? text.slice(0, Math.max(0, text.lastIndexOf('\n'))) : text;
  if (final === 'boxed') return extractBoxed(text) ?? extractAnswerIs(lines);
  return extractAnswerIs(lines) ?? extractBoxed(text);
}
