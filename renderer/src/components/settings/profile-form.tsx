// Create or edit a backend profile. The API key is write-only: it is sent to main and never
// shown again; leaving the field empty keeps the stored key.
import { useState, type ChangeEvent } from 'react';
import {
  BACKEND_DEFAULTS,
  DEFAULT_AZURE_API_VERSION,
  urlNamesDeployment,
} from '../../../../shared/backends.ts';
import { BACKEND_LIMITS as B } from '../../../../shared/limits.ts';
import type { BackendKind, BackendProfile } from '../../../../shared/model.ts';
import {
  saveProfile,
  setActiveProfile,
  testNewProfile,
  useSettingsStore,
} from '../../stores/settings-store.ts';
import { QUOTE_CHECK_CHUNKS, quoteCheckOn } from '../../../../shared/quote-check.ts';
import { GenericModelNote } from '../common/generic-model-note.tsx';
import { HintText } from '../common/hint-text.tsx';
import { KIND_ORDER, KINDS } from './profile-kinds.ts';
import { BuiltinFields } from '../models/builtin-fields.tsx';
import { ExtraServersField, extraUrlsToSave, extraUrlsValid } from './extra-servers-field.tsx';

function newId(): string {
  return `profile-${crypto.randomUUID()}`;
}

export function ProfileForm(props: {
  initial: BackendProfile | null;
  /** The form closes: `profileId` saved (or, cancelled, the one being edited). */
  onDone: (profileId?: string) => void;
}) {
  const [p, setP] = useState<BackendProfile>(
    props.initial ?? {
      id: newId(),
      name: KINDS.vllm.label,
      kind: 'vllm',
      baseUrl: KINDS.vllm.baseUrl,
      hasApiKey: false,
    },
  );
  const [apiKey, setApiKey] = useState('');
  // The extra servers as typed (blank lines included); saved trimmed, blank ones dropped.
  const [extraUrls, setExtraUrls] = useState<string[]>(props.initial?.extraBaseUrls ?? []);
  const [triedSave, setTriedSave] = useState(false);
  const needsModel =
    BACKEND_DEFAULTS[p.kind].needsModel && !(p.kind === 'azure' && urlNamesDeployment(p.baseUrl));
  const [removeKey, setRemoveKey] = useState(false);
  const test = useSettingsStore((s) => s.tests[p.id]);
  const models = test && test !== 'testing' ? test.models : [];
  const text = (key: keyof BackendProfile) => (e: ChangeEvent<HTMLInputElement>) =>
    setP({ ...p, [key]: e.target.value || undefined });
  const price =
    (key: 'inputPricePerMTok' | 'outputPricePerMTok') => (e: ChangeEvent<HTMLInputElement>) =>
      setP({ ...p, [key]: e.target.value === '' ? undefined : Number(e.target.value) });
  const setKind = (kind: BackendKind) => {
    const wasDefault = KIND_ORDER.some(
      (k) => KINDS[k].baseUrl === p.baseUrl || KINDS[k].label === p.name,
    );
    const next: BackendProfile = {
      ...p,
      kind,
      ...(wasDefault ? { baseUrl: KINDS[kind].baseUrl, name: KINDS[kind].label } : {}),
    };
    // The built-in kind has no server; a server kind has no model file.
    if (kind === 'builtin') {
      next.baseUrl = '';
      setExtraUrls([]);
    } else if (p.kind === 'builtin') {
      delete next.builtin;
      next.baseUrl = KINDS[kind].baseUrl;
    }
    setP(next);
  };

  return (
    <form
      className="profile-form"
      aria-label={props.initial ? `Edit ${props.initial.name}` : 'New backend'}
      onSubmit={(e) => {
        e.preventDefault();
        // Each problem is already shown under its line; main refuses the same on its own.
        setTriedSave(true);
        if (!extraUrlsValid(p.baseUrl, extraUrls)) return;
        const key = removeKey ? '' : apiKey === '' ? undefined : apiKey;
        // Every field of the profile is sent back, known to this form or not: saving never
        // drops one (extraBaseUrls was such a field before this form edited it).
        const { extraBaseUrls: _old, ...rest } = p;
        const extras = p.kind === 'builtin' ? [] : extraUrlsToSave(extraUrls);
        const profile: BackendProfile = {
          ...rest,
          name: p.name || KINDS[p.kind].label,
          ...(extras.length > 0 ? { extraBaseUrls: extras } : {}),
        };
        void saveProfile(profile, key).then(async (saved) => {
          if (!saved) return;
          if (!useSettingsStore.getState().settings.activeProfileId)
            await setActiveProfile(saved.id);
          props.onDone(saved.id);
          // A new backend is tested at once; answering, it takes the questions from one that
          // does not answer (or offers to, on its card, when the active one does).
          if (!props.initial) await testNewProfile(saved.id);
        });
      }}
    >
      <h3>{props.initial ? `Edit ${props.initial.name}` : 'New backend'}</h3>
      <label>
        Kind
        <select value={p.kind} onChange={(e) => setKind(e.target.value as BackendKind)}>
          {KIND_ORDER.map((k) => (
            <option key={k} value={k}>
              {KINDS[k].label}
            </option>
          ))}
        </select>
      </label>
      <p className="muted small">
        <HintText text={KINDS[p.kind].help} />
      </p>
      <label>
        Name
        <input value={p.name} onChange={(e) => setP({ ...p, name: e.target.value })} required />
      </label>
      {p.kind === 'builtin' ? (
        <BuiltinFields
          profileId={p.id}
          saved={props.initial !== null}
          value={p.builtin}
          onChange={(builtin) => {
            const { builtin: _old, ...rest } = p;
            setP(builtin === undefined ? rest : { ...rest, builtin });
          }}
        />
      ) : (
        <>
          <label>
            Server URL
            <input
              type="url"
              value={p.baseUrl}
              onChange={(e) => setP({ ...p, baseUrl: e.target.value })}
              // type="url" alone accepts file:, ftp:, javascript:; main refuses them too (schemas.ts).
              pattern="[Hh][Tt][Tt][Pp][Ss]?://.+"
              title="An http:// or https:// address, for example http://localhost:8000/v1"
              required
            />
          </label>
          <ExtraServersField
            profileId={p.id}
            baseUrl={p.baseUrl}
            urls={extraUrls}
            onChange={setExtraUrls}
            showAll={triedSave}
          />
          <label>
            {p.kind === 'azure' ? 'Deployment' : 'Model'}
            <input
              value={p.model ?? ''}
              onChange={text('model')}
              list={`models-${p.id}`}
              required={needsModel}
              aria-describedby={`model-help-${p.id}`}
              placeholder={needsModel ? 'required' : 'empty: the server’s first model'}
            />
            <datalist id={`models-${p.id}`}>
              {models.map((m) => (
                <option key={m} value={m} />
              ))}
            </datalist>
          </label>
          <p className="muted small" id={`model-help-${p.id}`}>
            {needsModel
              ? p.kind === 'azure'
                ? 'The deployment name, unless the URL names it.'
                : 'Required: this service serves many models; name the one to use.'
              : 'Leave empty to use the first model the server lists.'}
            {models.length > 0 ? ` Discovered models: ${models.join(', ')}` : ''}
          </p>
          <GenericModelNote model={p.model} needsModel={needsModel} full />
          {p.kind === 'azure' ? (
            <label>
              API version
              <input
                value={p.apiVersion ?? ''}
                onChange={text('apiVersion')}
                placeholder={DEFAULT_AZURE_API_VERSION}
              />
            </label>
          ) : null}
          <label>
            API key{' '}
            {p.hasApiKey ? (
              <span className="muted small">(a key is stored; type to replace it)</span>
            ) : null}
            <input
              type="password"
              value={apiKey}
              onChange={(e) => setApiKey(e.target.value)}
              autoComplete="off"
              placeholder={KINDS[p.kind].needsKey ? 'required' : 'not needed'}
            />
          </label>
          {p.hasApiKey ? (
            <label className="inline">
              <input
                type="checkbox"
                checked={removeKey}
                onChange={(e) => setRemoveKey(e.target.checked)}
              />{' '}
              Remove the stored key
            </label>
          ) : null}
          <div className="row2">
            <label>
              Input price ($ per 1M tokens)
              <input
                type="number"
                min={0}
                step="any"
                value={p.inputPricePerMTok ?? ''}
                onChange={price('inputPricePerMTok')}
              />
            </label>
            <label>
              Output price ($ per 1M tokens)
              <input
                type="number"
                min={0}
                step="any"
                value={p.outputPricePerMTok ?? ''}
                onChange={price('outputPricePerMTok')}
              />
            </label>
          </div>
        </>
      )}
      <QuoteCheckField
        profile={p}
        hasKey={(p.hasApiKey && !removeKey) || apiKey !== ''}
        onChange={(quoteCheck) => setP({ ...p, quoteCheck })}
      />
      {p.kind === 'builtin' ? null : (
        <div className="row2">
          <label>
            Timeout (seconds per request)
            <input
              type="number"
              min={B.timeoutSec.min}
              max={B.timeoutSec.max}
              step={1}
              value={p.timeoutMs === undefined ? '' : p.timeoutMs / 1000}
              placeholder={String(B.timeoutSec.default)}
              onChange={(e) =>
                setP({
                  ...p,
                  timeoutMs:
                    e.target.value === '' ? undefined : Math.round(Number(e.target.value)) * 1000,
                })
              }
            />
          </label>
          <label>
            Retries
            <input
              type="number"
              min={B.retries.min}
              max={B.retries.max}
              step={1}
              value={p.maxRetries ?? ''}
              placeholder={String(B.retries.default)}
              onChange={(e) =>
                setP({
                  ...p,
                  maxRetries:
                    e.target.value === '' ? undefined : Math.round(Number(e.target.value)),
                })
              }
            />
          </label>
        </div>
      )}
      <div className="dialog-buttons">
        <button type="button" onClick={() => props.onDone(props.initial?.id)}>
          Cancel
        </button>
        <button type="submit" className="primary">
          Save backend
        </button>
      </div>
    </form>
  );
}

/**
 * The quote check's checkbox, showing the setting in force: the user's choice, else the default
 * for the kind, key and price (off where requests are billed).
 */
function QuoteCheckField(props: {
  profile: BackendProfile;
  hasKey: boolean;
  onChange: (quoteCheck: boolean | undefined) => void;
}) {
  const { profile } = props;
  const byDefault = quoteCheckOn({ ...profile, hasApiKey: props.hasKey, quoteCheck: undefined });
  const on = profile.quoteCheck ?? byDefault;
  return (
    <div>
      <label className="inline">
        <input type="checkbox" checked={on} onChange={(e) => props.onChange(e.target.checked)} />{' '}
        Ask the model to quote its sources
      </label>
      <p className="muted">
        After each answer, one extra short request per cited chunk (up to {QUOTE_CHECK_CHUNKS}),
        each costing about a chunk’s tokens; a quote is used only if it is found word for word in
        the text.{' '}
        {profile.quoteCheck === undefined ? (
          `Default for this backend: ${byDefault ? 'on' : 'off'}.`
        ) : (
          <button type="button" className="link" onClick={() => props.onChange(undefined)}>
            Use the default ({byDefault ? 'on' : 'off'})
          </button>
        )}
      </p>
    </div>
  );
}
