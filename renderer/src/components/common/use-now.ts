// The current time for elapsed time and ETA: re-renders once a second while `active` (events
// re-render in between, and each render reads the clock afresh).
import { useEffect, useState } from 'react';

export function useNow(active: boolean): number {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setTick((t) => t + 1), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return Date.now();
}
