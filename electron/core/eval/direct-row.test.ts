import { describe, expect, it } from 'vitest';
import { fillDirectPrompt, headAndTail } from './direct-row.ts';

describe('the direct prompt', () => {
  it("is upstream's template_0shot with the stripped document and question", () => {
    expect(fillDirectPrompt('\n Doc text. \n', '  Who? ')).toBe(
      'Please read the following text and answer the question below.\n\n<text>\nDoc text.\n</text>\n\nWho?\n\nFormat your response as follows: "Therefore, the answer is (insert answer here)".',
    );
  });

  it('takes $ patterns literally, and replaces a $Q$ inside the document as Python str.replace does', () => {
    expect(fillDirectPrompt("costs $& and $' and $Q$", 'Q?')).toContain(
      "<text>\ncosts $& and $' and Q?\n</text>\n\nQ?\n",
    );
  });

  it('keeps the first and last halves of the budget, the tail taking the odd token', () => {
    const ids = Array.from({ length: 10 }, (_, i) => i);
    expect(headAndTail(ids, 10)).toEqual(ids);
    expect(headAndTail(ids, 4)).toEqual([0, 1, 8, 9]);
    expect(headAndTail(ids, 5)).toEqual([0, 1, 7, 8, 9]);
  });
});
