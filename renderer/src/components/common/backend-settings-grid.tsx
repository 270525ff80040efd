// The backend choice and the run settings a run starts with, shared by the Ask form and the New
// review form (each keeps its own draft: what changes is reported, not stored here).
import type { Ref } from 'react';
import type { BackendProfile, RunSettings } from '../../../../shared/model.ts';
import { backendChoiceName } from '../../lib/backend-choice-name.ts';
import { RunSettingsFields } from './run-settings-fields.tsx';

export function BackendSettingsGrid(props: {
  profiles: BackendProfile[];
  /** The chosen backend's id ('' when none is set up). */
  profileId: string;
  onChooseBackend: (profileId: string) => void;
  settings: RunSettings;
  onChangeSettings: (settings: RunSettings) => void;
  backendRef?: Ref<HTMLSelectElement>;
}) {
  const { profiles } = props;
  const chosen = profiles.find((p) => p.id === props.profileId);
  return (
    <div className="run-settings-grid">
      <label className="wide">
        Backend
        <select
          ref={props.backendRef}
          title={
            chosen ? `${chosen.name}${chosen.model ? ` · model ${chosen.model}` : ''}` : undefined
          }
          value={props.profileId}
          onChange={(e) => props.onChooseBackend(e.target.value)}
        >
          {profiles.length === 0 ? <option value="">No backend set up</option> : null}
          {profiles.map((p) => (
            <option key={p.id} value={p.id}>
              {backendChoiceName(p, profiles)}
            </option>
          ))}
        </select>
      </label>
      <RunSettingsFields
        settings={props.settings}
        keys={['chunkTokens', 'memoryTokens', 'answerTokens', 'temperature']}
        onChange={props.onChangeSettings}
      />
    </div>
  );
}
