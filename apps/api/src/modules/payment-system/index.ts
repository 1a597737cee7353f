/** What the payment-system module offers other modules (decision 025). */
export { generatePaymentSystem, generatePaymentSystems } from './generate';
export { presentPaymentSystem } from './payment-system.presenters';
export { listPlans, listTermOptions } from './payment-system.queries';
export { regeneratePaymentSystem } from './regenerate';
