import { compareDates, dancersText, dollarsText, type PrivateRegistration } from '@pirouette/domain';

/** The price field's text: the lesson's price as "$70.00". */
export const priceText = (dollars: number) => dollarsText(dollars);

/** What is sent of the price field (002 §5): the text is split at the '$' and the part after it goes. */
export function priceAfterDollar(text: string): string {
  return (text.split('$').pop() ?? '').trim();
}

type Span = { dateStart: string; dateEnd: string };

/** A new registration starts today, or on the nearest day of the term when today lies outside it. */
export function defaultStartDate(today: string, term: Span | null): string {
  if (!term) return today;
  if (compareDates(today, term.dateStart) < 0) return term.dateStart;
  if (compareDates(today, term.dateEnd) > 0) return term.dateEnd;
  return today;
}

/** The four activity flags of a registration (002 §4), in the order the screen shows them. */
export const ACTIVITY_TOGGLES = [
  { key: 'status', label: 'Active', step: 1 },
  { key: 'competition', label: 'Competition', step: 2 },
  { key: 'recital', label: 'Recital', step: 3 },
  { key: 'costume', label: 'Costume', step: 4 },
] as const;

export type ActivityKey = (typeof ACTIVITY_TOGGLES)[number]['key'];
export type ActivityStep = (typeof ACTIVITY_TOGGLES)[number]['step'];

/**
 * The update a toggle sends: its step, and the flag's next value (each update turns it over). Step 1 is
 * Active: the server sets all four flags and the registration status with it.
 */
export function toggleUpdate(
  registration: PrivateRegistration,
  key: ActivityKey,
): { regID: string; step: ActivityStep; status: 0 | 1 } {
  const toggle = ACTIVITY_TOGGLES.find((t) => t.key === key);
  if (!toggle) throw new Error(`Unknown activity flag: ${key}`);
  return { regID: registration.privRegID, step: toggle.step, status: registration[key] ? 0 : 1 };
}

/** The flags a step changes on screen while the server is asked: step 1 moves all four together. */
export function flagsOfStep(step: ActivityStep): readonly ActivityKey[] {
  return step === 1
    ? ACTIVITY_TOGGLES.map((t) => t.key)
    : ACTIVITY_TOGGLES.filter((t) => t.step === step).map((t) => t.key);
}

/** "1 of 2 dancers": the registrations of a lesson, of the dancers its price is for (decision 018). */
export const placesText = (taken: number, nDancers: number) => `${taken} of ${dancersText(nDancers)}`;
