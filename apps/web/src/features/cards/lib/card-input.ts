/**
 * The sandbox card form's typing and checks (issue 17): a card number in groups of four, an expiry as
 * MM/YY, and the sentences a parent reads before anything is sent. The processor checks the card again;
 * these only spare a round trip for a typing mistake.
 */

/** The longest card number a network issues. */
export const MAX_CARD_DIGITS = 19;
const MIN_CARD_DIGITS = 12;

export const digitsOf = (value: string) => value.replace(/\D/g, '');

/** A card number as typed, in groups of four: "4895142232" → "4895 1422 32". */
export function formatCardNumber(value: string): string {
  const digits = digitsOf(value).slice(0, MAX_CARD_DIGITS);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** An expiry as typed: "1" → "1", "128" → "12/8", "12/28" stays. Backspace over the slash works. */
export function formatExpiry(value: string): string {
  const digits = digitsOf(value).slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** The Luhn checksum every card number carries in its last digit. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

/** "MM/YY" as a month and a four-digit year, or null when it is not one. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^(\d{2})\/(\d{2})$/.exec(value.trim());
  if (!match) return null;
  return { month: Number(match[1]), year: 2000 + Number(match[2]) };
}

export type CardValues = { number: string; expiry: string; cvc: string; name: string; zip: string };
export type CardErrors = Partial<Record<keyof CardValues, string>>;

export const emptyCard: CardValues = { number: '', expiry: '', cvc: '', name: '', zip: '' };

export const cardSentences = {
  numberMissing: 'Enter the card number.',
  numberLength: 'A card number has 12 to 19 digits: check the number on the card.',
  numberInvalid: 'This card number is not valid: check it for a typing mistake.',
  expiryMissing: 'Enter the expiry as MM/YY.',
  expiryMonth: 'The month must be 01 to 12.',
  expired: 'This card has expired.',
  cvc: 'Enter the 3 or 4 digit CVC.',
  name: 'Enter the name as it appears on the card.',
  zip: "Enter the 5-digit ZIP code of the card's billing address.",
} as const;

/**
 * What is wrong with the card as typed, field by field; empty when it may be sent. A card is good
 * through the last day of its expiry month, so a card expiring this month is accepted.
 */
export function checkCard(values: CardValues, today: { year: number; month: number }): CardErrors {
  const errors: CardErrors = {};
  const number = digitsOf(values.number);
  if (number === '') errors.number = cardSentences.numberMissing;
  else if (number.length < MIN_CARD_DIGITS || number.length > MAX_CARD_DIGITS)
    errors.number = cardSentences.numberLength;
  else if (!luhnValid(number)) errors.number = cardSentences.numberInvalid;

  const expiry = parseExpiry(values.expiry);
  if (values.expiry.trim() === '' || !expiry) errors.expiry = cardSentences.expiryMissing;
  else if (expiry.month < 1 || expiry.month > 12) errors.expiry = cardSentences.expiryMonth;
  else if (expiry.year * 12 + expiry.month < today.year * 12 + today.month)
    errors.expiry = cardSentences.expired;

  if (!/^\d{3,4}$/.test(values.cvc.trim())) errors.cvc = cardSentences.cvc;
  if (values.name.trim() === '') errors.name = cardSentences.name;
  if (!/^\d{5}(-?\d{4})?$/.test(values.zip.trim())) errors.zip = cardSentences.zip;
  return errors;
}

/** The browser's month: the expiry check is the parent's own calendar, the processor has the last word. */
export function thisMonth(now = new Date()): { year: number; month: number } {
  return { year: now.getFullYear(), month: now.getMonth() + 1 };
}

/** What the sandbox's token endpoint is sent: the card, as Finix.js would post it to Finix. */
export function tokenRequestOf(values: CardValues) {
  const expiry = parseExpiry(values.expiry);
  return {
    number: digitsOf(values.number),
    expMonth: expiry?.month ?? 0,
    expYear: expiry?.year ?? 0,
    cvv: values.cvc.trim(),
    name: values.name.trim(),
    postalCode: values.zip.trim(),
  };
}

/** A card's expiry as shown: "08/2027". */
export const expiryText = (card: { expMonth: number; expYear: number }) =>
  `${String(card.expMonth).padStart(2, '0')}/${card.expYear}`;
