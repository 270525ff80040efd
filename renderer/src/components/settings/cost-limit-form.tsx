// Settings → Costs: the amount above which Ask asks before a run on a priced backend.
import { useEffect, useState } from 'react';
import { setCostLimit, useSettingsStore } from '../../stores/settings-store.ts';

export function CostLimitForm() {
  const limit = useSettingsStore((s) => s.settings.costConfirmAbove);
  const [value, setValue] = useState(String(limit));
  const [saved, setSaved] = useState(false);
  useEffect(() => setValue(String(limit)), [limit]);
  return (
    <form
      className="cost-limit-form"
      aria-labelledby="costs-heading"
      onSubmit={(e) => {
        e.preventDefault();
        void setCostLimit(Number(value)).then(setSaved);
      }}
    >
      <h2 id="costs-heading">Costs</h2>
      <label>
        Ask me before a run that may cost more than ($)
        <input
          type="number"
          min={0}
          step={0.01}
          required
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setSaved(false);
          }}
        />
      </label>
      <p className="muted small">
        For backends with prices (set in a backend’s profile). 0 asks before every priced run.
      </p>
      <div className="dialog-buttons">
        <span role="status" className="muted small">
          {saved ? 'Saved.' : ''}
        </span>
        <button type="submit">Save limit</button>
      </div>
    </form>
  );
}
