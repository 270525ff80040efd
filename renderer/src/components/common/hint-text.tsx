// A hint or help line with its `commands` shown as code: text nodes and <code> only, never HTML
// (hints can quote a file name, a URL or a model's name).
import { splitInlineCode } from '../../lib/inline-code.ts';
import { OutsideText } from './outside-text.tsx';

export function HintText(props: { text: string }) {
  return splitInlineCode(props.text).map((part, i) =>
    part.code ? (
      <code key={i}>
        <OutsideText text={part.text} />
      </code>
    ) : (
      <OutsideText key={i} text={part.text} />
    ),
  );
}
