import { z } from 'zod';
import { countOf } from '../format';
import { idSaying } from '../ids';
import { COMPETITION_TEXT } from './schema';

/**
 * Competition registration (issue 19 points 2–3, decision 032; 002 §3 "Competition registration list",
 * "Competition registration working lists", §4, §5, §7): dancers registered on an event's entries with a
 * dance number or a private lesson, the working lists the registration screen chooses from, and the
 * event's registrations. Money crosses the API in dollars.
 */

/** 002 §3: `cls` a class's dance number, `prv` a private lesson, `add` an add-on (a dance number again). */
export const REGISTRATION_TYPES = ['cls', 'prv', 'add'] as const;
export type RegistrationType = (typeof REGISTRATION_TYPES)[number];
export const REGISTRATION_TYPE_LABELS: Record<RegistrationType, string> = {
  cls: 'Class',
  prv: 'Private',
  add: 'Add-on',
};

/** Far above one entry's dancers: what one request registers at most. */
export const MAX_REGISTERED_AT_ONCE = 500;

const COMPETITION_REG_TEXT_FEES_KEPT = (n: number, day: string) =>
  `${n === 1 ? 'The competition fee stays' : `${n} competition fees stay`} on the family's bill: the event began on ${day}.`;

export const COMPETITION_REG_TEXT = {
  /** 002 §5, §8: a failed or invalid registration or removal, an invalid id. */
  invalid: COMPETITION_TEXT.invalidId,
  /** 002 §8. */
  registered: 'Registration was successful.',
  /** 002 §8, byte for byte (no period). */
  removed: 'Delete was successful',
  /** A removal that leaves fees on the families' bills: the spec's sentence, then why they stay. */
  removedFeesKept: (n: number, day: string) =>
    `Delete was successful. ${COMPETITION_REG_TEXT_FEES_KEPT(n, day)}`,
  nothingNew: 'Everyone selected is registered on this entry already.',
  numberNotFound: 'This dance number could not be found.',
  privateNotFound: 'This private lesson could not be found.',
  registrationNotFound: 'This competition registration could not be found.',
  notDancing: (dancer: string, what: string) =>
    `${dancer} does not go to competitions with ${what}: turn competition on for them there first.`,
  /** The entry's dancer limits (decision 032), in a sentence naming them. */
  tooFew: (entry: string, min: number, what: string, n: number) =>
    `${entry} takes at least ${countOf(min, 'dancer', 'dancers')}: ${what} would have ${n}. Register more of its dancers, or remove the whole number.`,
  tooMany: (entry: string, max: number, what: string, n: number) =>
    `${entry} takes at most ${countOf(max, 'dancer', 'dancers')}: ${what} would have ${n}.`,
  /** A removal on or after the event's first day: the fees stay (decision 032). */
  feesKept: (n: number, day: string) => COMPETITION_REG_TEXT_FEES_KEPT(n, day),
  /** The paid flag follows the ledger (decision 032): it is never set by hand. */
  paidByLedger:
    "A competition fee is paid on the family's bill: record the payment on the family's account, and this line follows it.",
  paidAlready: 'This competition fee is paid: take the payment back on the family’s account to change it.',
} as const;

// A missing id too gets 002 §5's sentence, not the generic one (issue 32 item 10).
const recordId = z
  .string({ error: COMPETITION_REG_TEXT.invalid })
  .pipe(idSaying(COMPETITION_REG_TEXT.invalid));
const typeOf = z.enum(REGISTRATION_TYPES, { error: COMPETITION_REG_TEXT.invalid });
const listOf = <T extends z.ZodType>(item: T) =>
  z
    .array(item, { error: COMPETITION_REG_TEXT.invalid })
    .min(1, COMPETITION_REG_TEXT.invalid)
    .max(MAX_REGISTERED_AT_ONCE, COMPETITION_REG_TEXT.invalid);

/** `POST …/registration` body `entry, yrTrm, loc, type` (002 §7): the working lists for those choices. */
export const competitionWorkingListsInput = z.object({
  entry: recordId,
  yrTrm: recordId,
  loc: recordId,
  type: typeOf,
});
export type CompetitionWorkingListsInput = z.input<typeof competitionWorkingListsInput>;

/**
 * `POST …/registration/class` body `entry, sReg` (002 §7): `sReg` the dance numbers whose unregistered
 * dancers are registered (a class selected is its numbers). `type` (ours) is `cls`, or `add` for an
 * add-on entry; `cls` when not given.
 */
export const competitionClassRegistrationInput = z.object({
  entry: recordId,
  type: z.enum(['cls', 'add'], { error: COMPETITION_REG_TEXT.invalid }).optional().default('cls'),
  sReg: listOf(recordId),
});
export type CompetitionClassRegistrationInput = z.input<typeof competitionClassRegistrationInput>;

/** `POST …/registration/private` body `entry, sReg` (002 §7): the private lessons whose dancers are registered. */
export const competitionPrivateRegistrationInput = z.object({
  entry: recordId,
  sReg: listOf(recordId),
});
export type CompetitionPrivateRegistrationInput = z.input<typeof competitionPrivateRegistrationInput>;

/**
 * `POST …/registration/students` body `entry, sReg` (002 §7): single dancers, each `{ pID, acctStdID }` —
 * the dance number (or, with `type` `prv`, the private lesson) and the student.
 */
export const competitionStudentsRegistrationInput = z.object({
  entry: recordId,
  type: typeOf.optional().default('cls'),
  sReg: listOf(z.object({ pID: recordId, acctStdID: recordId }, { error: COMPETITION_REG_TEXT.invalid })),
});
export type CompetitionStudentsRegistrationInput = z.input<typeof competitionStudentsRegistrationInput>;

/** The spec's `null` for "every dancer" in a removal's last segment, or a student's id. */
const studentOrNull = z.union([z.literal('null'), recordId], { error: COMPETITION_REG_TEXT.invalid });

/**
 * `DELETE …/registration/class/{entry}/{std|dnc}/{dncNumID}/{acctStdID|null}` (002 §7): `dnc` removes the
 * dance number's dancers from the entry (`null` last), `std` one dancer of it.
 */
export const competitionClassRemovalParams = z
  .object({
    entry: recordId,
    mode: z.enum(['std', 'dnc'], { error: COMPETITION_REG_TEXT.invalid }),
    id: recordId,
    acctStdID: studentOrNull,
  })
  .refine((p) => (p.mode === 'std') === (p.acctStdID !== 'null'), COMPETITION_REG_TEXT.invalid);

/** `DELETE …/registration/private/{entry}/{std|prv}/{privID}/{acctStdID|null}` (002 §7). */
export const competitionPrivateRemovalParams = z
  .object({
    entry: recordId,
    mode: z.enum(['std', 'prv'], { error: COMPETITION_REG_TEXT.invalid }),
    id: recordId,
    acctStdID: studentOrNull,
  })
  .refine((p) => (p.mode === 'std') === (p.acctStdID !== 'null'), COMPETITION_REG_TEXT.invalid);

export const competitionRegistrationIdParams = z.object({ id: recordId });

/** `PUT …/registration/{id}/paid` (ours; 002 §4 "Paid flag … can be updated"): the flag the owner sets. */
export const competitionPaidInput = z.object({
  isPayed: z.union([z.boolean(), z.literal(0), z.literal(1)], { error: COMPETITION_REG_TEXT.invalid }),
});

// ——— Answers ———

const flag = z.union([z.literal(0), z.literal(1)]);
const state = z.union([z.literal(0), z.literal(1), z.literal(2)]);

/** A class of the working lists: its dancers over its numbers, registered when all its numbers are. */
export const workingClass = z.object({
  id: z.string(),
  name: z.string(),
  day: z.number().int(),
  timeStart: z.string(),
  nReg_tot: z.number().int(),
  nReg_Students: z.number().int(),
  isReg: flag,
});
export const workingNumber = z.object({
  id: z.string(),
  clsSch_ID: z.string(),
  name: z.string(),
  nGenre: z.string(),
  nReg_tot: z.number().int(),
  nReg_Students: z.number().int(),
  isReg: flag,
});
/** A dancer of a dance number: `id` the dance-number activity row. */
export const workingClassDancer = z.object({
  id: z.string(),
  dncNumID: z.string(),
  acctStdID: z.string(),
  studentName: z.string(),
  coAcctMemID: z.string(),
  isReg: flag,
  stat: state,
  /** The registration line, when registered. */
  regID: z.string().nullable(),
});
export const workingPrivate = z.object({
  id: z.string(),
  name: z.string(),
  type: z.number().int(),
  nPrvReg_act: z.number().int(),
  nReg_Students: z.number().int(),
  nReg_tot: z.number().int(),
  isReg: flag,
  stat: state,
  nSel: z.number().int(),
});
/** A dancer of a private lesson: `id` the private registration. */
export const workingPrivateDancer = z.object({
  id: z.string(),
  privID: z.string(),
  acctStdID: z.string(),
  studentName: z.string(),
  coAcctMemID: z.string(),
  isReg: flag,
  stat: state,
  regID: z.string().nullable(),
});
/** A dancer of the lists: registered on the entry for something (`isReg`), and for how many (`nReg`). */
export const workingStudent = z.object({
  id: z.string(),
  studentName: z.string(),
  coAcctMemID: z.string(),
  stat: state,
  isReg: flag,
  nReg: z.number().int(),
});

/** `POST …/registration`: the working lists (002 §3), and the entry they are for. */
export const competitionWorkingLists = z.object({
  entry: z.object({
    id: z.string(),
    name: z.string(),
    priceStudio: z.number(),
    priceCustomer: z.number(),
    nDancersMin: z.number().int(),
    nDancersMax: z.number().int(),
  }),
  cls: z.array(workingClass),
  dnc: z.array(workingNumber),
  reg_cls: z.array(workingClassDancer),
  privs: z.array(workingPrivate),
  reg_prv: z.array(workingPrivateDancer),
  reg_std: z.array(workingStudent),
});
export type CompetitionWorkingLists = z.infer<typeof competitionWorkingLists>;

/** What a registration answers: the new lines, and the fees charged (dollars). */
export const competitionRegisteredAnswer = z.object({
  msg: z.string(),
  regIDs: z.array(z.string()),
  nReg: z.number().int(),
  fees: z.number(),
});
export type CompetitionRegisteredAnswer = z.infer<typeof competitionRegisteredAnswer>;

export const competitionRemovedAnswer = z.object({
  msg: z.string(),
  nRemoved: z.number().int(),
  /** Fees taken off the families' bills (before the event), and fees kept (on or after its first day). */
  feesRemoved: z.number().int(),
  feesKept: z.number().int(),
});
export type CompetitionRemovedAnswer = z.infer<typeof competitionRemovedAnswer>;

/** A registration line (002 §3 "Competition registration list"), money in dollars. */
export const competitionRegItem = z.object({
  id: z.string(),
  type: z.enum(REGISTRATION_TYPES),
  /** The dance number or private lesson. */
  pID: z.string(),
  compCoEntryID: z.string(),
  acctStdID: z.string(),
  studentName: z.string(),
  coAcctMemID: z.string(),
  family: z.string(),
  price: z.number(),
  priceStudio: z.number(),
  /** What the family has paid of the fee (dollars); paid when it is all of it (the ledger says). */
  paid: z.number(),
  isPayed: flag,
});
export type CompetitionRegItem = z.infer<typeof competitionRegItem>;

/** A dancer of the event with their lines, fees and what is paid of them. */
export const competitionRegStudent = z.object({
  acctStdID: z.string(),
  studentName: z.string(),
  coAcctMemID: z.string(),
  family: z.string(),
  regIDs: z.array(z.string()),
  price: z.number(),
  paid: z.number(),
});

/** `GET …/registered/event/{eventId}` (002 §7), with the registrations grouped by dancer (ours: `std_List`). */
export const competitionRegisteredEvent = z.object({
  class_List: z.array(z.object({ id: z.string(), name: z.string() })),
  dncNum_List: z.array(
    z.object({ id: z.string(), name: z.string(), nGenre: z.string(), clsSch_ID: z.string() }),
  ),
  private_List: z.array(z.object({ id: z.string(), name: z.string(), type: z.number().int() })),
  entry_List: z.array(
    z.object({
      cmpEntID: z.string(),
      name: z.string(),
      priceStudio: z.number(),
      priceCustomer: z.number(),
      nDancersMin: z.number().int(),
      nDancersMax: z.number().int(),
      nReg: z.number().int(),
    }),
  ),
  reg_List: z.array(competitionRegItem),
  std_List: z.array(competitionRegStudent),
  /** The event's money (dollars): what the studio owes the competition, what families are charged and have paid. */
  totals: z.object({ priceStudio: z.number(), price: z.number(), paid: z.number() }),
});
export type CompetitionRegisteredEvent = z.infer<typeof competitionRegisteredEvent>;

export const competitionPaidAnswer = z.object({ id: z.string(), isPayed: flag, msg: z.string() });
