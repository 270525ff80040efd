// Names and text from outside the app (file names, document titles, questions) as shown.
import { visibleText } from '../../../../shared/visible-text.ts';

/**
 * A string from a file, a document or a model, shown inside `<bdi>` so its direction cannot
 * reorder the text around it, with its bidi and control characters written out (`\u202e`):
 * a file named `report\u202Eexe.txt` must not read as `reporttxt.exe`.
 */
export function OutsideText(props: { text: string }) {
  return <bdi>{visibleText(props.text)}</bdi>;
}

/** The same for attributes (`title`, `aria-label`), where no element can isolate. */
export const outsideAttr = visibleText;
