// A saved backend: its connection test, discovered models, and actions.
import { BACKEND_DEFAULTS } from '../../../../shared/backends.ts';
import type { BackendProfile } from '../../../../shared/model.ts';
import {
  deleteProfile,
  setActiveProfile,
  testProfile,
  useSettingsStore,
} from '../../stores/settings-store.ts';
import { describeTest } from '../../lib/backend-status.ts';
import { ErrorBanner } from '../common/error-banner.tsx';
import { modelNameOf } from '../models/builtin-fields.tsx';
import { GenericModelNote } from '../common/generic-model-note.tsx';
import { KINDS } from './profile-kinds.ts';
import { plural } from '../../../../shared/plural.ts';
import { useState } from 'react';
import { checkVerdict } from '../../../../shared/backend-check.ts';
import { checkDate } from '../../lib/check-text.ts';
import { useCheckStore } from '../../stores/check-store.ts';
import { BackendCheck } from './backend-check.tsx';

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
  return (
    <li className={props.active ? 'profile active' : 'profile'} aria-label={`Backend ${p.name}`}>
      <div className="profile-head">
        <strong>{p.name}</strong> <span className="badge">{KINDS[p.kind].label}</span>
        {props.active ? <span className="badge status-done">Active</span> : null}
      </div>
      {p.kind === 'builtin' ? (
        <>
          <div className="muted small">
            On this computer · model file: {p.builtin ? p.builtin.modelFile : 'none chosen'} · GPU:{' '}
            {p.builtin?.gpu === 'off' ? 'off' : 'automatic'}
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
          <div className="muted small">
            {p.baseUrl}
            {p.extraBaseUrls?.length ? ` +${plural(p.extraBaseUrls.length, 'server')}` : ''} ·
            model:{' '}
            {p.model || (BACKEND_DEFAULTS[p.kind].needsModel ? 'none named' : 'first served model')}{' '}
            · API key: {p.hasApiKey ? 'stored' : 'none'}
          </div>
          <GenericModelNote
            model={p.model || (test && test !== 'testing' ? test.model : undefined)}
            needsModel={BACKEND_DEFAULTS[p.kind].needsModel}
          />
        </>
      )}
      <div className="profile-buttons">
        <button type="button" onClick={() => void testProfile(p.id)} disabled={test === 'testing'}>
          {test === 'testing' ? 'Testing…' : 'Test connection'}
        </button>
        {props.active ? null : (
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
      {justConnected && !props.active ? (
        <div className="offer" role="status">
          <p>
            {p.name} answered.{' '}
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
        <p className="muted small">Last test: {describeTest(last, Date.now()).text}</p>
      ) : null}
      {test && test !== 'testing' ? (
        test.ok ? (
          <p className="ok" role="status">
            {test.servers ? `All ${test.servers} servers answered` : 'Connected'} in{' '}
            {test.latencyMs} ms. {test.model ? `Runs will use ${test.model}. ` : ''}
            Models on the server: {test.models.join(', ') || 'none listed'}
          </p>
        ) : test.error ? (
          <ErrorBanner error={test.error} />
        ) : null
      ) : null}
    </li>
  );
}
