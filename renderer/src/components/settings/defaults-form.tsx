// Default run settings (MEMAGENT.md's values unless changed).
import { useEffect, useState } from 'react';
import {
  DEFAULT_RUN_SETTINGS,
  type FinalPrompt,
  type RunSettings,
  type TokenizerChoice,
} from '../../../../shared/model.ts';
import { setDefaults, useSettingsStore } from '../../stores/settings-store.ts';
import { RunSettingsFields } from '../common/run-settings-fields.tsx';

// One label per choice: `satisfies` makes a new choice in shared/schemas.ts need its label here.
const FINAL_LABELS = {
  boxed: 'Boxed answer (\\boxed{})',
  text: '“The answer is …”',
} satisfies Record<FinalPrompt, string>;

const TOKENIZER_LABELS = {
  auto: 'Automatic (from the model)',
  qwen: 'Qwen',
  o200k: 'o200k (OpenAI)',
  server: 'Server /tokenize (vLLM)',
} satisfies Record<TokenizerChoice, string>;

function options(labels: Record<string, string>) {
  return Object.entries(labels).map(([value, label]) => (
    <option key={value} value={value}>
      {label}
    </option>
  ));
}

export function DefaultsForm() {
  const defaults = useSettingsStore((s) => s.settings.defaults);
  const [d, setD] = useState<RunSettings>(defaults);
  const [saved, setSaved] = useState(false);
  useEffect(() => setD(defaults), [defaults]);
  // Saving is possible (and "Saved" goes away) only once something differs from what is saved.
  const changed = (Object.keys(d) as (keyof RunSettings)[]).some((k) => d[k] !== defaults[k]);
  const edit = (next: RunSettings) => {
    setD(next);
    setSaved(false);
  };
  return (
    <form
      className="defaults-form"
      aria-labelledby="defaults-heading"
      onSubmit={(e) => {
        e.preventDefault();
        void setDefaults(d).then(setSaved);
      }}
    >
      <h2 id="defaults-heading">Default run settings</h2>
      <div className="grid">
        <RunSettingsFields
          settings={d}
          keys={['chunkTokens', 'memoryTokens', 'answerTokens', 'temperature', 'topP']}
          onChange={edit}
        />
        <label>
          Final prompt
          <select
            value={d.final}
            onChange={(e) => edit({ ...d, final: e.target.value as RunSettings['final'] })}
          >
            {options(FINAL_LABELS)}
          </select>
        </label>
        <label>
          Tokenizer
          <select
            value={d.tokenizer}
            onChange={(e) => edit({ ...d, tokenizer: e.target.value as RunSettings['tokenizer'] })}
          >
            {options(TOKENIZER_LABELS)}
          </select>
        </label>
      </div>
      <div className="dialog-buttons">
        <span className="ok small" role="status" aria-live="polite">
          {saved && !changed ? 'Saved' : ''}
        </span>
        <button type="button" onClick={() => edit(DEFAULT_RUN_SETTINGS)}>
          Restore MemAgent defaults
        </button>
        <button type="submit" className="primary" disabled={!changed}>
          Save defaults
        </button>
      </div>
    </form>
  );
}
