// Says what is highlighted on the page, in words, for everyone (and for screen readers, which
// cannot see the boxes): the quote and where it is; or that it is on this page without boxes.
import type { ShownPassage } from '../../stores/page-view-store.ts';
import { OutsideText } from '../common/outside-text.tsx';

export function PassageCaption(props: {
  passage: ShownPassage;
  shownPage: number;
  where: string;
  quote: string;
  onShow: () => void;
}) {
  const { passage, where, quote } = props;
  let body;
  if (passage.page !== props.shownPage) {
    body = (
      <>
        The highlighted passage is on {where}.{' '}
        <button type="button" className="link" onClick={props.onShow}>
          Show it
        </button>
      </>
    );
  } else if (passage.rects === null) {
    body = <>Finding the passage on {where}…</>;
  } else if (passage.rects.some((r) => r.page === passage.page)) {
    body = (
      <>
        <span className="pdf-caption-key" aria-hidden="true" />
        Highlighted: “<OutsideText text={quote} />” — {where}
      </>
    );
  } else {
    // No boxes for it (text without geometry): the page, never a guessed place.
    body = (
      <>
        The passage is on this page ({where}); its lines could not be marked: “
        <OutsideText text={quote} />”
      </>
    );
  }
  return (
    <p className="pdf-caption" role="status" aria-live="polite">
      {body}
    </p>
  );
}
