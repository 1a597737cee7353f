import { countOf, formatDateOnly } from '../format';

/**
 * A family's log (001 §3 "Account log"): every change to the family, as the audit log records it
 * (target 'family', the family's id), told in words. The details hold names and field names, never a
 * password, token or card detail.
 */
export const FAMILY_LOG_ACTIONS = {
  registered: 'family.registered',
  created: 'family.created',
  contactInfoUpdated: 'family.contact_info_updated',
  personAdded: 'family.person_added',
  personUpdated: 'family.person_updated',
  personRemoved: 'family.person_removed',
  userInvited: 'family.user_invited',
  termsAccepted: 'family.terms_accepted',
  classesRegistered: 'family.classes_registered',
  classDropped: 'family.class_dropped',
  classRestored: 'family.class_restored',
  registrationApproved: 'family.registration_approved',
  registrationRejected: 'family.registration_rejected',
  planRevised: 'family.plan_revised',
  waitlistJoined: 'family.waitlist_joined',
  waitlistOffered: 'family.waitlist_offered',
  waitlistAccepted: 'family.waitlist_accepted',
  waitlistLeft: 'family.waitlist_left',
  /** An e-mail about what the family owes or its registrations, put in the outbox (issue 31 point 11). */
  emailSent: 'family.email_sent',
  /** Made by an import (issue 35, decision 054); `detail.source` the old system's name. */
  imported: 'family.imported',
  /** Changed by an import of a later file: `detail.changes` the fields. */
  importUpdated: 'family.import_updated',
  /** Make-up classes (issue 36, decision 064): `detail.dancer`, `className`, `date`, `note`, `expiresOn`. */
  makeupBooked: 'family.makeup_booked',
  makeupCancelled: 'family.makeup_cancelled',
  makeupGranted: 'family.makeup_granted',
  makeupRemoved: 'family.makeup_removed',
  makeupExpired: 'family.makeup_expired',
} as const;
export type FamilyLogAction = (typeof FAMILY_LOG_ACTIONS)[keyof typeof FAMILY_LOG_ACTIONS];

/** Field names as a person reads them, for "updated: …" lines. */
const FIELD_NAMES: Record<string, string> = {
  firstName: 'first name',
  lastName: 'last name',
  phone: 'phone',
  role: 'role',
  email: 'e-mail',
  dob: 'date of birth',
  gender: 'gender',
  allergies: 'allergies',
  teacherNote: 'note for teachers',
  address: 'address',
  address2: 'address line 2',
  city: 'city',
  state: 'state',
  zipcode: 'ZIP code',
  parentFirstName: "parent's first name",
  parentLastName: "parent's last name",
  phone2: 'second phone',
};

const TYPE_NAMES: Record<string, string> = { student: 'Student', user: 'User', contact: 'Contact' };

/** The names of the fields that differ between `before` and `after`, in `after`'s key order. */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  return Object.keys(after).filter(
    (key) => key in before && String(before[key] ?? '') !== String(after[key] ?? ''),
  );
}

function fieldList(changes: unknown): string {
  const names = Array.isArray(changes) ? changes.map((c) => FIELD_NAMES[String(c)] ?? String(c)) : [];
  return names.length > 0 ? names.join(', ') : 'no change';
}

const str = (value: unknown) => (typeof value === 'string' ? value : '');
const num = (value: unknown) => (typeof value === 'number' ? value : 0);

/** One log line, e.g. "Student Mia Dancer updated: date of birth, first name". */
export function familyLogText(action: string, detail: Record<string, unknown>): string {
  const who = `${TYPE_NAMES[str(detail.type)] ?? 'Person'} ${str(detail.name)}`.trim();
  switch (action) {
    case FAMILY_LOG_ACTIONS.registered:
      return `Family registered through the studio's link, with ${countOf(num(detail.students), 'student', 'students')} and ${countOf(num(detail.contacts), 'contact', 'contacts')}`;
    case FAMILY_LOG_ACTIONS.created:
      return `Family created at the front desk, with ${countOf(num(detail.students), 'student', 'students')}${
        str(detail.invited) ? `; ${str(detail.invited)} invited to sign in` : ''
      }`;
    case FAMILY_LOG_ACTIONS.contactInfoUpdated:
      return `Contact information updated: ${fieldList(detail.changes)}`;
    case FAMILY_LOG_ACTIONS.personAdded:
      return `${who} added`;
    case FAMILY_LOG_ACTIONS.personUpdated:
      return `${who} updated: ${fieldList(detail.changes)}`;
    case FAMILY_LOG_ACTIONS.personRemoved:
      return `${who} removed`;
    case FAMILY_LOG_ACTIONS.userInvited:
      return `Invitation to sign in sent to ${str(detail.email)}`;
    case FAMILY_LOG_ACTIONS.termsAccepted:
      return `Terms accepted: ${str(detail.title)}, version ${num(detail.version)}`;
    case FAMILY_LOG_ACTIONS.classesRegistered:
      return `Registered: ${str(detail.classes)}${detail.pending ? ' (waiting for approval)' : ''}${
        str(detail.warnings) ? `; registered despite: ${str(detail.warnings)}` : ''
      }`;
    case FAMILY_LOG_ACTIONS.classDropped:
      return `Dropped: ${str(detail.classes)} from ${str(detail.from)}`;
    case FAMILY_LOG_ACTIONS.classRestored:
      return `Back on the schedule: ${str(detail.classes)} from ${str(detail.from)}`;
    case FAMILY_LOG_ACTIONS.registrationApproved:
      return `Registration approved: ${str(detail.classes)}`;
    case FAMILY_LOG_ACTIONS.registrationRejected:
      return `Registration rejected: ${str(detail.classes)}`;
    case FAMILY_LOG_ACTIONS.waitlistJoined:
      return `On the waitlist: ${str(detail.classes)}`;
    case FAMILY_LOG_ACTIONS.waitlistOffered:
      return `Place offered from the waitlist: ${str(detail.classes)}, held until ${str(detail.until)}`;
    case FAMILY_LOG_ACTIONS.waitlistAccepted:
      return `Waitlist place accepted: ${str(detail.classes)}`;
    case FAMILY_LOG_ACTIONS.waitlistLeft:
      return `Off the waitlist (${str(detail.how)}): ${str(detail.classes)}`;
    case FAMILY_LOG_ACTIONS.emailSent:
      return `E-mail sent to ${str(detail.to)}: “${str(detail.subject)}”`;
    case FAMILY_LOG_ACTIONS.imported:
      return `Imported from ${str(detail.source)}`;
    case FAMILY_LOG_ACTIONS.importUpdated:
      return `Updated by an import from ${str(detail.source)}: ${fieldList(detail.changes)}`;
    case FAMILY_LOG_ACTIONS.planRevised:
      return `Payment plan ${str(detail.plan)}, revision ${num(detail.revision)} from ${str(detail.from)}: ${str(detail.reason)}`;
    case FAMILY_LOG_ACTIONS.makeupBooked:
      return `Make-up booked for ${str(detail.dancer)}: ${str(detail.className)} on ${formatDateOnly(str(detail.date))}`;
    case FAMILY_LOG_ACTIONS.makeupCancelled:
      return `Make-up cancelled for ${str(detail.dancer)}: ${str(detail.className)} on ${formatDateOnly(str(detail.date))}`;
    case FAMILY_LOG_ACTIONS.makeupGranted:
      return `Make-up credit given to ${str(detail.dancer)}, to book by ${formatDateOnly(str(detail.expiresOn))}${
        str(detail.note) ? `: ${str(detail.note)}` : ''
      }`;
    case FAMILY_LOG_ACTIONS.makeupRemoved:
      return `Make-up credit of ${str(detail.dancer)} removed${str(detail.note) ? `: ${str(detail.note)}` : ''}`;
    case FAMILY_LOG_ACTIONS.makeupExpired:
      return `A make-up credit expired unused (its last day was ${formatDateOnly(str(detail.expiresOn))})`;
    default:
      return action.replace(/^family\./, '').replaceAll('_', ' ');
  }
}
