/** What the payments module offers other modules (decision 025): whether a family pays automatically. */

/** Which cards are on file, by brand and last four, for moving out (decision 057). */
export { type CardOnFileRow, cardsOnFile } from './cards-on-file';
/** Whether a studio has an approved merchant account, as a condition of a query (the setup checklist). */
export { merchantApproved } from './merchant';
export { onAutopay } from './on-autopay';
