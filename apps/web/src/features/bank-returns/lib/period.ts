import { bankReturnsMessages, compareDates, isDateOnly, RETURN_RATES_MAX_DAYS } from '@pirouette/domain';

/** Why a typed period cannot be read (the server's own sentence), or null when it can. */
export function periodProblem(p: { from: string; to: string }): string | null {
  if (!isDateOnly(p.from) || !isDateOnly(p.to)) return 'Enter both days of the period.';
  if (compareDates(p.from, p.to) > 0 || compareDates(p.to, p.from) >= RETURN_RATES_MAX_DAYS)
    return bankReturnsMessages.period;
  return null;
}
