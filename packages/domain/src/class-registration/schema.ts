import { z } from 'zod';
import { dateOnlySchema } from '../dates';
import { discountItem } from '../discounts/schema';
import { idSchema } from '../ids';
import { messages } from '../messages';
import { dollarsSchema } from '../money';
import { scheduleClass, scheduleLocation, scheduleRoom } from '../schedule/schema';
import { familyPaymentSystem, tuitionPayment } from './payment-schema';

/**
 * Class registration (issue 15; 001 §3–§7, 002 §4–§7): the schedule builder's data, the parent's and
 * the owner's submissions, drops, approvals and a family's tuition explained. Money at this edge is in
 * dollars with two decimals, like every price of the API; the rules compute in cents.
 */

/** 001 §4: a registration's iStatus. */
export const I_STATUS = { new: 1, registered: 10, dropped: -1, removed: -2, newPlanItem: 2 } as const;
/** 002 §4: the owner's approval. */
export const APPROVAL = { pending: 0, approved: 1, rejected: -1 } as const;
export type ApprovalStatus = (typeof APPROVAL)[keyof typeof APPROVAL];

export const classRegistrationMessages = {
  /** 001 §8. */
  noChanges: "Ohh my! I seams that you haven't made any changes to the schedule.",
  noClasses: 'No selected classes',
  selectOne: 'To continue, please select at least one class.',
  registered: 'Registration was successful.',
  invalid: "Op's, something went wrong please try again.",
  // Ours.
  pricesChanged: (was: string, now: string) =>
    `Prices have changed since you started: the family's monthly tuition is now ${now} (it was ${was}). Please review the new figures and confirm again.`,
  planChanged:
    'The payment plan has changed since you started. Please review the new schedule and confirm again.',
  dateChanged:
    'The registration date has changed (a new day began). Please review the figures and confirm again.',
  classFull: (name: string) => `${name} is full. You can join its waitlist instead.`,
  classClosed: (name: string) => `${name} is not open for registration.`,
  classNotInTerm: 'This class is not in the current year term.',
  classNotFound: 'This class could not be found.',
  studentNotFound: 'This dancer could not be found in your family.',
  alreadyRegistered: (student: string, name: string) => `${student} is already registered in ${name}.`,
  notRegistered: 'This registration could not be found.',
  notDropped: 'This class is not dropped.',
  alreadyDropped: 'This class is already dropped.',
  planRequired: 'Please choose a payment plan.',
  planNotFound: 'This payment plan could not be found.',
  planFixed: (name: string) =>
    `Your family pays this term by the ${name} plan; a change of plan goes through the studio.`,
  termsRequired: (title: string) => `Please read and accept the studio's ${title} to register.`,
  termsChanged: 'The studio has updated its terms since you opened them. Please read them again.',
  noTerm: 'The studio has no current year term yet: registration opens when it has one.',
  dropDateOutside: (from: string, to: string) => `The drop date must be between ${from} and ${to}.`,
  startDateOutside: (from: string, to: string) => `The start date must be between ${from} and ${to}.`,
  notPending: 'Only a pending registration can be approved or rejected.',
  billFromOutside: (from: string, to: string) =>
    `Billing can start between ${from} (the registration's start) and ${to} (today, or its start if later).`,
  approved: (n: number) => (n === 1 ? 'Registration approved.' : `${n} registrations approved.`),
  rejected: (n: number) => (n === 1 ? 'Registration rejected.' : `${n} registrations rejected.`),
  awaitingApproval: 'Registration was successful. The studio will confirm your new classes shortly.',
  dropped: (name: string) => `${name} was dropped.`,
  restored: (name: string) => `${name} is back on the schedule.`,
  registeredWithWarnings: 'Registration was successful, though not every class is open to this dancer.',
  hasRegistrations: (what: string) =>
    `${what} has registrations that are part of a payment plan. Drop them first.`,
} as const;

/** A dollar amount sent by the client: only compared with the server's own figure. */
const sentDollars = z.number({ error: messages.insufficientData }).pipe(dollarsSchema);

// ——— The schedule builder ———

/** A class as the builder shows it: the schedule's class and what registering needs to know. */
export const builderClass = scheduleClass.extend({
  /** nMax minus the places taken (registrations that count, pending ones too, and open offers). */
  placesLeft: z.number().int(),
  /** Dancers on the class's waitlist. */
  waiting: z.number().int().default(0),
  /** The class's genres (ids) and other requirements (002 §3), for the eligibility check. */
  genreIDs: z.array(z.string()),
  requirements: z.array(
    z.object({
      genreID: z.string(),
      genreName: z.string(),
      levelID: z.number().int(),
      isRequired: z.boolean(),
    }),
  ),
  /** The class tuition takes the multi-class and sibling discounts. */
  applyDiscount: z.boolean(),
  location: z.string(),
  room: z.string(),
});
export type BuilderClass = z.infer<typeof builderClass>;

/** 002 §3 "Student class registration", with the revision's prices (dollars). */
export const registeredClass = z.object({
  clRegID: z.string(),
  clSchID: z.string(),
  stdID: z.string(),
  name: z.string(),
  teacher: z.string(),
  day: z.number().int(),
  Ti: z.string(),
  Tf: z.string(),
  Pr_0: z.number(),
  Pr_i: z.number(),
  Pr_f: z.number(),
  nTh: z.number().int(),
  dateStart: z.string(),
  dateEnd: z.string(),
  iStatus: z.number().int(),
  /** Approval: 0 pending, 1 approved, -1 rejected. */
  status: z.number().int(),
  /** 001 §3 (decision 043): the approval again, the active-registration flag (0/1), approved. */
  status_clsReg: z.number().int(),
  status_clsRegAct: z.union([z.literal(0), z.literal(1)]),
  approved: z.boolean(),
  isDropped: z.boolean(),
  /** The drop's effective date, when dropped. */
  droppedOn: z.string().nullable(),
});
export type RegisteredClass = z.infer<typeof registeredClass>;

export const builderStudent = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** YYYY-MM-DD. */
  dob: z.string(),
});
export type BuilderStudent = z.infer<typeof builderStudent>;

/** The studio's rules the builder prices with (cents, as the domain rules take them). */
export const builderRules = z.object({
  unlimited: z.object({ first: z.number().int(), others: z.number().int() }).nullable(),
  siblingIndex: z.enum(['student', 'student+class']),
  /** The registration fee (cents) and its participation, charged once per family per term. */
  registrationFee: z.object({ amount: z.number().int(), participation: z.string() }),
  /** Parents' registrations wait for the owner's approval. */
  approval: z.boolean(),
});
export type BuilderRules = z.infer<typeof builderRules>;

const moneyLine = z.object({ label: z.string(), amount: z.number() });

/**
 * The family's plan for the term, once chosen, with its latest revision as the revision rule reads it
 * (cents; class keys are registration ids): the builder revises it with reviseFamilyPlan exactly as the
 * server will, so the review step shows the payments the server will write.
 */
export const familyPlanRef = z.object({
  planId: z.string(),
  name: z.string(),
  revision: z.number().int(),
  classes: z.array(
    z.object({ key: z.string(), label: z.string(), day: z.number().int(), price: z.number().int() }),
  ),
  payments: z.array(
    z.object({
      optionId: z.string(),
      kind: z.enum(['plan', 'adjustment']),
      name: z.string(),
      dateStart: z.string(),
      dateEnd: z.string(),
      dateDue: z.string(),
      period: z.enum(['completed', 'inProgress', 'remaining']),
      xPlanFinal: z.number(),
      val: z.number().int(),
      isRelivent: z.boolean(),
      lines: z.array(moneyLine),
      carried: z.boolean(),
    }),
  ),
});

/** A terms document the family must accept before registering (none when it has a plan). */
export const termsToAccept = z.object({
  coTermID: z.string(),
  title: z.string(),
  version: z.number().int(),
  body: z.string(),
});

/** GET parents/registration/ and the owner's GET …/registration/activity/{coAcctMemID} (002 §7). */
export const registrationBuilder = z.object({
  yrTrmID: z.string(),
  term: z.object({ name: z.string(), dateStart: z.string(), dateEnd: z.string() }),
  /** The studio's date today (its time zone): the registration date. */
  today: z.string(),
  sched: z.object({
    /**
     * The classes of one location's week (decision 082: `locID`), and the family's own classes wherever
     * they are; another location's week is read by asking for it (`?locID=`).
     */
    cls: z.array(builderClass),
    /** Every location and room of the studio, a short list to switch the week to. */
    loc: z.array(scheduleLocation),
    rm: z.array(scheduleRoom),
    /** The location whose week `cls` lists (null when the studio has no location). */
    locID: z.string().nullable(),
    selIDs: z.object({ locID: z.string().nullable(), rmID: z.string().nullable() }),
  }),
  acctInfo: z.object({ id: z.string(), stds: z.array(builderStudent), regCls: z.array(registeredClass) }),
  disc: z.array(discountItem),
  paySys: familyPaymentSystem,
  rules: builderRules,
  plan: familyPlanRef.nullable(),
  /** The registration fee is already charged for this term. */
  feePaid: z.boolean(),
  terms: z.array(termsToAccept),
});
export type RegistrationBuilder = z.infer<typeof registrationBuilder>;

/**
 * The builder's query (decision 082): the location whose week to send, or a class whose location to
 * open at (the owner's "register a dancer" from a class). Another studio's id is ignored like an
 * unknown one: the week is then the family's location's.
 */
export const registrationBuilderQuery = z.object({
  locID: idSchema.optional(),
  clSchID: idSchema.optional(),
});
export type RegistrationBuilderQuery = z.infer<typeof registrationBuilderQuery>;

// ——— Submissions ———

/**
 * One line of regList (001 §7): a new class (`isNew`), or one of the family's registrations kept
 * (`iStatus` 10) or dropped (-1). `price_i` and `price` are the client's Pr_i and Pr_f in dollars.
 */
export const regListItem = z.object({
  idx: z.number().int().optional(),
  stdID: idSchema,
  clSchID: idSchema,
  clRegID: z.union([idSchema, z.literal(''), z.null()]).optional(),
  isNew: z.boolean(),
  iStatus: z.literal([I_STATUS.registered, I_STATUS.dropped, I_STATUS.new]).optional(),
  dateStart: dateOnlySchema.optional(),
  price_i: sentDollars.optional(),
  price: sentDollars,
});
export type RegListItem = z.output<typeof regListItem>;

/** tuitList (001 §7): the chosen plan and its figures as the client computed them (dollars). */
export const tuitListInput = z.object({
  id: idSchema,
  total: sentDollars.optional(),
  discount: z.number().optional(),
  payments: z.array(sentDollars).optional(),
});

export const termsAcceptanceItem = z.object({
  coTermID: idSchema,
  accepted: z.boolean(),
  /** The version read (ours: the spec sends only coTermID and accepted). */
  version: z.number().int().positive().optional(),
});

const regListOf = z
  .array(regListItem, { error: classRegistrationMessages.noClasses })
  .max(60, 'Too many classes in one registration.');

/** POST parents/registration/ (001 §7). */
export const parentClassRegistrationInput = z.object({
  regList: regListOf,
  tuitList: tuitListInput.nullish(),
  regDate: dateOnlySchema,
  participation: z.string().trim().max(60).optional(),
  /** The registration fee the client showed, dollars. */
  registration: sentDollars.optional(),
  terms: z.array(termsAcceptanceItem).max(20).optional().default([]),
});
export type ParentClassRegistrationInput = z.output<typeof parentClassRegistrationInput>;

/** POST mystudio/schedule/class/registration (002 §7): the owner's wizard, for the family `aMemID`. */
export const ownerRegistrationInput = z.object({
  regList: regListOf,
  tuitList: tuitListInput.nullish(),
  aMemID: idSchema,
  /** The effective date: today by default; within the term's current period. */
  dateStart: dateOnlySchema.optional(),
  /** Register despite the class's age or requirement warnings (logged). */
  override: z.boolean().optional().default(false),
});
export type OwnerRegistrationInput = z.output<typeof ownerRegistrationInput>;

/** Answer of a submission: the registered classes (001 §7) and the family's tuition after it. */
export const registrationResult = z.object({
  msg: z.string(),
  regList: z.array(
    z.object({
      stdID: z.string(),
      clSchID: z.string(),
      isNew: z.boolean(),
      clRegID: z.string(),
      price: z.number(),
      dateStart: z.string(),
      status: z.number().int(),
    }),
  ),
  /** What the owner was warned of and registered anyway. */
  warnings: z.array(z.string()),
});
export type RegistrationResult = z.infer<typeof registrationResult>;

/**
 * POST …/registration/{id} (restore a dropped class) and PUT …/registration/drop/{id} (drop one), the
 * parent's and the owner's (001 §7). `regDate` is the effective date (the owner may pick one in the
 * current period; a parent's is today).
 */
export const registrationChangeInput = z
  .object({
    regDate: dateOnlySchema.optional(),
    payPlan: idSchema.optional(),
    participation: z.string().trim().max(60).optional(),
    terms: z.array(termsAcceptanceItem).max(20).optional(),
  })
  .nullish()
  .transform((v) => v ?? {});
export type RegistrationChangeInput = z.output<typeof registrationChangeInput>;

/** PUT mystudio/schedule/class/registration/status/{clsRegID} (002 §4). */
/**
 * Ours (issue 31 point 4): the day an approved registration is billed from, when the owner picks one
 * earlier than the default (the later of its start and the day of approval); never before its start.
 */
const billFrom = dateOnlySchema.optional();
export const registrationStatusInput = z.object({
  status: z.literal([APPROVAL.pending, APPROVAL.approved, APPROVAL.rejected], {
    error: 'Invalid entry please try again.',
  }),
  billFrom,
});
/** Ours: approve or reject many at once. */
export const registrationStatusBulkInput = z.object({
  ids: z.array(idSchema).min(1, messages.insufficientData).max(200),
  status: z.literal([APPROVAL.approved, APPROVAL.rejected], { error: 'Invalid entry please try again.' }),
  billFrom,
});
/** Ours: what approving these registrations would post, before it is done. */
export const approvalPreviewInput = z.object({
  ids: z.array(idSchema).min(1, messages.insufficientData).max(200),
  billFrom,
});
/** Per family: the day billing starts, the days it may start (earliest … default), and what posts at once (cents). */
export const approvalPreview = z.object({
  families: z.array(
    z.object({
      familyId: idSchema,
      family: z.string(),
      classes: z.string(),
      from: dateOnlySchema,
      earliest: dateOnlySchema,
      latest: dateOnlySchema,
      charges: z.array(
        z.object({
          item: z.string(),
          dueDate: dateOnlySchema,
          amount: z.number().int(),
          lines: z.array(z.string()),
        }),
      ),
      total: z.number().int(),
      /** The plan's next payments after today, posted on their due dates (at most three). */
      next: z.array(z.object({ item: z.string(), dueDate: dateOnlySchema, amount: z.number().int() })),
    }),
  ),
});
export type ApprovalPreview = z.infer<typeof approvalPreview>;

export const clsRegParams = z.object({ clsRegID: idSchema });
export const coAcctMemParams = z.object({ coAcctMemID: idSchema });

// ——— A family's tuition, explained ———

const line = z.object({ label: z.string(), amount: z.number() });

export const tuitionClassLine = z.object({
  clsRegID: z.string(),
  clSchID: z.string(),
  name: z.string(),
  day: z.number().int(),
  timeStart: z.string(),
  nTh: z.number().int(),
  Pr_0: z.number(),
  Pr_i: z.number(),
  Pr_f: z.number(),
  /** Base price first, then each discount and the cap; they add up to Pr_f (dollars). */
  lines: z.array(line),
  status: z.number().int(),
});

export const tuitionStudent = z.object({
  id: z.string(),
  name: z.string(),
  total: z.number(),
  unlimited: z.boolean(),
  classes: z.array(tuitionClassLine),
});

/** GET parents/tuition/schedule and GET mystudio/paymentSystem/account/{coAcctMemID}. */
export const familyTuition = z.object({
  yrTrmID: z.string().nullable(),
  termName: z.string(),
  /** The monthly tuition (dollars) of the registrations in the plan. */
  monthly: z.number(),
  students: z.array(tuitionStudent),
  plan: z
    .object({
      id: z.string(),
      name: z.string(),
      revision: z.number().int(),
      effectiveDate: z.string(),
      reason: z.string(),
      total: z.number(),
      payments: z.array(tuitionPayment),
    })
    .nullable(),
  fee: z.object({ amount: z.number(), participation: z.string(), date: z.string() }).nullable(),
  /** Registrations waiting for the studio's approval (not in the plan until approved). */
  pending: z.array(
    z.object({ clsRegID: z.string(), name: z.string(), student: z.string(), Pr_f: z.number() }),
  ),
});
export type FamilyTuition = z.infer<typeof familyTuition>;

/** GET parents/tuition/discount/plans (001 §7). */
export const discountPlans = z.object({ disc: z.array(discountItem), paySys: familyPaymentSystem });
export type DiscountPlans = z.infer<typeof discountPlans>;

/** GET parents/registration/activity: the family's registrations of the term, and its plan revisions. */
export const registrationActivity = z.object({
  regCls: z.array(registeredClass.extend({ student: z.string() })),
  revisions: z.array(
    z.object({
      revision: z.number().int(),
      effectiveDate: z.string(),
      reason: z.string(),
      createdAt: z.string(),
    }),
  ),
});

/** Ours: the studio's registrations waiting for approval. */
export const pendingRegistration = z.object({
  clsRegID: z.string(),
  coAcctMemID: z.string(),
  family: z.string(),
  student: z.string(),
  clSchID: z.string(),
  className: z.string(),
  day: z.number().int(),
  timeStart: z.string(),
  Pr_f: z.number(),
  dateStart: z.string(),
  createdAt: z.string(),
});
export const pendingRegistrations = z.array(pendingRegistration);
/** Ours: how many of them there are (the sidebar's count), without the list. */
export const pendingRegistrationCount = z.object({ count: z.number().int().nonnegative() });
