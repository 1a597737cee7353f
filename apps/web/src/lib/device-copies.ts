/**
 * What the installed app keeps on the device to open without a connection (decision 063): the last
 * session read, and the last rolls and day lists a teacher loaded (dancers' first names, allergies,
 * notes). Kept under these prefixes, and forgotten at sign-out, so the next person to use the phone finds
 * none of it. Taps not yet sent are not copies: they stay until sent (`pirouette.roll.`).
 */
export const DEVICE_COPY_KEYS = {
  me: 'pirouette.me',
  roll: 'pirouette.rollcache.',
  day: 'pirouette.rollday.',
  /** A show's tickets the door checks offline, and backstage's line-up (decision 075). */
  door: 'pirouette.doorcopy.',
} as const;

/** Forgets every copy the app kept on this device (at sign-out). */
export function forgetDeviceCopies(): void {
  try {
    const prefixes = Object.values(DEVICE_COPY_KEYS);
    for (const key of Object.keys(window.localStorage)) {
      if (prefixes.some((p) => key.startsWith(p))) window.localStorage.removeItem(key);
    }
  } catch {
    // Storage refused: nothing was kept.
  }
}
