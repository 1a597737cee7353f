import { useEffect, useState } from 'react';

/**
 * The countdown of a hold (issue 38 item 4): what is left of the seats' ten minutes, read from the
 * server's `heldUntil` against this device's clock (a clock far off is the server's to catch: it refuses
 * a payment after the hold's end whatever the screen showed).
 */

/** Milliseconds left until `heldUntil` (never below 0); `skew` is the server's time minus the device's. */
export function msLeft(heldUntil: string, now: number, skew = 0): number {
  return Math.max(0, Date.parse(heldUntil) - (now + skew));
}

/** "9:05": minutes and seconds left, rounded up so 0:00 is shown only once the hold has ended. */
export function clockText(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The words a screen reader hears: they change once a minute, so it is told once a minute. */
export function clockWords(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  if (seconds <= 0) return 'Your hold has ended.';
  if (seconds <= 60) return 'Less than a minute left to pay.';
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'} left to pay.`;
}

/** Whether the last two minutes have come: the countdown is shown as urgent. */
export const isUrgent = (ms: number) => ms <= 120_000;

/** The time left, ticking each second; 0 once over (the hold's end is then the screen's to say). */
export function useHoldClock(heldUntil: string | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!heldUntil) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [heldUntil]);
  return heldUntil ? msLeft(heldUntil, now) : 0;
}
