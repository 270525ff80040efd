// "More servers for this backend": extra URLs of replicas serving the same model. Each line is
// checked as the user types with the rule main applies on saving (shared/server-urls.ts).
import { useState } from 'react';
import { extraUrlProblems } from '../../../../shared/server-urls.ts';

export function ExtraServersField(props: {
  profileId: string;
  baseUrl: string;
  urls: readonly string[];
  onChange: (urls: string[]) => void;
  /** Show every line's problem (the user tried to save), not only those of lines left. */
  showAll: boolean;
}) {
  const { urls } = props;
  // A line's problem shows once the user leaves it, not while the URL is half typed.
  const [left, setLeft] = useState<boolean[]>(() => urls.map(() => true));
  const problems = extraUrlProblems(props.baseUrl, urls);
  const set = (i: number, url: string) => props.onChange(urls.map((u, j) => (j === i ? url : u)));
  const helpId = `extra-servers-help-${props.profileId}`;
  return (
    <fieldset className="extra-servers" aria-describedby={helpId}>
      <legend>More servers for this backend (same model)</legend>
      <p className="muted small" id={helpId}>
        Requests are spread over all the servers, each to the least busy one: for vLLM
        data-parallel, or several machines serving the same model.
      </p>
      {urls.map((url, i) => {
        const problem = url === '' || !(props.showAll || left[i]) ? undefined : problems[i];
        const errorId = `extra-server-error-${props.profileId}-${i}`;
        return (
          <div className="extra-server" key={i}>
            <div className="extra-server-row">
              {/* Text, not type="url": the browser's own bubble would say less than the line below. */}
              <input
                type="text"
                inputMode="url"
                spellCheck={false}
                value={url}
                aria-label={`Server ${i + 2} URL`}
                placeholder="http://localhost:8001/v1"
                aria-invalid={problem !== undefined}
                aria-describedby={problem !== undefined ? errorId : undefined}
                onChange={(e) => set(i, e.target.value)}
                onBlur={() => setLeft(left.map((l, j) => l || j === i))}
              />
              <button
                type="button"
                aria-label={`Remove server ${i + 2}`}
                onClick={() => {
                  setLeft(left.filter((_, j) => j !== i));
                  props.onChange(urls.filter((_, j) => j !== i));
                }}
              >
                Remove
              </button>
            </div>
            {/* An empty line is not an error: saving drops it. */}
            {problem !== undefined ? (
              <p className="error-text small" id={errorId}>
                {problem}
              </p>
            ) : null}
          </div>
        );
      })}
      <button
        type="button"
        onClick={() => {
          setLeft([...left, false]);
          props.onChange([...urls, '']);
        }}
      >
        Add a server
      </button>
    </fieldset>
  );
}

/** The lines worth saving: trimmed, blank ones dropped. */
export function extraUrlsToSave(urls: readonly string[]): string[] {
  return urls.map((u) => u.trim()).filter((u) => u !== '');
}

/** True when no line that would be saved has a problem. */
export function extraUrlsValid(baseUrl: string, urls: readonly string[]): boolean {
  return extraUrlProblems(baseUrl, extraUrlsToSave(urls)).every((p) => p === undefined);
}
