import { useEffect, useState } from 'react';

/** The time (ms since the epoch), read again every `intervalMs` while that is set; frozen otherwise. */
export function useNow(intervalMs: number | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (intervalMs === undefined) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
