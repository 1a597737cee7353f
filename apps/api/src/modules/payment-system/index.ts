/** What the payment-system module offers other modules (decision 025). */
export { presentPaymentSystem } from './payment-system.presenters';
export { listPlans, listTermOptions } from './payment-system.queries';
