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
  useEffect(() => setD(defaults), [defaults]);
  return (
    <form
      className="defaults-form"
      aria-labelledby="defaults-heading"
      onSubmit={(e) => {
        e.preventDefault();
        void setDefaults(d);
      }}
    >
      <h2 id="defaults-heading">Default run settings</h2>
      <div className="grid">
        <RunSettingsFields
          settings={d}
          keys={['chunkTokens', 'memoryTokens', 'answerTokens', 'temperature', 'topP']}
          onChange={setD}
        />
        <label>
          Final prompt
          <select
            value={d.final}
            onChange={(e) => setD({ ...d, final: e.target.value as RunSettings['final'] })}
          >
            {options(FINAL_LABELS)}
          </select>
        </label>
        <label>
          Tokenizer
          <select
            value={d.tokenizer}
            onChange={(e) => setD({ ...d, tokenizer: e.target.value as RunSettings['tokenizer'] })}
          >
            {options(TOKENIZER_LABELS)}
          </select>
        </label>
      </div>
      <div className="dialog-buttons">
        <button type="button" onClick={() => setD(DEFAULT_RUN_SETTINGS)}>
          Restore MemAgent defaults
        </button>
        <button type="submit" className="primary">
          Save defaults
        </button>
      </div>
    </form>
  );
}
