// Default run settings (MEMAGENT.md's values unless changed).
import { useEffect, useState } from 'react';
import { DEFAULT_RUN_SETTINGS, type RunSettings } from '../../../../shared/model.ts';
import { setDefaults, useSettingsStore } from '../../stores/settings-store.ts';
import { RunSettingsFields } from '../common/run-settings-fields.tsx';

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
            <option value="boxed">Boxed answer (\boxed{})</option>
            <option value="text">“The answer is …”</option>
          </select>
        </label>
        <label>
          Tokenizer
          <select
            value={d.tokenizer}
            onChange={(e) => setD({ ...d, tokenizer: e.target.value as RunSettings['tokenizer'] })}
          >
            <option value="auto">Automatic (from the model)</option>
            <option value="qwen">Qwen</option>
            <option value="o200k">o200k (OpenAI)</option>
            <option value="server">Server /tokenize (vLLM)</option>
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
