/**
 * What the registration module offers other modules (decision 025): retiring a studio's invitations to
 * a person (a resend leaves only the newest link), and reminding an unverified address at sign-in. A
 * module's own queries are its own; another module uses only what its index offers.
 */
export { remindEmailVerification } from './links.service';
export { retireInvitations } from './tokens.queries';
