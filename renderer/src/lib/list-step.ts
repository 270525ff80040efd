// Keyboard steps in a list whose entries may not all be there yet (chunks not read).

/**
 * The entry Up/Down/Home/End moves to from `from`: the previous or next present entry, or the
 * first or last; null for other keys or when there is nowhere to go.
 */
export function listStep(entries: readonly unknown[], from: number, key: string): number | null {
  const present = (i: number) => entries[i] !== undefined && entries[i] !== null;
  const scan = (start: number, step: 1 | -1): number | null => {
    for (let i = start; i >= 0 && i < entries.length; i += step) if (present(i)) return i;
    return null;
  };
  const at = Number.isInteger(from) && from >= 0 ? from : -1;
  if (key === 'ArrowDown') return scan(at + 1, 1);
  if (key === 'ArrowUp') return at <= 0 ? null : scan(at - 1, -1);
  if (key === 'Home') return scan(0, 1);
  if (key === 'End') return scan(entries.length - 1, -1);
  return null;
}
