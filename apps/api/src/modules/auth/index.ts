/**
 * What other modules may use of sign-in's data: the people who sign in. A module's own queries are its own; another module
 * uses only what its index offers (decision 025).
 */
export { findUserByEmail, revokeUserSessions } from './auth.queries';
