// Hints written for people mark commands and URLs with Markdown backticks (`vllm serve …`).
// Only that one mark is understood; everything stays text, so a hint quoting a document or a
// model can never become markup.

export interface HintPart {
  text: string;
  code: boolean;
}

/**
 * Splits `text` at pairs of backticks into plain and code parts. An unpaired backtick is kept as
 * it is; empty parts are dropped.
 */
export function splitInlineCode(text: string): HintPart[] {
  const parts: HintPart[] = [];
  const pattern = /`([^`\n]+)`/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) parts.push({ text: text.slice(last, match.index), code: false });
    parts.push({ text: match[1] ?? '', code: true });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), code: false });
  return parts;
}
