import { z } from 'zod';
import { email, phone, state, text, zipcode } from '../fields';

/**
 * The studio's merchant account at the card processor (issue 34 item 1, decision 049): the business,
 * its owner and the bank account card money is paid into. The routing and account numbers pass through
 * to the processor and are never kept or shown again: only what the processor answers (the account's last
 * four, its bank's name when told) is.
 */

/** none: not onboarded; provisioning: the processor is reviewing it; approved: it takes cards; rejected. */
export const MERCHANT_ACCOUNT_STATES = ['none', 'provisioning', 'approved', 'rejected'] as const;
export type MerchantAccountState = (typeof MERCHANT_ACCOUNT_STATES)[number];

/** The business types Finix's identities take (`entity.business_type`). */
export const BUSINESS_TYPES = [
  'INDIVIDUAL_SOLE_PROPRIETORSHIP',
  'LIMITED_LIABILITY_COMPANY',
  'CORPORATION',
  'PARTNERSHIP',
] as const;
export type BusinessType = (typeof BUSINESS_TYPES)[number];

export const BUSINESS_TYPE_LABELS: Record<BusinessType, string> = {
  INDIVIDUAL_SOLE_PROPRIETORSHIP: 'Sole proprietorship',
  LIMITED_LIABILITY_COMPANY: 'Limited liability company (LLC)',
  CORPORATION: 'Corporation',
  PARTNERSHIP: 'Partnership',
};

export const merchantMessages = {
  submitted: 'Sent to the card processor. Card payments are on as soon as it approves the account.',
  approved: 'Your merchant account is approved: families can pay by card.',
  provisioning:
    'The card processor is reviewing your merchant account. This page shows its answer as soon as it comes.',
  rejected:
    'The card processor did not approve the merchant account. Correct what it names and send it again.',
  underReview: 'The card processor is already reviewing this studio’s merchant account: wait for its answer.',
  unfinished:
    'The last submission did not finish (the card processor’s answer never reached Pirouette): send the form again.',
  alreadyApproved: 'This studio’s merchant account is approved already.',
  /** The parent's portal and the refusal of a card payment or a saved card. */
  noCards: (studio: string) =>
    `${studio} does not take card payments online yet: please pay the studio by check or cash for now.`,
  /** Where the owner sees auto-pay runs. */
  autopayNoMerchant: 'Not charged: the studio’s merchant account is not approved yet (Get paid).',
  routing: 'Please enter the 9-digit routing number',
  account: 'Please enter the account number (4 to 17 digits)',
  taxId: 'Please enter the 9-digit tax id (EIN, or SSN for a sole proprietor)',
  ssn: 'Please enter the owner’s 9-digit Social Security number',
  dob: 'Please enter the owner’s date of birth (YYYY-MM-DD)',
  agreement: 'Please accept the card processor’s merchant agreement',
} as const;

/**
 * Why a card cannot be taken (decided on by this code, never by the sentence). `noMerchant`: the studio
 * has no approved merchant account.
 */
export const CARD_REFUSALS = ['noMerchant'] as const;
export type CardRefusal = (typeof CARD_REFUSALS)[number];

const digits = (n: number, message: string) =>
  z
    .string({ error: message })
    .transform((s) => s.replace(/[\s-]/g, ''))
    .refine((s) => new RegExp(`^\\d{${n}}$`).test(s), message);

/** POST api/mystudio/payments/merchant: the business, its owner and the bank account to be paid into. */
export const merchantInput = z.object({
  business: z.object({
    legalName: text(120, 'The legal business name'),
    doingBusinessAs: text(120, 'The name families know'),
    type: z.enum(BUSINESS_TYPES, { error: 'Please choose the kind of business' }),
    taxId: digits(9, merchantMessages.taxId),
    phone,
    email,
    url: z.string().trim().max(200).optional(),
    address: z.object({
      line1: text(120, 'The street address'),
      city: text(80, 'The city'),
      region: state,
      postalCode: zipcode,
    }),
  }),
  owner: z.object({
    firstName: text(60, 'The owner’s first name'),
    lastName: text(60, 'The owner’s last name'),
    title: text(60, 'The owner’s title'),
    dob: z
      .string({ error: merchantMessages.dob })
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}$/, merchantMessages.dob),
    ssn: digits(9, merchantMessages.ssn),
  }),
  bank: z.object({
    accountName: text(120, 'The name on the bank account'),
    routingNumber: digits(9, merchantMessages.routing),
    accountNumber: z
      .string({ error: merchantMessages.account })
      .transform((s) => s.replace(/[\s-]/g, ''))
      .refine((s) => /^\d{4,17}$/.test(s), merchantMessages.account),
    accountType: z.enum(['CHECKING', 'SAVINGS'], { error: 'Please choose checking or savings' }),
  }),
  agreementAccepted: z.literal(true, { error: merchantMessages.agreement }),
});
export type MerchantInput = z.output<typeof merchantInput>;

/** What the owner sees of what was sent: never a number of the bank account but its last four. */
export const merchantSummary = z.object({
  legalName: z.string(),
  doingBusinessAs: z.string(),
  owner: z.string(),
  bankAccount: z.string(),
});

/** GET api/mystudio/payments/merchant. */
export const merchantAnswer = z.object({
  state: z.enum(MERCHANT_ACCOUNT_STATES),
  /** Why the processor rejected it, in its words. */
  reasons: z.array(z.string()),
  summary: merchantSummary.nullable(),
  /** The processor's merchant id (MU…), once it made one. */
  merchantId: z.string().nullable(),
  updatedAt: z.string().nullable(),
  msg: z.string(),
});
export type MerchantAnswer = z.infer<typeof merchantAnswer>;

/** The sentence of a state, for the page. */
export function merchantStateMessage(s: MerchantAccountState): string {
  switch (s) {
    case 'approved':
      return merchantMessages.approved;
    case 'provisioning':
      return merchantMessages.provisioning;
    case 'rejected':
      return merchantMessages.rejected;
    default:
      return 'Card payments are off until the studio has a merchant account: fill in the form below.';
  }
}
