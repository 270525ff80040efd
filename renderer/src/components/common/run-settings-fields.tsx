// Number inputs for run settings, with the limits of shared/api.ts's runSettingsSchema, shared
// by the question box (per-run settings) and the Settings screen (defaults).
import type { RunSettings } from '../../../../shared/model.ts';

type NumericKey = 'chunkTokens' | 'memoryTokens' | 'answerTokens' | 'temperature' | 'topP';

const FIELDS: Record<NumericKey, { label: string; min: number; max: number; step: number }> = {
  chunkTokens: { label: 'Chunk size (tokens)', min: 256, max: 200_000, step: 256 },
  memoryTokens: { label: 'Memory size (tokens)', min: 64, max: 32_000, step: 64 },
  answerTokens: { label: 'Answer length (tokens)', min: 16, max: 32_000, step: 64 },
  temperature: { label: 'Temperature', min: 0, max: 2, step: 0.1 },
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
