/** A family account's texts and person types, apart from its schemas (account.ts), which use them. */

export const accountMessages = {
  /** 001 §8: the screen's text when adding, editing or deleting a student, user or contact fails. */
  personFailed: 'Ops! Something went wrong, please try again later.',
  /** 001 §8: the account delete dialog and its outcomes. */
  deleteConfirmTitle: 'Are you sure?',
  deleteConfirmText: "You won't be able to revert this!",
  deleted: 'Deleted!',
  deleteFailed: 'Failed: We were unable to deleted this account.',
  // Ours.
  personName: 'A user or contact needs a first or last name.',
  personPhone: 'A user or contact needs a phone number.',
  personType: 'The type is one of student, user or contact.',
  lastUser: 'A family keeps at least one user: add another before removing this one.',
  studentRegistered: (what: string) =>
    `This student is registered in ${what}. Drop the registrations before removing the student.`,
  userEmailTaken: 'This e-mail address already belongs to someone at your studio.',
  /** A parent gave a user an e-mail address: inviting someone to sign in is the studio's to do. */
  studioInvites: (studioName: string) =>
    `Only the studio can invite someone to sign in. Ask ${studioName || 'the studio'} to send the invitation.`,
  /** A parent registers at a studio that already invited the address (001 §3 is silent: ours). */
  invitedByStudio: (studioName: string) =>
    `${studioName || 'This studio'} has already invited this e-mail address to its family account. Please follow the link in the invitation e-mail to choose your password, or reset your password to sign in.`,
  tooManyPeople: (limit: number, noun: string) =>
    `A family has at most ${limit} ${noun}. Please remove one before adding another.`,
  loginEmailLocked: 'This user signs in with their e-mail address, so only they can change it.',
  removeSelf: 'You cannot remove yourself from the family: another user of the family or the studio can.',
  familyCreated: 'The family was created.',
  familyCreatedInvited: (address: string) =>
    `The family was created. We sent ${address} an invitation to set a password.`,
  invitationSent: (address: string) => `We sent ${address} an invitation to set a password.`,
  invitationNoEmail: 'This user has no e-mail address to invite.',
  alreadyActive: 'This user has already set a password and can sign in.',
  /** A parent's membership without its family: never made by the product (decision 013), but said plainly. */
  noFamilyHere:
    'Your sign-in is not linked to a family at this studio yet. Please ask the studio to add you to your family account.',
} as const;

/**
 * How many users a family keeps (ours: 001 is silent). Users have their own small limit, apart from
 * FAMILY_LIMITS.contacts, since a registration already brings one user and up to that many contacts.
 */
export const FAMILY_USERS_LIMIT = 6;

export const PERSON_TYPES = ['student', 'user', 'contact'] as const;
