import { useCallback, useEffect, useState } from 'react';

/**
 * Seconds left before an action (resend) may be repeated. Counts against a deadline rather than
 * ticks so a throttled background tab still shows the right value when it wakes up.
 */
export function useCountdown(initialSeconds = 0): { remaining: number; start: (seconds: number) => void } {
  const [deadline, setDeadline] = useState(() => (initialSeconds > 0 ? Date.now() + initialSeconds * 1000 : 0));
  const [remaining, setRemaining] = useState(initialSeconds > 0 ? Math.ceil(initialSeconds) : 0);

  const start = useCallback((seconds: number) => {
    const s = Math.max(0, Math.ceil(seconds));
    setDeadline(s > 0 ? Date.now() + s * 1000 : 0);
    setRemaining(s);
  }, []);

  useEffect(() => {
    if (deadline === 0) return;
    const tick = () => {
      const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setRemaining(left);
      if (left === 0) setDeadline(0);
    };
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [deadline]);

  return { remaining, start };
}
