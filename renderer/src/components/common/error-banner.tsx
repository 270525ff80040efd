// One clear sentence, a hint, and the technical detail folded away.
import type { AppError } from '../../../../shared/model.ts';
import { HintText } from './hint-text.tsx';
import { OutsideText } from './outside-text.tsx';

export function ErrorBanner(props: { error: AppError; onDismiss?: () => void }) {
  const { error } = props;
  return (
    <div className="error-banner" role="alert">
      <div>
        {/* Messages quote file names and server replies. */}
        <strong>
          <OutsideText text={error.message} />
        </strong>
        {error.hint ? (
          <p>
            <HintText text={error.hint} />
          </p>
        ) : null}
        {error.detail ? (
          <details>
            <summary>Details</summary>
            <pre>{error.detail}</pre>
          </details>
        ) : null}
      </div>
      {props.onDismiss ? (
        <button
          type="button"
          className="ghost"
          onClick={props.onDismiss}
          aria-label="Dismiss error"
        >
          ✕
        </button>
      ) : null}
    </div>
  );
}
