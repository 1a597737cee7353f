/** What the payments module offers other modules (decision 025): whether a family pays automatically. */

/** A method saved: the family's failed automatic charge tried again with it at once (decision 070). */
export { chargeAfterNewMethod } from './autopay-new-method';
/** Which cards are on file, by brand and last four, for moving out (decision 057). */
export { type CardOnFileRow, cardsOnFile } from './cards-on-file';
/** Whether a studio has an approved merchant account, as a condition of a query (the setup checklist). */
export { merchantApproved } from './merchant';
export { onAutopay } from './on-autopay';
