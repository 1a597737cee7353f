import { z } from 'zod';
import { dateOnlySchema } from '../dates';
import { anyPassword, linkToken } from '../fields';
import { idSchema } from '../ids';

/**
 * Teachers who sign in (issue 36, decision 061): the owner invites a teacher record's e-mail from
 * Staff → Registration, the teacher chooses a password through the mailed link (or, with an account
 * elsewhere, signs in to accept), and sees their own classes and dancers, never money.
 */

/** How long a teacher's invitation link works. */
export const TEACHER_INVITATION_DAYS = 7;

export const STAFF_TEXT = {
  invited: (name: string) => `An invitation was mailed to ${name}.`,
  revoked: (name: string) => `${name} can no longer sign in.`,
  teacherNotFound: 'This teacher could not be found.',
  alreadyActive: 'This teacher already signs in. Revoke their sign-in first to invite them again.',
  notSignedIn: 'This teacher has no sign-in to revoke.',
  emailTakenHere:
    "This teacher's e-mail address signs in to this studio as an owner or a parent. Give the teacher another e-mail address on Staff → Teachers.",
  linkInvalid: 'This invitation link has expired or was already used. Ask the studio to send a new one.',
  wrongPassword: 'The password is not right for this account.',
  accepted: (studio: string) => `Welcome to ${studio}. You can now sign in as a teacher.`,
} as const;

export const SIGN_IN_STATES = ['none', 'invited', 'active', 'revoked'] as const;
export type SignInState = (typeof SIGN_IN_STATES)[number];

/** A teacher of the studio and how they sign in: Staff → Registration's list. */
export const staffMember = z.object({
  teacherID: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  state: z.enum(SIGN_IN_STATES),
  /** When the newest invitation was mailed, and until when its link works (state 'invited'). */
  invitedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  /** Whether the newest invitation's link expired unused (state 'invited'). */
  expired: z.boolean(),
  /** Since when the teacher signs in (state 'active'). */
  activeSince: z.string().nullable(),
  /** When the sign-in was revoked (state 'revoked'). */
  revokedAt: z.string().nullable(),
});
export type StaffMember = z.infer<typeof staffMember>;
export const staffList = z.array(staffMember);

export const inviteTeacherInput = z.object({ teacherID: idSchema });
export type InviteTeacherInput = z.infer<typeof inviteTeacherInput>;

/** The link's secret, as the invitation page sends it. */
export const invitationTokenInput = z.object({ token: linkToken });

/** What the invitation page shows before the teacher accepts. */
export const invitationInfo = z.object({
  studioName: z.string(),
  firstName: z.string(),
  email: z.string(),
  /** The address already signs in (a parent or owner elsewhere): the page asks for that password. */
  hasAccount: z.boolean(),
});
export type InvitationInfo = z.infer<typeof invitationInfo>;

/**
 * Accepting: a new password (held to the password rule by the server) or, for an account that exists,
 * its password.
 */
export const acceptInvitationInput = z.object({ token: linkToken, password: anyPassword });
export type AcceptInvitationInput = z.infer<typeof acceptInvitationInput>;
export const acceptedInvitation = z.object({ msg: z.string(), email: z.string(), cID: z.string() });

/** One way to reach a dancer's family: a name (or "Family") and ten digits. */
export const familyPhone = z.object({ name: z.string(), phone: z.string() });

/** A dancer as their teacher sees them: no last name but its initial, no money, no e-mail. */
export const teacherDancer = z.object({
  id: z.string(),
  firstName: z.string(),
  lastInitial: z.string(),
  age: z.number().int().nullable(),
  allergies: z.string(),
  note: z.string(),
  phones: z.array(familyPhone),
});
export type TeacherDancer = z.infer<typeof teacherDancer>;

export const teacherClass = z.object({
  id: z.string(),
  name: z.string(),
  /** 0 Sunday … 6 Saturday. */
  day: z.number().int(),
  timeStart: z.string(),
  timeEnd: z.string(),
  room: z.string(),
  location: z.string(),
  dancers: z.array(teacherDancer),
});
export type TeacherClass = z.infer<typeof teacherClass>;

export const teacherPrivate = z.object({
  id: z.string(),
  name: z.string(),
  location: z.string(),
  dancers: z.array(teacherDancer),
});
export type TeacherPrivate = z.infer<typeof teacherPrivate>;

/** GET api/teacher/classes: the teacher's classes and privates of the current term, as of `today`. */
export const teacherClasses = z.object({
  today: dateOnlySchema,
  term: z.string().nullable(),
  classes: z.array(teacherClass),
  privates: z.array(teacherPrivate),
});
export type TeacherClasses = z.infer<typeof teacherClasses>;
