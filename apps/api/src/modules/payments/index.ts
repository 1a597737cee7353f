/** What the payments module offers other modules (decision 025): whether a family pays automatically. */

/**
 * What recital tickets (decision 074) take to charge a card through the studio's own merchant: the
 * merchant or the refusal, a typed card's instrument for the family's buyer, the family's method on file,
 * and the processor's error type.
 */
export { instrumentOfToken, liveMethod } from './cards.service';
/** Which cards are on file, by brand and last four, for moving out (decision 057). */
export { type CardOnFileRow, cardsOnFile } from './cards-on-file';
/** Whether a studio has an approved merchant account, as a condition of a query (the setup checklist). */
export { merchantApproved, merchantOrRefuse } from './merchant';
export { onAutopay } from './on-autopay';
export { type PaymentProvider, ProviderError, type Transfer } from './provider';
