// Number inputs for run settings, with the limits of shared/api.ts's runSettingsSchema, shared
// by the question box (per-run settings) and the Settings screen (defaults).
import type { RunSettings } from '../../../../shared/model.ts';

type NumericKey = 'chunkTokens' | 'memoryTokens' | 'answerTokens' | 'temperature' | 'topP';

// `step` is also a validity rule (value − min must be a multiple of it): coarse steps made the
// defaults themselves invalid (5000 tokens with step 256 from 256), and the browser then refused
// to submit. Integers take any whole number, decimals any hundredth.
const FIELDS: Record<NumericKey, { label: string; min: number; max: number; step: number }> = {
  chunkTokens: { label: 'Chunk size (tokens)', min: 256, max: 200_000, step: 1 },
  memoryTokens: { label: 'Memory size (tokens)', min: 64, max: 32_000, step: 1 },
  answerTokens: { label: 'Answer length (tokens)', min: 16, max: 32_000, step: 1 },
  temperature: { label: 'Temperature', min: 0, max: 2, step: 0.01 },
  topP: { label: 'Top-p', min: 0.01, max: 1, step: 0.01 },
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
