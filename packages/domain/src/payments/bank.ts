import { z } from 'zod';
import { tokenizer } from './schema';

/**
 * Bank debit (issue 37 item 1, decision 067): a family's bank account on file, with the debit
 * authorization the parent accepted (Nacha's rule for recurring debits: the words, their version and
 * when), the routing number's check digit, and the groups of Nacha's return codes (decision 066 §4).
 */

/** The version of the debit authorization's words; new words are a new version, read again. */
export const BANK_MANDATE_VERSION = 'ach-debit-2026-11';

/** The debit authorization as the parent reads it before saving a bank account, and as it is kept. */
export const bankMandateText = (studio: string) =>
  `I authorize ${studio} to debit the bank account I am saving, by electronic funds transfer (ACH), for payments I make at checkout and, when I turn automatic payments on, for the balance due on each due date. A debit may take a few business days to clear. If a debit is returned unpaid, ${studio} may present it again and may charge its returned-payment fee. This authorization stays in effect until I remove the bank account from my family's page, which I can do at any time; a debit already sent before then may still be taken.`;

export const bankMessages = {
  saved: 'Bank account saved: it will be debited from now on.',
  replaced: 'Bank account saved: it replaces the method on file and will be debited from now on.',
  removed: 'Bank account removed.',
  removedAutopayOff:
    'Bank account removed. Automatic payments are off until a payment method is added again.',
  noBank: 'There is no bank account on file.',
  notAccepted: 'Please read and accept the debit authorization to save the bank account.',
  mandateChanged:
    'The debit authorization changed since the page was loaded: read it again before saving the bank account.',
  notABank: 'This is a card, not a bank account: add it as a card instead.',
  notACard: 'This is a bank account, not a card: add it as a bank account instead.',
  noToken: 'The bank account could not be read: please enter it again.',
  routing: 'The routing number must be 9 digits with a valid check digit.',
  account: 'The account number must have 4 to 17 digits.',
  pending: (amount: string) =>
    `Your bank payment of ${amount} is on its way: it usually clears in 2 business days, and your balance shows it as paid meanwhile.`,
} as const;

/** ABA routing number: 9 digits whose weighted sum (3, 7, 1, repeated) is a multiple of 10. */
export function routingNumberValid(routing: string): boolean {
  if (!/^\d{9}$/.test(routing)) return false;
  const d = [...routing].map(Number);
  const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!);
  return sum % 10 === 0;
}

/** An account number: 4 to 17 digits (spaces and dashes ignored). */
export const accountNumberValid = (account: string) => /^\d{4,17}$/.test(account.replace(/[\s-]/g, ''));

/** Nacha's return groups (decision 066 §4): what may be presented again, and what the rates watch. */
export type ReturnGroup = 'funds' | 'unauthorized' | 'administrative' | 'other';

const GROUPS: Record<string, ReturnGroup> = {
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

/** A return code's group; a code Nacha may add, or one not listed, is `other`. */
export const returnGroupOf = (code: string): ReturnGroup => GROUPS[code.toUpperCase()] ?? 'other';

/** Whether a failure code is a Nacha return code (R followed by two digits). */
export const isReturnCode = (code: string | null | undefined): code is string =>
  typeof code === 'string' && /^R\d{2}$/.test(code);

/** A bank account on file, as the processor describes it: never its numbers but the last four. */
export const bankAccountOnFile = z.object({
  id: z.string(),
  /** The bank's name, or "Bank account". */
  bank: z.string(),
  last4: z.string(),
  accountType: z.enum(['CHECKING', 'SAVINGS']),
  /** When the debit authorization was accepted (the studio's date), and by whom. */
  authorizedOn: z.string(),
  addedBy: z.string(),
  mandateVersion: z.string(),
});
export type BankAccountOnFile = z.infer<typeof bankAccountOnFile>;

/** GET finix/customer/bankAccount: the family's bank account, the authorization to accept, how to add one. */
export const bankAccountAnswer = z.object({
  bank: bankAccountOnFile.nullable(),
  mandate: z.object({ version: z.string(), text: z.string() }),
  tokenizer,
  /** False when the studio has no approved merchant account (decision 049). */
  takesBank: z.boolean(),
  notice: z.string().nullable(),
});
export type BankAccountAnswer = z.infer<typeof bankAccountAnswer>;

/** POST finix/customer/bankAccount: the form's token and the authorization accepted. */
export const saveBankInput = z.object({
  token: z
    .string({ error: bankMessages.noToken })
    .trim()
    .min(1, bankMessages.noToken)
    .max(200, bankMessages.noToken),
  mandateVersion: z.string({ error: bankMessages.notAccepted }).trim().min(1).max(60),
  mandateAccepted: z.boolean({ error: bankMessages.notAccepted }),
});

/** The owner's view of a family's bank account on file. */
export const familyBankAnswer = z.object({ bank: bankAccountOnFile.nullable() });
