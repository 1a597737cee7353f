/**
 * The recital fee (issue 38 item 3, decision 073): its settings, the posting run (the owner's button and
 * the daily job) through the ledger's door, and the family's mail.
 */

export { recitalFeeRoutes } from './fees.routes';
export { recitalFeeJobHandlers } from './job-handlers';
