/** What the discounts module offers other modules (decision 025). */
export { presentDiscount } from './discounts.presenters';
