// A saved backend: its connection test, discovered models, and actions.
import { BACKEND_DEFAULTS } from '../../../../shared/backends.ts';
import type { ConnectionTest } from '../../../../shared/api.ts';
import type { BackendProfile } from '../../../../shared/model.ts';
import {
  deleteProfile,
  setActiveProfile,
  testProfile,
  useSettingsStore,
} from '../../stores/settings-store.ts';
import { describeTest, formatLatency } from '../../lib/backend-status.ts';
import { ErrorBanner } from '../common/error-banner.tsx';
import { modelNameOf } from '../../lib/model-name.ts';
import { GenericModelNote } from '../common/generic-model-note.tsx';
import { KINDS } from './profile-kinds.ts';
import { plural } from '../../../../shared/plural.ts';
import { useState } from 'react';
import { checkVerdict } from '../../../../shared/backend-check.ts';
import { checkDate } from '../../lib/check-text.ts';
import { useCheckStore } from '../../stores/check-store.ts';
import { BackendCheck } from './backend-check.tsx';

const fileName = (file: string): string => file.split(/[\\/]/).pop() ?? file;

/** "On this computer · model file NAME · GPU automatic · 4 CPU threads": no separator dangles. */
function builtinLine(p: BackendProfile): string {
  const b = p.builtin;
  return [
    'On this computer',
    b ? `model file ${fileName(b.modelFile)}` : 'no model file chosen',
    b?.gpu === 'off' ? 'CPU only' : 'GPU automatic',
    b?.threads === undefined ? null : `${b.threads} CPU ${b.threads === 1 ? 'thread' : 'threads'}`,
  ]
    .filter((part) => part !== null)
    .join(' · ');
}

/** "URL +2 servers · model: X · API key: stored". */
function serverLine(p: BackendProfile): string {
  const model =
    p.model || (BACKEND_DEFAULTS[p.kind].needsModel ? 'none named' : 'first served model');
  const extra = p.extraBaseUrls?.length ? ` +${plural(p.extraBaseUrls.length, 'server')}` : '';
  return [
    `${p.baseUrl}${extra}`,
    `model: ${model}`,
    `API key: ${p.hasApiKey ? 'stored' : 'none'}`,
  ].join(' · ');
}

/**
 * What a successful test found. The built-in model has no server: its test loads the model file
 * ("Model loaded in 1.6 s. Runs will use X, from the file F."), where a server's lists models.
 */
function testLine(p: BackendProfile, test: ConnectionTest): string {
  if (p.kind === 'builtin') {
    const file = p.builtin ? fileName(p.builtin.modelFile) : undefined;
    const uses = test.model ? ` Runs will use ${test.model}` : '';
    const from =
      file === undefined ? '' : uses ? `, from the file ${file}` : ` Model file: ${file}`;
    return `Model loaded in ${formatLatency(test.latencyMs, true)}.${uses}${from}.`;
  }
  const who = test.servers ? `All ${test.servers} servers answered` : 'Connected';
  const uses = test.model ? ` Runs will use ${test.model}.` : '';
  return `${who} in ${formatLatency(test.latencyMs)}.${uses} Models on the server: ${test.models.join(', ') || 'none listed'}.`;
}

export function ProfileCard(props: {
  profile: BackendProfile;
  active: boolean;
  onEdit: () => void;
}) {
  const { profile: p } = props;
  const test = useSettingsStore((s) => s.tests[p.id]);
  const last = useSettingsStore((s) => s.settings.lastTests[p.id]);
  const active = useSettingsStore((s) =>
    s.settings.profiles.find((x) => x.id === s.settings.activeProfileId),
  );
  const activeLast = useSettingsStore((s) =>
    s.settings.activeProfileId ? s.settings.lastTests[s.settings.activeProfileId] : undefined,
  );
  const lastCheck = useCheckStore((s) => s.last[p.id]);
  const [checking, setChecking] = useState(false);
  const justConnected = test !== undefined && test !== 'testing' && test.ok;
  const offering = justConnected && !props.active;
  const activated = useSettingsStore((s) => s.justActivated === p.id) && props.active;
  const builtin = p.kind === 'builtin';
  return (
    <li
      className={props.active ? 'profile active' : 'profile'}
      aria-label={`Backend ${p.name}`}
      data-profile={p.id}
    >
      <div className="profile-head">
        <strong>{p.name}</strong> <span className="badge">{KINDS[p.kind].label}</span>
        {props.active ? <span className="badge status-done">Active</span> : null}
      </div>
      {p.kind === 'builtin' ? (
        <>
          <div className="muted small profile-line" title={p.builtin?.modelFile}>
            {builtinLine(p)}
          </div>
          <GenericModelNote
            model={
              test && test !== 'testing' && test.model
                ? test.model
                : p.builtin
                  ? modelNameOf(p.builtin.modelFile)
                  : undefined
            }
            needsModel
          />
        </>
      ) : (
        <>
          <div className="muted small profile-line">{serverLine(p)}</div>
          <GenericModelNote
            model={p.model || (test && test !== 'testing' ? test.model : undefined)}
            needsModel={BACKEND_DEFAULTS[p.kind].needsModel}
          />
        </>
      )}
      <div className="profile-buttons">
        <button type="button" onClick={() => void testProfile(p.id)} disabled={test === 'testing'}>
          {test === 'testing'
            ? builtin
              ? 'Loading the model…'
              : 'Testing…'
            : builtin
              ? 'Load and test the model'
              : 'Test connection'}
        </button>
        {/* One switch: while the offer below shows, its button is the one. */}
        {props.active || offering ? null : (
          <button type="button" onClick={() => void setActiveProfile(p.id)}>
            Use this backend
          </button>
        )}
        <button type="button" onClick={() => setChecking(!checking)} aria-expanded={checking}>
          Check this backend
        </button>
        <button type="button" onClick={props.onEdit}>
          Edit
        </button>
        <button
          type="button"
          className="danger"
          onClick={() => void deleteProfile(p.id)}
          aria-label={`Delete backend ${p.name}`}
        >
          Delete
        </button>
      </div>
      {offering ? (
        <div className="offer" role="status">
          <p>
            {p.name} {builtin ? 'loaded its model' : 'answered'}.{' '}
            {active
              ? activeLast?.ok
                ? `Questions now go to ${active.name}.`
                : `Questions now go to ${active.name}, which ${activeLast ? 'did not answer its last test' : 'has not been tested'}.`
              : ''}
          </p>
          <button type="button" className="primary" onClick={() => void setActiveProfile(p.id)}>
            Make this the active backend
          </button>
        </div>
      ) : null}
      {lastCheck ? (
        <p className="muted small">
          Last checked {checkDate(lastCheck.finishedAt ?? lastCheck.startedAt)}:{' '}
          {checkVerdict(lastCheck)}
        </p>
      ) : null}
      {checking ? <BackendCheck profile={p} onClose={() => setChecking(false)} /> : null}
      {test === undefined && last ? (
        <p className="muted small">
          Last test: {describeTest(last, Date.now(), false, builtin).text}
        </p>
      ) : null}
      {test && test !== 'testing' ? (
        test.ok ? (
          <p className="ok" role="status">
            {testLine(p, test)}
            {activated ? ' Questions now go to this backend.' : ''}
          </p>
        ) : test.error ? (
          <ErrorBanner error={test.error} />
        ) : null
      ) : null}
    </li>
  );
}
