// A model's answer to a checklist question, read for the question's kind: the table shows Yes,
// No or Not stated, a date, an amount with its currency ..., and keeps the model's own words
// beside. Every answer is data: it is matched, never evaluated or trusted as markup.
import { readAmount } from './answer-amount.ts';
import { readDate } from './answer-date.ts';
import { readDuration } from './answer-duration.ts';
import { readNumber } from './answer-number.ts';
import type { AnswerValue, NormalisedAnswer, YesNoValue } from './answer-value.ts';
import type { AnswerKind } from './checklist.ts';

/** "Based on the memory, " / "According to the contract, ": what models say before the answer. */
const LEAD_IN =
  /^(?:based\s+on|according\s+to|from|per)\s+(?:the\s+)?(?:provided\s+|previous\s+|available\s+)?(?:memory|document|agreement|contract|text|information|lease|section|context)\s*,\s*/i;

/** The words as they are, trimmed; markdown emphasis, a lead-in and enclosing quotes taken off. */
export function cleanAnswer(words: string): string {
  let text = words.trim().replace(/\*\*|__|`/g, '');
  text = text
    .replace(/^(?:final\s+)?answer\s*[:：]\s*/i, '')
    .replace(/^(?:therefore,\s*)?the answer is[:\s]*/i, '')
    .replace(LEAD_IN, '');
  const quoted = /^["“”'‘’«「『](.*)["“”'‘’»」』]\.?$/su.exec(text.trim());
  return (quoted ? quoted[1]! : text).trim();
}

// The ways models say the document does not answer, matched at the start of the answer (after a
// subject such as "The contract"), so that "No, the document does not allow it" stays a No.
const SUBJECT = String.raw`(?:(?:the|this)\s+(?:document|agreement|contract|text|lease|memory|nda|policy|book|chapter|thesis|article|section|provided\s+\w+)\s+|it\s+|this\s+)?`;
const NOT_STATED = [
  String.raw`not\s+(?:(?:explicitly|expressly|clearly|specifically)\s+)?(?:stated|specified|mentioned|provided|given|found|available|disclosed|addressed|indicated|defined|known|applicable|determinable|clear)`,
  String.raw`(?:is|was|are)\s+not\s+(?:(?:explicitly|expressly|clearly|specifically)\s+)?(?:stated|specified|mentioned|provided|given|found|available|disclosed|addressed|indicated|defined|known|clear)`,
  String.raw`(?:does|did|do)\s*(?:not|n['’]t)\s+(?:say|state|specify|mention|provide|contain|include|address|indicate|give|disclose|define)`,
  String.raw`(?:is|are)\s+silent`,
  String.raw`nothing\s+(?:in|about)\b`,
  String.raw`non[-\s]?applicable`,
  String.raw`(?:there\s+is\s+)?no\s+(?:(?:specific|explicit|relevant|further|clear|such)\s+)?(?:information|mention|answer|details?|data|indication|reference|statement)\b`,
  String.raw`n\s*/\s*a\b`,
  String.raw`none\s+(?:stated|specified|given|mentioned)`,
  String.raw`unknown\b`,
  String.raw`(?:cannot|can\s*not|can['’]t)\s+be\s+determined`,
  String.raw`(?:i\s+)?(?:cannot|can\s*not|can['’]t)\s+(?:find|determine|tell)`,
  String.raw`unable\s+to\s+(?:find|determine)`,
  String.raw`insufficient\s+information`,
  String.raw`no\s+answer`,
];
const NOT_STATED_START = new RegExp(String.raw`^${SUBJECT}(?:${NOT_STATED.join('|')})`, 'i');
/** Japanese: 記載なし / 記載されていません / 不明 / 該当なし. */
const NOT_STATED_JA =
  /^(?:記載(?:なし|が?ありません|されていません)|不明|該当なし|言及(?:なし|されていません))/;

/** True when the answer says the document does not answer the question. */
export function isNotStated(clean: string): boolean {
  return clean === '' || NOT_STATED_START.test(clean) || NOT_STATED_JA.test(clean);
}

// A hyphen does not end the word: "Non-applicable" is no "non".
const YES = /^(?:yes|yeah|yep|oui|ja|sí|si|はい)(?=$|[\s.,;:!?()。、—–])/i;
const NO = /^(?:no|nope|non|nein|いいえ)(?=$|[\s.,;:!?()。、—–])/i;

/** Yes or No leading the answer; `qualified` when words follow ("Yes, subject to ..."). */
export function readYesNo(clean: string): YesNoValue | undefined {
  const match = YES.exec(clean) ?? NO.exec(clean);
  if (match === null) return undefined;
  const rest = clean.slice(match[0].length).replace(/^[\s.,;:!?。、—–-]+/, '');
  return { kind: 'yes_no', answer: YES.test(clean) ? 'yes' : 'no', qualified: rest !== '' };
}

/** A name or a short text: the words without their closing full stop. */
function wordsOf(clean: string): string {
  return clean.replace(/\.$/, '').trim();
}

/** A name without the sentence around it: "The Supplier is Acme Ltd." → "Acme Ltd". */
function nameOf(clean: string): string {
  return wordsOf(clean.replace(/^the\s+[\p{L}-]+(?:\s+[\p{L}-]+)?\s+(?:is|are)\s+/iu, ''));
}

function valueOf(kind: AnswerKind, clean: string): AnswerValue | undefined {
  switch (kind) {
    case 'yes_no':
      return readYesNo(clean);
    case 'date':
      return readDate(clean);
    case 'amount':
      return readAmount(clean);
    case 'duration':
      return readDuration(clean);
    case 'number':
      return readNumber(clean);
    case 'party':
      return { kind, text: nameOf(clean) };
    case 'text':
      return { kind, text: wordsOf(clean) };
    case 'clause':
      return { kind, text: clean };
  }
}

/**
 * Reads a model's answer (the words of a run's answer) for a question of `kind`. Never throws:
 * an answer the kind's reader does not understand is `answered` without a value, shown in its
 * own words. Not stated in any of the usual words ("not specified", "N/A", "The document does
 * not say", "記載なし") is `not_stated`, also for a yes_no question.
 */
export function normaliseAnswer(kind: AnswerKind, words: string): NormalisedAnswer {
  const trimmed = words.trim();
  const clean = cleanAnswer(trimmed);
  if (isNotStated(clean)) return { kind, state: 'not_stated', words: trimmed };
  const value = valueOf(kind, clean);
  return value === undefined
    ? { kind, state: 'answered', words: trimmed }
    : { kind, state: 'answered', value, words: trimmed };
}
