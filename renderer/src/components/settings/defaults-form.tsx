// Default run settings (MEMAGENT.md's values unless changed).
import { useEffect, useState, type ChangeEvent } from 'react';
import { DEFAULT_RUN_SETTINGS, type RunSettings } from '../../../../shared/model.ts';
import { setDefaults, useSettingsStore } from '../../stores/settings-store.ts';

export function DefaultsForm() {
  const defaults = useSettingsStore((s) => s.settings.defaults);
  const [d, setD] = useState<RunSettings>(defaults);
  useEffect(() => setD(defaults), [defaults]);
  const num = (key: keyof RunSettings) => (e: ChangeEvent<HTMLInputElement>) =>
    setD({ ...d, [key]: Number(e.target.value) });
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
        <label>
          Chunk size (tokens)
          <input
            type="number"
            min={256}
            step={256}
            value={d.chunkTokens}
            onChange={num('chunkTokens')}
          />
        </label>
        <label>
          Memory size (tokens)
          <input
            type="number"
            min={64}
            step={64}
            value={d.memoryTokens}
            onChange={num('memoryTokens')}
          />
        </label>
        <label>
          Answer length (tokens)
          <input
            type="number"
            min={16}
            step={64}
            value={d.answerTokens}
            onChange={num('answerTokens')}
          />
        </label>
        <label>
          Temperature
          <input
            type="number"
            min={0}
            max={2}
            step={0.1}
            value={d.temperature}
            onChange={num('temperature')}
          />
        </label>
        <label>
          Top-p
          <input
            type="number"
            min={0.01}
            max={1}
            step={0.01}
            value={d.topP}
            onChange={num('topP')}
          />
        </label>
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
