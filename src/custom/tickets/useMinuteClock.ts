import { useEffect, useState } from 'react';

const MINUTE = 60_000;

/** The time now, moved on each minute: the due badges say "dans 2 h" and stay true while shown. */
export function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), MINUTE);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}
