import { z } from 'zod';
import { ROLES } from '../constants';
import { anyPassword, email } from '../fields';
import { idSchema } from '../ids';

export const loginInput = z.object({
  email,
  password: anyPassword,
  remember: z.boolean().optional().default(false),
});
export type LoginInput = z.infer<typeof loginInput>;

/** A year term as the API shows it (002 §3). */
export const yearTerm = z.object({
  id: z.string(),
  companyID: z.string(),
  name: z.string(),
  dateStart: z.string(),
  dateEnd: z.string(),
  notes: z.string(),
  isCurrent: z.boolean(),
});
export type YearTerm = z.infer<typeof yearTerm>;

export const sessionUser = z.object({
  id: z.string(),
  nPriv: z.enum(ROLES),
  cName: z.string(),
  cID: z.string(),
  expT: z.string().describe('ISO 8601 instant at which the session ends'),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  timeZone: z.string(),
});
export type SessionUser = z.infer<typeof sessionUser>;

/** One of a person's studio memberships: the session's `accts`. */
export const account = z.object({
  id: z.string(),
  cID: z.string(),
  cName: z.string(),
  nPriv: z.enum(ROLES),
});
export type Account = z.infer<typeof account>;

/**
 * The answer to a sign-in. It carries the session token for API clients, which send it back in
 * `x-access-token`; the web app never reads it (its session rides in the HttpOnly cookie).
 */
export const loginResult = z.object({
  user: sessionUser,
  token: z.string(),
  nAccts: z.number().int(),
  cName: z.string(),
  yrTrm: yearTerm.nullable(),
  accts: z.array(account),
});
export type LoginResult = z.infer<typeof loginResult>;

/**
 * The session, as any page script may read it at any time: never its token, which would hand the
 * HttpOnly cookie's secret to whatever script runs on the page (decision 003).
 */
export const meResult = z.object({
  user: sessionUser,
  yrTrm: yearTerm.nullable(),
  nAccts: z.number().int(),
  accts: z.array(account),
});
export type MeResult = z.infer<typeof meResult>;

export const switchAccountResult = z.object({
  user: sessionUser,
  cName: z.string(),
  yrTrm: yearTerm.nullable(),
});
export type SwitchAccountResult = z.infer<typeof switchAccountResult>;

/** GET api/x_AOS/comp: the session's studio (000 §7 "company information"; `cName` its name, as in a session). */
export const companyInfo = z.object({
  id: z.string(),
  cName: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zipcode: z.string(),
  phone: z.string(),
  email: z.string(),
  timeZone: z.string(),
});
export type CompanyInfo = z.infer<typeof companyInfo>;

/** GET api/x_AOS: the signed-in person and their studio (000 §7 "user and company information"). */
export const userAndCompany = z.object({
  user: sessionUser,
  yrTrm: yearTerm.nullable(),
  company: companyInfo,
});
export type UserAndCompany = z.infer<typeof userAndCompany>;

export const rememberedResult = z.object({ email: z.string().nullable() });

export const accountIdParams = z.object({ id: idSchema });
