/** What the payments module offers other modules (decision 025): whether a family pays automatically. */

/** Whether a studio has an approved merchant account, as a condition of a query (the setup checklist). */
export { merchantApproved } from './merchant';
export { onAutopay } from './on-autopay';
