/**
 * What other modules may use of sign-in (decision 025): how a year term is shown with a session. The
 * people who sign in are read through the kernel (kernel/users.ts, decision 044). A module's own queries
 * are its own; another module uses only what its index offers.
 */
export { presentYearTerm } from './auth.presenters';
