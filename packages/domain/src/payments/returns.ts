import { addDays, compareDates, type DateOnly, dateParts, makeDate, weekdayOf } from '../dates';

/**
 * Returned bank debits (issue 37 item 2, decision 068): what a Nacha return code means to a parent, which
 * returns are presented again and on which day, and the studio's return rates against Nacha's thresholds.
 * Pure: the follow-up job (apps/api/src/modules/payments/returns.ts) and the owner's page decide by these.
 */

/** Why a debit came back, in Nacha's groups (decision 066): what may be tried again, what is watched. */
export const BANK_RETURN_GROUPS = ['funds', 'unauthorized', 'administrative', 'other'] as const;
export type BankReturnGroup = (typeof BANK_RETURN_GROUPS)[number];

const GROUP_OF: Record<string, Exclude<BankReturnGroup, 'other'>> = {
  R01: 'funds',
  R09: 'funds',
  R05: 'unauthorized',
  R07: 'unauthorized',
  R10: 'unauthorized',
  R11: 'unauthorized',
  R29: 'unauthorized',
  R51: 'unauthorized',
  R02: 'administrative',
  R03: 'administrative',
  R04: 'administrative',
};

/** A code as the processor sends it ("r01", " R01 ") in Nacha's spelling ("R01"). */
export const returnCode = (code: string) => code.trim().toUpperCase();

/** Nacha's group of a return code; a code we do not know is `other` (never presented again). */
export const returnGroup = (code: string): BankReturnGroup => GROUP_OF[returnCode(code)] ?? 'other';

const SENTENCES: Record<string, string> = {
  R01: 'Your bank said there was not enough money in the account.',
  R02: 'Your bank said the account is closed.',
  R03: 'Your bank could not find an account with that number.',
  R04: 'Your bank said the account number is not valid.',
  R05: 'Your bank said this kind of debit is not allowed on the account without your permission.',
  R06: 'The payment was returned at the request of our bank.',
  R07: 'Your bank said you withdrew your permission for the studio to debit the account.',
  R08: 'Your bank said a stop payment was placed on this debit.',
  R09: 'Your bank said the money in the account was not available yet.',
  R10: 'Your bank said the account holder did not authorize this debit.',
  R11: 'Your bank said the debit was not what the account holder agreed to.',
  R12: 'Your bank said the account has moved to another bank.',
  R14: 'Your bank reported that the account can no longer be used (the account holder has died).',
  R15: 'Your bank reported that the account can no longer be used (the account holder has died).',
  R16: 'Your bank said the account is frozen.',
  R17: 'Your bank could not process the debit as it was sent.',
  R20: 'Your bank said debits are not allowed on this account.',
  R24: 'Your bank said this debit was a duplicate.',
  R29: 'Your bank said the account holder did not authorize this debit.',
  R51: 'Your bank said this debit was not properly authorized.',
};

/** Why a debit came back, in words a parent understands; an unknown code is named, never hidden. */
export function returnSentence(code: string): string {
  const c = returnCode(code);
  return SENTENCES[c] ?? `Your bank returned the payment (return code ${c || 'not given'}).`;
}

/** A debit is presented at most three times: the first debit and two re-presentments (Nacha). */
export const MAX_PRESENTMENT = 3;
/** A re-presentment is made within 180 days of the first debit's date (Nacha). */
export const REPRESENT_WINDOW_DAYS = 180;
/** The first day a returned debit may be presented again: the family has a few days to fund the account. */
export const REPRESENT_AFTER_DAYS = 3;
/** How much longer it waits, at most, for the day after a usual payday. */
export const REPRESENT_WAIT_FOR_PAYDAY_DAYS = 6;
/** The days after the usual paydays (the 1st and the 15th): the money of the pay is in the account. */
export const AFTER_PAYDAY_DAYS = [2, 16] as const;

/** Monday to Friday (bank holidays are not known here: a debit sent on one goes the next business day). */
export const isBusinessDay = (day: DateOnly) => weekdayOf(day) < 5;

/** The day itself when it is a business day, else the next one. */
export function businessDayFrom(day: DateOnly): DateOnly {
  let d = day;
  while (!isBusinessDay(d)) d = addDays(d, 1);
  return d;
}

/** The first day after a payday (the 2nd or the 16th of a month) on or after `day`. */
export function dayAfterPaydayFrom(day: DateOnly): DateOnly {
  const p = dateParts(day)!;
  for (const d of AFTER_PAYDAY_DAYS) if (p.day <= d) return makeDate(p.year, p.month, d);
  return p.month === 12 ? makeDate(p.year + 1, 1, AFTER_PAYDAY_DAYS[0]) : makeDate(p.year, p.month + 1, 2);
}

/**
 * The day a debit returned on `returnedOn` is presented again: not before `REPRESENT_AFTER_DAYS` days
 * after the return; the day after a usual payday (2nd or 16th) when one comes within
 * `REPRESENT_WAIT_FOR_PAYDAY_DAYS` more days; then the first business day from there.
 */
export function representDay(returnedOn: DateOnly): DateOnly {
  const earliest = addDays(returnedOn, REPRESENT_AFTER_DAYS);
  const payday = dayAfterPaydayFrom(earliest);
  const wait = compareDates(payday, earliest);
  return businessDayFrom(wait <= REPRESENT_WAIT_FOR_PAYDAY_DAYS ? payday : earliest);
}

/** Why a returned debit is not presented again. */
export type NoRepresentWhy = 'not_funds' | 'limit' | 'window';

/**
 * Whether a debit returned after its `presentment`-th presentment may be presented again on `on`: a
 * return for funds only (R01, R09), at most twice after the first debit, within 180 days of its date.
 */
export function mayPresentAgain(a: {
  group: BankReturnGroup;
  presentment: number;
  firstDebitOn: DateOnly;
  on: DateOnly;
}): { again: true; presentment: number } | { again: false; why: NoRepresentWhy } {
  if (a.group !== 'funds') return { again: false, why: 'not_funds' };
  if (a.presentment >= MAX_PRESENTMENT) return { again: false, why: 'limit' };
  if (compareDates(a.on, addDays(a.firstDebitOn, REPRESENT_WINDOW_DAYS)) > 0)
    return { again: false, why: 'window' };
  return { again: true, presentment: a.presentment + 1 };
}

/** What follows a return: presented again on a day, or the family asked for another method. */
export type ReturnFollowUp =
  | { kind: 'represent'; on: DateOnly; presentment: number }
  | { kind: 'new_method'; why: NoRepresentWhy };

/** The return's follow-up, decided by its code, its presentment and the first debit's date. */
export function returnFollowUp(a: {
  code: string;
  presentment: number;
  firstDebitOn: DateOnly;
  returnedOn: DateOnly;
}): ReturnFollowUp {
  const on = representDay(a.returnedOn);
  const may = mayPresentAgain({
    group: returnGroup(a.code),
    presentment: a.presentment,
    firstDebitOn: a.firstDebitOn,
    on,
  });
  return may.again
    ? { kind: 'represent', on, presentment: may.presentment }
    : { kind: 'new_method', why: may.why };
}

/**
 * Nacha's return rate thresholds, in basis points (1/100 of a percent) of the debits: unauthorized 0.5 %,
 * administrative 3 %, all returns 15 %. The studio is warned at half of each.
 */
export const RETURN_RATE_KINDS = ['unauthorized', 'administrative', 'overall'] as const;
export type ReturnRateKind = (typeof RETURN_RATE_KINDS)[number];
export const RETURN_RATE_THRESHOLDS_BPS: Record<ReturnRateKind, number> = {
  unauthorized: 50,
  administrative: 300,
  overall: 1500,
};
export const RATE_STATUSES = ['ok', 'warn', 'over'] as const;
export type RateStatus = (typeof RATE_STATUSES)[number];

/**
 * A rate's standing, in integers only: `over` when count ÷ debits reaches the threshold, `warn` from half
 * of it. No returns is `ok`; returns without any debit in the period are `over`.
 */
export function rateStatus(count: number, debits: number, thresholdBps: number): RateStatus {
  if (count <= 0) return 'ok';
  const scaled = count * 10_000;
  const limit = thresholdBps * debits;
  if (scaled >= limit) return 'over';
  if (scaled * 2 >= limit) return 'warn';
  return 'ok';
}

/** count ÷ debits in basis points, rounded half up (null without debits): for showing, never compared. */
export const rateBps = (count: number, debits: number): number | null =>
  debits > 0 ? Math.floor((count * 20_000 + debits) / (2 * debits)) : null;

/** "0.42%" from basis points. */
export const returnRateText = (bps: number) =>
  `${Math.floor(bps / 100)}.${String(bps % 100).padStart(2, '0')}%`;

/** The counts of a period: debits sent, and returns by group. */
export type ReturnCounts = { debits: number } & Record<BankReturnGroup, number>;

/** One rate of the period, with its threshold, where the warning starts, and its standing. */
export type ReturnRate = {
  kind: ReturnRateKind;
  count: number;
  debits: number;
  rateBps: number | null;
  thresholdBps: number;
  warnBps: number;
  status: RateStatus;
};

/** The studio's three return rates over a period. */
export function returnRates(c: ReturnCounts): ReturnRate[] {
  const counts: Record<ReturnRateKind, number> = {
    unauthorized: c.unauthorized,
    administrative: c.administrative,
    overall: c.funds + c.unauthorized + c.administrative + c.other,
  };
  return RETURN_RATE_KINDS.map((kind) => {
    const thresholdBps = RETURN_RATE_THRESHOLDS_BPS[kind];
    return {
      kind,
      count: counts[kind],
      debits: c.debits,
      rateBps: rateBps(counts[kind], c.debits),
      thresholdBps,
      warnBps: thresholdBps / 2,
      status: rateStatus(counts[kind], c.debits, thresholdBps),
    };
  });
}
