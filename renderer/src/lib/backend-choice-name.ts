// A backend as a backend choice lists it (the Ask form's and the New review form's dropdown).
import type { BackendProfile } from '../../../shared/model.ts';

/**
 * Its name, which fits the control in a narrow column: a name with its model ("Local simulator
 * (sim-llm) (BytedTsinghua-SIA/RL-MemoryAgent-14B)") was cut. The model follows only where two
 * backends share a name, so the list still tells them apart; the status line under the Ask form
 * names the chosen backend's model.
 */
export function backendChoiceName(p: BackendProfile, all: readonly BackendProfile[]): string {
  const twin = all.some((o) => o.id !== p.id && o.name === p.name);
  return twin && p.model ? `${p.name} (${p.model})` : p.name;
}
