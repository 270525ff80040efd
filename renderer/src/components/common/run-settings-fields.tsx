// Number inputs for run settings, with the limits the main process checks (shared/limits.ts),
// shared by the question box (per-run settings) and the Settings screen (defaults).
import { RUN_SETTINGS_LIMITS as L } from '../../../../shared/limits.ts';
import type { RunSettings } from '../../../../shared/model.ts';

type NumericKey = 'chunkTokens' | 'memoryTokens' | 'answerTokens' | 'temperature' | 'topP';

// `step` is also a validity rule (value − min must be a multiple of it): coarse steps made the
// defaults themselves invalid (5000 tokens with step 256 from 256), and the browser then refused
// to submit. Integers take any whole number, decimals any hundredth.
const FIELDS: Record<NumericKey, { label: string; min: number; max: number; step: number }> = {
  chunkTokens: { label: 'Chunk size (tokens)', ...L.chunkTokens, step: 1 },
  memoryTokens: { label: 'Memory size (tokens)', ...L.memoryTokens, step: 1 },
  answerTokens: { label: 'Answer length (tokens)', ...L.answerTokens, step: 1 },
  temperature: { label: 'Temperature', ...L.temperature, step: 0.01 },
  // Top-p must be above its bound: the input's minimum is the first step above it.
  topP: { label: 'Top-p', min: L.topP.above + 0.01, max: L.topP.max, step: 0.01 },
};

export function RunSettingsFields(props: {
  settings: RunSettings;
  keys: NumericKey[];
  onChange: (settings: RunSettings) => void;
}) {
  return props.keys.map((key) => {
    const f = FIELDS[key];
    return (
      <label key={key}>
        {f.label}
        <input
          type="number"
          min={f.min}
          max={f.max}
          step={f.step}
          value={props.settings[key]}
          onChange={(e) => props.onChange({ ...props.settings, [key]: Number(e.target.value) })}
        />
      </label>
    );
  });
}
