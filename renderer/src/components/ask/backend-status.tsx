// Which backend and model the next question will use, with its last connection test; a quick
// reachability check when it shows or the choice changes, and a warning before Ask when the
// backend does not answer (asking stays possible: the server may come up).
import { useEffect } from 'react';
import type { BackendProfile } from '../../../../shared/model.ts';
import { describeTest } from '../../lib/backend-status.ts';
import { checkReachable, useSettingsStore } from '../../stores/settings-store.ts';
import { useUiStore } from '../../stores/ui-store.ts';
import { HintText } from '../common/hint-text.tsx';
import { modelNameOf } from '../../lib/model-name.ts';
import { OutsideText } from '../common/outside-text.tsx';
import { useNow } from '../common/use-now.ts';

export function BackendStatus(props: { profile: BackendProfile; onChooseAnother: () => void }) {
  const { profile: p } = props;
  const record = useSettingsStore((s) => s.settings.lastTests[p.id]);
  const checking = useSettingsStore(
    (s) => s.checking[p.id] === true || s.tests[p.id] === 'testing',
  );
  const now = useNow(true);
  useEffect(() => {
    // Not awaited: typing and asking never wait for it.
    void checkReachable(p.id);
  }, [p.id, p.baseUrl, p.model]);
  const warn = record !== undefined && !record.ok && !checking;
  const builtin = p.kind === 'builtin';
  const status = describeTest(record, now, warn, builtin);
  // Until a test names it, the model is the profile's (or the server's first, unknown yet).
  const untestedModel = builtin
    ? p.builtin
      ? ` · model file ${modelNameOf(p.builtin.modelFile)}`
      : ''
    : p.model
      ? ` · model ${p.model}`
      : ' · the server’s first model';
  return (
    <div className="backend-status" aria-label="Backend for this question">
      <p className="backend-line">
        <span className="muted">Backend:</span> <strong>{p.name}</strong>
        {p.baseUrl ? (
          <span className="muted">
            {' '}
            · <OutsideText text={p.baseUrl} />
          </span>
        ) : null}{' '}
        <button
          type="button"
          className="link small"
          onClick={() => useUiStore.getState().openSettings('backends')}
        >
          Edit backends
        </button>
        <br />
        <span className={`test-status test-${status.tone}`} role="status">
          {checking
            ? builtin
              ? 'Loading the model…'
              : 'Checking the connection…'
            : `${status.text}${record?.ok ? '' : untestedModel}`}
        </span>
      </p>
      {warn ? (
        <div className="warning-box" role="alert">
          <strong>
            {record.error?.kind === 'BackendUnavailable' && builtin ? (
              <>{p.name} could not load its model.</>
            ) : record.error?.kind === 'BackendUnavailable' ? (
              <>
                {p.name} at <OutsideText text={p.baseUrl} /> is not answering.
              </>
            ) : (
              <>
                {p.name} cannot be used as it is: <OutsideText text={record.error?.message ?? ''} />
              </>
            )}
          </strong>
          {record.error?.hint ? (
            <p>
              <HintText text={record.error.hint} />
            </p>
          ) : null}
          <p className="muted small">
            You can still ask (the server may come up), but the question fails if it is not
            answering then.
          </p>
          <div className="warning-buttons">
            <button type="button" onClick={() => void checkReachable(p.id, true)}>
              Test again
            </button>
            <button type="button" onClick={props.onChooseAnother}>
              Choose another backend
            </button>
            <button type="button" onClick={() => useUiStore.getState().openSettings('backends')}>
              Settings
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
