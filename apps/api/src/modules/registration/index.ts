/**
 * The one-use link tokens, which other modules issue and retire (invitations). A module's own queries are its own; another module
 * uses only what its index offers (decision 025).
 */
export { insertToken, retireInvitations } from './tokens.queries';
