import { z } from 'zod';
import { limits, PAGE_SIZE } from '../constants';
import {
  email,
  insufficientIfEmpty,
  optionalLine,
  phone,
  requiredObject,
  state,
  text,
  zipcode,
} from '../fields';
import { idSchema } from '../ids';
import { messages } from '../messages';
import { aboutUs } from '../registration/schema';
import { accountMessages, PERSON_TYPES } from './account-texts';
import { contactRole, familyAddress, familyContacts, familyStudents, studentFields } from './schema';

/**
 * The calls on a family account (001 §7): the owner's (api/mystudio/account/…) and the parent's
 * (api/parents/account/…). Both sides share the people rules of 001 §5 and the shapes they answer.
 */

// Its texts and person types are in account-texts.ts, which needs no zod: the web's first screens
// import them without it (issue 20). Every name stays importable from here.
export { accountMessages, FAMILY_USERS_LIMIT, PERSON_TYPES } from './account-texts';

export type PersonType = (typeof PERSON_TYPES)[number];
export const personType = z.enum(PERSON_TYPES, { error: accountMessages.personType });

/**
 * A user or contact (001 §5): a first or last name, a phone, a role. A user may carry an e-mail
 * address when the studio's owner gives it: they are then invited to set a password and sign in to the
 * family's portal (a parent's user with one is refused, decision 014).
 */
export const adultFields = z
  .object({
    firstName: optionalLine(limits.name, 'First name').optional().default(''),
    lastName: optionalLine(limits.name, 'Last name').optional().default(''),
    phone: z.string({ error: accountMessages.personPhone }).pipe(phone),
    role: contactRole.optional().default('Mother'),
    email: z
      .union([z.literal(''), email])
      .optional()
      .default(''),
  })
  .refine((p) => p.firstName !== '' || p.lastName !== '', {
    message: accountMessages.personName,
    path: ['firstName'],
  });
export type AdultFieldsInput = z.input<typeof adultFields>;
export type AdultFields = z.output<typeof adultFields>;

/** A student, user or contact of `type`, with its fields checked by that type's rules. */
export type TypedPerson =
  | { type: 'student'; person: z.output<typeof studentFields> }
  | { type: 'user' | 'contact'; person: AdultFields };

/** Parses `person` by the rules of `type`; the issues keep their path under `at`. */
function typedPerson(
  type: PersonType,
  person: unknown,
  at: string,
  ctx: z.RefinementCtx,
): TypedPerson | null {
  const schema = type === 'student' ? studentFields : adultFields;
  const parsed = schema.safeParse(person ?? undefined);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      ctx.addIssue({ code: 'custom', message: issue.message, path: [at, ...issue.path] });
    }
    return null;
  }
  return { type, person: parsed.data } as TypedPerson;
}

const editedId = { id: z.string({ error: messages.insufficientData }).pipe(idSchema) };

/**
 * A new student, user or contact of a family: the parent's POST api/parents/account/user
 * `{type, user}`.
 */
export const addPersonInput = z
  .object({ type: personType, user: z.unknown() })
  .transform((v, ctx) => typedPerson(v.type, v.user, 'user', ctx) ?? z.NEVER);

/**
 * An edited student, user or contact (PUT api/mystudio/account/user/ and api/parents/account/user/,
 * `{type, user}`): the fields of its type and its 36-character id (001 §5).
 */
export const editPersonInput = z
  .object({ type: personType, user: z.object(editedId, { error: messages.insufficientData }).loose() })
  .transform((v, ctx) => {
    const typed = typedPerson(v.type, v.user, 'user', ctx);
    return typed ? { ...typed, id: v.user.id } : z.NEVER;
  });
export type EditPerson = z.output<typeof editPersonInput>;

/** The owner's POST api/mystudio/account/user `{uType, nUser, aID, coAcctMemID}` → the new id. */
export const ownerAddPersonInput = z
  .object({
    uType: personType,
    nUser: z.unknown(),
    aID: z.string({ error: messages.insufficientData }).pipe(idSchema),
    /** The family's membership at the studio: the family's own id (decision 013); checked when given. */
    coAcctMemID: idSchema.optional(),
  })
  .transform((v, ctx) => {
    const typed = typedPerson(v.uType, v.nUser, 'nUser', ctx);
    return typed ? { ...typed, familyId: v.aID, coAcctMemID: v.coAcctMemID } : z.NEVER;
  });
export type OwnerAddPerson = z.output<typeof ownerAddPersonInput>;

export const personAdded = z.object({ id: z.string(), msg: z.string() });

/** DELETE api/mystudio/account/user/{type}/{id}/{accountKey} (accountKey: the family's id). */
export const ownerDeletePersonParams = z.object({ type: personType, id: idSchema, accountKey: idSchema });
/** DELETE api/parents/account/user/{type}/{id}. */
export const parentDeletePersonParams = z.object({ type: personType, id: idSchema });

const contactFields = {
  address: insufficientIfEmpty(text(limits.address, 'Address')),
  address2: optionalLine(limits.address, 'Address line 2').optional().default(''),
  city: insufficientIfEmpty(text(limits.city, 'City')),
  state: insufficientIfEmpty(state),
  zipcode: insufficientIfEmpty(zipcode),
  phone: insufficientIfEmpty(phone),
  email: insufficientIfEmpty(email),
};
/** PUT api/mystudio/account/contactInfo: every field, else 'insufficient data' (001 §5). */
export const ownerContactInfoInput = requiredObject({
  id: z.string({ error: messages.insufficientData }).pipe(idSchema),
  ...contactFields,
});
/** PUT api/parents/account/contactInfo: the same fields, for the parent's own family. */
export const parentContactInfoInput = requiredObject(contactFields);
export type ContactInfo = z.output<typeof parentContactInfoInput>;

/** An account's id in a path (001 §5: 36 characters, else refused). */
export const accountParams = z.object({ id: idSchema });
/** DELETE api/mystudio/account/{acctId}/{coAcctMemID}: both name the family (decision 013). */
export const accountDeleteParams = z.object({ acctId: idSchema, coAcctMemID: idSchema });

// ——— Account lists (001 §4) ———

/**
 * A family's status in the studio's current term: active (a registration that counts: not dropped,
 * not removed, not rejected), inactive (registrations in the term, none counting), incomplete (none).
 */
export const ACCOUNT_STATUSES = ['active', 'inactive', 'incomplete'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];
export const accountListParams = z.object({
  status: z.enum(ACCOUNT_STATUSES, { error: 'The list is one of active, inactive or incomplete.' }),
});

const wholeFromQuery = (min: number, max: number) =>
  z
    .union([
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d{1,6}$/)
        .transform(Number),
    ])
    .pipe(z.number().int().min(min).max(max));

/** A yes or no from a query string (`true`, `false`, `1`, `0`) or a JSON body (a boolean). */
const yesNoFromQuery = (message: string) =>
  z.union(
    [
      z.boolean(),
      z
        .string()
        .trim()
        .toLowerCase()
        .pipe(z.enum(['true', 'false', '1', '0']))
        .transform((v) => v === 'true' || v === '1'),
    ],
    { error: message },
  );

/**
 * What narrows a list. The class fields are the "active-filter" of 001 §4: accounts with a counting
 * class that matches all of them. `owes` (ours) keeps the families that owe money (a balance above
 * zero, issue 16), on any list; false or absent keeps every family.
 */
export const accountFilter = z.object({
  locID: idSchema.optional(),
  rmID: idSchema.optional(),
  clSchID: idSchema.optional(),
  day: wholeFromQuery(0, 6).optional(),
  level: wholeFromQuery(1, 7).optional(),
  owes: yesNoFromQuery('The owes filter is true or false.').optional(),
});
export type AccountFilter = z.output<typeof accountFilter>;

/** GET api/mystudio/account/list/{status}?page&pageSize&q and the active-filter's fields. */
export const accountListQuery = accountFilter.extend({
  page: wholeFromQuery(1, 100_000).optional().default(1),
  pageSize: wholeFromQuery(1, 100).optional().default(PAGE_SIZE),
  /** A family, student or e-mail to search for. */
  q: z.string().trim().max(100).optional().default(''),
});
export type AccountListQuery = z.output<typeof accountListQuery>;

export const accountListItem = z.object({
  id: z.string(),
  coAcctMemID: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  students: z.array(z.object({ id: z.string(), firstName: z.string(), lastName: z.string() })),
  /**
   * What the family owes, in dollars: the sum of its receivable entries in the ledger (0 when nothing
   * was ever charged, negative never: credit is held apart). The server always sends a number; null is
   * kept in the type for answers made before the ledger.
   */
  balance: z.number().nullable(),
  status: z.enum(ACCOUNT_STATUSES),
  createdAt: z.string(),
});
export type AccountListItem = z.infer<typeof accountListItem>;

export const accountList = z.object({
  items: z.array(accountListItem),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /** How many accounts each list holds (search and filter aside), for the tabs. */
  counts: z.object({ active: z.number(), inactive: z.number(), incomplete: z.number() }),
});
export type AccountList = z.infer<typeof accountList>;

/**
 * POST api/mystudio/account/filter/accounts `{status?, q?, filter}`: every account the list would
 * show across all its pages (coAcctMemID), and their e-mail list (lower-cased, de-duplicated, sorted).
 */
export const accountFilterInput = z.object({
  status: z.enum(ACCOUNT_STATUSES).optional().default('active'),
  q: z.string().trim().max(100).optional().default(''),
  filter: accountFilter.optional().default({}),
});
export const accountFilterResult = z.object({ ids: z.array(z.string()), emails: z.array(z.string()) });

// ——— One account ———

export const accountInfo = z.object({
  id: z.string(),
  coAcctMemID: z.string(),
  lastName: z.string(),
  address: z.string(),
  address2: z.string(),
  city: z.string(),
  state: z.string(),
  zipcode: z.string(),
  phone: z.string(),
  email: z.string(),
  status: z.enum(ACCOUNT_STATUSES),
  createdAt: z.string(),
});
export type AccountInfo = z.infer<typeof accountInfo>;

export const familyUser = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  role: z.string(),
  email: z.string(),
  /** The person signs in: invited (no password yet) or active. */
  login: z.enum(['none', 'invited', 'active']),
});
export type FamilyUser = z.infer<typeof familyUser>;

export const familyContact = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  role: z.string(),
});
export type FamilyContact = z.infer<typeof familyContact>;

/** GET api/mystudio/account/{id}/info. */
export const accountInfoAnswer = z.object({
  info: accountInfo,
  users: z.array(familyUser),
  contacts: z.array(familyContact),
});

export const familyStudent = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  /** YYYY-MM-DD. */
  dob: z.string(),
  gender: z.string(),
  /** What the studio's teachers are shown (issue 36): in the owner's answers only. */
  allergies: z.string().optional(),
  teacherNote: z.string().optional(),
});
export type FamilyStudent = z.infer<typeof familyStudent>;

/** A student's class in the current term (001 §3 "Class registration", as the account shows it). */
export const studentClass = z.object({
  clsRegID: z.string(),
  clSchID: z.string(),
  acctStudentID: z.string(),
  name: z.string(),
  day: z.number(),
  timeStart: z.string(),
  timeEnd: z.string(),
  teacher: z.string(),
  room: z.string(),
  location: z.string(),
  level: z.number(),
  /** Dollars. */
  Pr_0: z.number(),
  Pr_i: z.number(),
  Pr_f: z.number(),
  nTh: z.number(),
  iStatus: z.number(),
  status: z.number(),
  /** 001 §3 (decision 043): the approval again (0, 1, -1), the active-registration flag (0/1), approved. */
  status_clsReg: z.number().int(),
  status_clsRegAct: z.union([z.literal(0), z.literal(1)]),
  approved: z.boolean(),
  Date_i: z.string(),
  Date_f: z.string(),
  isDropped: z.boolean(),
});
export type StudentClass = z.infer<typeof studentClass>;

/** GET api/mystudio/account/{id}/students: the students and their classes in the current term. */
export const accountStudentsAnswer = z.object({
  students: z.array(familyStudent),
  classes: z.array(studentClass),
});

/** One entry of a family's log: what changed, who changed it, when (`ts`, an ISO instant). */
export const accountLogEntry = z.object({
  id: z.string(),
  ts: z.string(),
  action: z.string(),
  text: z.string(),
  by: z.object({ name: z.string(), role: z.enum(['owner', 'parent', 'system']) }),
});
export type AccountLogEntry = z.infer<typeof accountLogEntry>;
export const accountLogQuery = z.object({
  page: wholeFromQuery(1, 100_000).optional().default(1),
  pageSize: wholeFromQuery(1, 100).optional().default(20),
});
export const accountLog = z.object({
  items: z.array(accountLogEntry),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});

/** A studio terms document and the family's acceptance of it (GET …/toc, and the parent's trmCond). */
export const termsStatus = z.object({
  id: z.string(),
  title: z.string(),
  version: z.number(),
  accepted: z.boolean(),
  /** The version the family accepted, when, and by whom; null when never accepted. */
  acceptedVersion: z.number().nullable(),
  acceptedAt: z.string().nullable(),
  acceptedBy: z.string().nullable(),
  /** Accepted, but an older version than the one in force. */
  outdated: z.boolean(),
});
export type TermsStatus = z.infer<typeof termsStatus>;

/** GET api/mystudio/account/{id}/aboutStudio: how the family heard of the studio. */
export const aboutStudioAnswer = z.object({ option: z.string().nullable(), notes: z.string() });

/** GET api/parents/account/: the parent's own family, whole (001 §7). */
export const parentAccountAnswer = z.object({
  acctInfo: accountInfo,
  users: z.array(familyUser),
  contacts: z.array(familyContact),
  stds: z.array(familyStudent),
  cls: z.array(studentClass),
  /** The tuition and payment schedule: null until tuition is computed for the portal (a later issue). */
  tuit: z.null(),
  trmCond: z.array(termsStatus),
  /** The family has a registration that counts in the current term. */
  aReg: z.boolean(),
});
export type ParentAccount = z.infer<typeof parentAccountAnswer>;

/**
 * POST api/mystudio/account: the owner creates a family at the front desk (over the phone). With an
 * e-mail address, the user is invited to set a password and sign in.
 */
export const frontDeskFamilyInput = z.object({
  user: adultFields,
  contacts: familyContacts(adultFields),
  students: familyStudents,
  acctInfo: familyAddress,
  aboutUS: aboutUs.optional(),
});
export type FrontDeskFamilyInput = z.input<typeof frontDeskFamilyInput>;
export type FrontDeskFamily = z.output<typeof frontDeskFamilyInput>;
export const frontDeskFamilyResult = z.object({ id: z.string(), msg: z.string() });

/** POST api/mystudio/account/{id}/invite/{userId}: (re)send a user the invitation to set a password. */
export const inviteParams = z.object({ id: idSchema, userId: idSchema });
