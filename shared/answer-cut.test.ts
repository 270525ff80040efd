import { describe, expect, it } from 'vitest';
import { answerCutCause } from './answer-cut.ts';
import { cutEvidenceLabel } from './evidence-cut.ts';

describe('answerCutCause', () => {
  const stopped = (reason: string) => ({
    code: 'answer-stopped',
    message: `The server stopped the final reply before it was complete (finish_reason "${reason}"): the answer may be incomplete.`,
  });

  it('names what cut the final reply in plain words', () => {
    expect(
      answerCutCause([{ code: 'answer-cut', message: 'The final reply was cut at 64 tokens.' }]),
    ).toBe('at its token limit');
    expect(answerCutCause([stopped('content_filter')])).toBe("by the server's content filter");
    expect(answerCutCause([stopped('tool_calls')])).toBe('by a tool call');
    expect(answerCutCause([stopped('eos_weird')])).toBe('by the server');
    expect(cutEvidenceLabel(answerCutCause([stopped('content_filter')]))).toBe(
      "The answer was cut short by the server's content filter: these passages support it as far as it goes.",
    );
  });
});
