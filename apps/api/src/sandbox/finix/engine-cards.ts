import { createHash, randomBytes } from 'node:crypto';

/**
 * The card rules of the simulated Finix (engine.ts): what a number is, and what the sandbox's test cards
 * and test amounts do (shared/billing.md, "Finix, in short"). A number is looked at while it is
 * tokenized and never kept: afterwards the card is known by its fingerprint alone.
 */

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** An id as Finix makes them: a two-letter prefix (TR, PI, …) and 22 random characters. */
export function finixId(prefix: string): string {
  return prefix + [...randomBytes(22)].map((byte) => BASE58[byte % 58]).join('');
}

export function luhnValid(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The card network by the number's prefix, in Finix's names. */
export function cardBrand(number: string): string {
  const prefix = (n: number) => Number(number.slice(0, n));
  if (number.startsWith('4')) return 'VISA';
  if ((prefix(2) >= 51 && prefix(2) <= 55) || (prefix(4) >= 2221 && prefix(4) <= 2720)) return 'MASTERCARD';
  if (/^3[47]/.test(number)) return 'AMERICAN_EXPRESS';
  if (/^(6011|65|64[4-9])/.test(number)) return 'DISCOVER';
  if (/^3(0[0-5]|[689])/.test(number)) return 'DINERS_CLUB';
  if (prefix(4) >= 3528 && prefix(4) <= 3589) return 'JCB';
  if (number.startsWith('62')) return 'CHINA_UNION_PAY';
  return 'UNKNOWN';
}

/**
 * A card's type as its network would tell (Finix `card_type`): the sandbox's debit and prepaid test
 * cards by number, every other card CREDIT (decision 066: only a credit card is surcharged).
 */
export function cardType(number: string): 'CREDIT' | 'DEBIT' | 'PREPAID' {
  return DEBIT_CARDS.has(number) ? 'DEBIT' : PREPAID_CARDS.has(number) ? 'PREPAID' : 'CREDIT';
}
/** Visa debit and Mastercard debit (the BIN of Finix's own debit example, 520082). */
const DEBIT_CARDS = new Set(['4000056655665556', '5200828282828210']);
const PREPAID_CARDS = new Set(['4000058260000005']);

/** The same number always has the same fingerprint, so the same card saved twice is seen as one. */
export function cardFingerprint(number: string): string {
  const digest = createHash('sha256').update(`pirouette-sandbox-card:${number}`).digest();
  return `FPR${[...digest.subarray(0, 21)].map((byte) => BASE58[byte % 58]).join('')}`;
}

/** Finix's failure codes the sandbox gives, and what they tell the cardholder (in our words). */
export const FAILURE_MESSAGES = {
  GENERIC_DECLINE:
    'The card was declined for an unknown reason. The cardholder should contact their card issuer.',
  INSUFFICIENT_FUNDS: 'The card has insufficient funds. Use another payment method.',
  EXPIRED_CARD: 'The card has expired. Use a card that has not expired.',
  LOST_OR_STOLEN_CARD: 'The card was declined. Use another payment method.',
  INVALID_CARD: 'The card is invalid. Use another card.',
} as const;
export type FailureCode = keyof typeof FAILURE_MESSAGES;

/** Codes after which Finix disables the instrument: the card must never be tried again. */
export const DISABLING_CODES: ReadonlySet<string> = new Set<FailureCode>(['LOST_OR_STOLEN_CARD']);

/**
 * A card whose soft declines are cured later (decision 070), so the recovery of failed payments is
 * measured, not assumed: declined INSUFFICIENT_FUNDS on its first `firstSales` sales (this saved card's),
 * or on every day but those right after a payday (`afterPaydays`: the 2nd to 4th and the 16th to 18th of
 * the month, by the sandbox's clock, UTC).
 */
type Recovers = { firstSales: number } | { afterPaydays: true };

type CardBehaviour = { declines?: FailureCode; refundFails?: boolean; recovers?: Recovers };

const TEST_CARDS: Record<string, CardBehaviour> = {
  '4895142232120006': {},
  '4000000000009979': { declines: 'GENERIC_DECLINE' },
  '4000000000000069': { declines: 'INSUFFICIENT_FUNDS' },
  '4000000000009987': { declines: 'EXPIRED_CARD' },
  '4000000000000127': { declines: 'LOST_OR_STOLEN_CARD' },
  '4000000000000135': { refundFails: true },
  '4000000000001232': { recovers: { firstSales: 2 } },
  '4000000000004566': { recovers: { afterPaydays: true } },
};

/** The days of the month a card that is short of funds until payday succeeds. */
const AFTER_PAYDAYS = new Set([2, 3, 4, 16, 17, 18]);

const BEHAVIOUR_BY_FINGERPRINT = new Map(
  Object.entries(TEST_CARDS).map(([number, behaviour]) => [cardFingerprint(number), behaviour]),
);

/** The test amounts, in cents, whatever the card. */
export const TEST_AMOUNTS = {
  declined: 102,
  canceled: 103,
  insufficientFunds: 193,
  invalidCard: 194,
  disputed: 888888,
} as const;

export type ChargeOutcome =
  | { state: 'SUCCEEDED' }
  | { state: 'CANCELED' }
  | { state: 'FAILED'; failureCode: FailureCode };

/** Whether the card's outcome depends on its earlier sales (the caller then counts them). */
export const countsEarlierSales = (fingerprint: string) => {
  const recovers = BEHAVIOUR_BY_FINGERPRINT.get(fingerprint)?.recovers;
  return recovers !== undefined && 'firstSales' in recovers;
};

/**
 * What the card's issuer says to a sale or an authorization: the card's own rule first, then the amount's.
 * `history` is this saved card's earlier sales and the sandbox's day (UTC), for the cards that recover.
 */
export function chargeOutcome(
  fingerprint: string,
  amount: number,
  history: { earlierSales: number; day: Date } = { earlierSales: 0, day: new Date() },
): ChargeOutcome {
  const behaviour = BEHAVIOUR_BY_FINGERPRINT.get(fingerprint);
  if (behaviour?.declines) return { state: 'FAILED', failureCode: behaviour.declines };
  const recovers = behaviour?.recovers;
  if (recovers && 'firstSales' in recovers && history.earlierSales < recovers.firstSales)
    return { state: 'FAILED', failureCode: 'INSUFFICIENT_FUNDS' };
  if (recovers && 'afterPaydays' in recovers && !AFTER_PAYDAYS.has(history.day.getUTCDate()))
    return { state: 'FAILED', failureCode: 'INSUFFICIENT_FUNDS' };
  switch (amount) {
    case TEST_AMOUNTS.declined:
      return { state: 'FAILED', failureCode: 'GENERIC_DECLINE' };
    case TEST_AMOUNTS.canceled:
      return { state: 'CANCELED' };
    case TEST_AMOUNTS.insufficientFunds:
      return { state: 'FAILED', failureCode: 'INSUFFICIENT_FUNDS' };
    case TEST_AMOUNTS.invalidCard:
      return { state: 'FAILED', failureCode: 'INVALID_CARD' };
    default:
      return { state: 'SUCCEEDED' };
  }
}

/** A succeeded debit of this amount is disputed by the cardholder at once. */
export const isDisputedAmount = (amount: number) => amount === TEST_AMOUNTS.disputed;

/** Whether a refund to the card fails once the processor has tried it. */
export function refundFails(fingerprint: string): boolean {
  return BEHAVIOUR_BY_FINGERPRINT.get(fingerprint)?.refundFails === true;
}
