/**
 * What the families module offers other modules (decision 025): a family's users invited, their places
 * opened, an invited address claimed. A family of the studio, its log and its entry order are the
 * kernel's (kernel/family-scope.ts, family-log.ts, entry-order.ts; decision 044).
 */
export {
  addFamilyUser,
  claimInvitedUser,
  familyPlacesRead,
  INVITED_PASSWORD_HASH,
  type InvitationContext,
  linkFamilyLogin,
  mailPlaces,
  openFamilyPlaces,
  resendInvitation,
  takeUpInvitations,
} from './invitation';
