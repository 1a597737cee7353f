/** Ages and e-mail lists of families, as the screens show them (001 §9). */

/**
 * A student's age on `today` in quarter-year steps (001 §9): whole quarters since the date of birth,
 * so 7.25 is "at least 7 years and 3 months". Both dates are calendar dates (YYYY-MM-DD); null when the
 * date of birth is missing, malformed or after `today`.
 */
export function ageInQuarterYears(dob: string, today: string): number | null {
  const birth = calendarParts(dob);
  const now = calendarParts(today);
  if (!birth || !now) return null;
  let months = (now.y - birth.y) * 12 + (now.m - birth.m);
  if (now.d < birth.d) months -= 1;
  if (months < 0) return null;
  return Math.floor(months / 3) / 4;
}

/** An age in quarter-years as a person reads it: "7", "7¼", "7½", "7¾"; "under ¼" before three months. */
export function formatAge(age: number | null): string {
  if (age === null) return '';
  const whole = Math.floor(age);
  const quarter = ['', '¼', '½', '¾'][Math.round((age - whole) * 4)] ?? '';
  if (whole === 0 && quarter === '') return 'under ¼';
  return whole === 0 ? quarter : `${whole}${quarter}`;
}

function calendarParts(value: string): { y: number; m: number; d: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value ?? '');
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (m < 1 || m > 12 || d < 1 || d > 31) return null;
  return { y, m, d };
}

/** The e-mail list of a set of accounts (001 §2): lower-cased, without blanks or repeats, sorted. */
export function emailList(addresses: readonly (string | null | undefined)[]): string[] {
  const set = new Set<string>();
  for (const address of addresses) {
    const clean = address?.trim().toLowerCase();
    if (clean) set.add(clean);
  }
  return [...set].sort();
}
