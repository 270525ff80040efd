import { describe, expect, it } from 'vitest';
import { matchQuotes, quotePieces } from './quote-match.ts';

const whole = (text: string) => ({ start: 0, end: text.length });
const found = (text: string, reply: string, chunk = whole(text)) =>
  matchQuotes(text, chunk, reply).spans.map((s) => text.slice(s.start, s.end));

describe('matchQuotes', () => {
  it('finds a sentence the PDF text wraps across lines, and a hyphen split at a line end', () => {
    const text =
      'Recitals follow.\nHowever, if you cease all violation of this License, then your license\nfrom a particular copyright holder is reinstated provision-\nally, unless and until the holder terminates it.';
    const reply =
      'However, if you cease all violation of this License, then your license from a particular copyright holder is reinstated provisionally';
    expect(found(text, reply)).toEqual([
      'However, if you cease all violation of this License, then your license\nfrom a particular copyright holder is reinstated provision-\nally',
    ]);
  });

  it('takes curly quotes for straight ones and back, and strips the quotes around the reply', () => {
    const text = 'The notice says "the cure period is thirty days" and nothing else.';
    expect(
      found(text, '“The notice says “the cure period is thirty days” and nothing else.”'),
    ).toEqual([text.slice(0, -1)]);
    const curly = 'It’s the licensee’s duty to cure within 30 days.';
    expect(found(curly, "It's the licensee's duty to cure within 30 days.")).toEqual([
      curly.slice(0, -1),
    ]);
  });

  it('rejects a paraphrase and a change of case', () => {
    const text = 'The licensee may cure the breach within thirty days after notice.';
    expect(
      matchQuotes(text, whole(text), 'The licensee can fix the breach within 30 days.'),
    ).toEqual({ spans: [], missed: 1 });
    expect(
      found(text, 'the licensee may cure the breach within thirty days after notice.'),
    ).toEqual([]);
  });

  it('looks only inside the chunk: a sentence of another chunk is rejected', () => {
    const text =
      'First chunk says the vault code is 4711.\n\nSecond chunk says the gate code is 9090.';
    const chunk = { start: text.indexOf('Second'), end: text.length };
    expect(matchQuotes(text, chunk, 'First chunk says the vault code is 4711.')).toEqual({
      spans: [],
      missed: 1,
    });
    expect(found(text, 'Second chunk says the gate code is 9090.', chunk)).toEqual([
      'Second chunk says the gate code is 9090',
    ]);
  });

  it('takes the first occurrence of a sentence the chunk holds twice', () => {
    const text = 'Intro. The fee is due monthly. Middle part here. The fee is due monthly. End.';
    const { spans } = matchQuotes(text, whole(text), 'The fee is due monthly.');
    expect(spans).toEqual([{ start: 7, end: 7 + 'The fee is due monthly'.length }]);
  });

  it('finds Japanese text without spaces, also across a wrapped line', () => {
    const text = '前置き。解約の通知は三十日前までに\n書面で行うものとする。以上。';
    expect(found(text, '「解約の通知は三十日前までに書面で行うものとする。」')).toEqual([
      '解約の通知は三十日前までに\n書面で行うものとする',
    ]);
  });

  it('counts each sentence of a reply on its own: one found, one not', () => {
    const text = 'The vault code is 4711. It was set in 1998 by the warden.';
    const result = matchQuotes(
      text,
      whole(text),
      '- The vault code is 4711.\n- It was chosen in 1998 by the warden.',
    );
    expect(result.missed).toBe(1);
    expect(result.spans.map((s) => text.slice(s.start, s.end))).toEqual(['The vault code is 4711']);
  });

  it('finds nothing in NONE, an empty reply or a fragment too short to prove anything', () => {
    const text = 'Yes. The vault code is 4711.';
    expect(matchQuotes(text, whole(text), 'NONE')).toEqual({ spans: [], missed: 0 });
    expect(matchQuotes(text, whole(text), '  "None."  ')).toEqual({ spans: [], missed: 0 });
    expect(matchQuotes(text, whole(text), '')).toEqual({ spans: [], missed: 0 });
    expect(matchQuotes(text, whole(text), 'Yes.')).toEqual({ spans: [], missed: 0 });
  });
});

describe('quotePieces', () => {
  it('drops markdown, bullets and wrapping quotes, and cuts at ellipses', () => {
    expect(
      quotePieces('> **"The vault code is 4711"** … and the gate stays locked at night.'),
    ).toEqual(['The vault code is 4711', 'and the gate stays locked at night.']);
  });
});
