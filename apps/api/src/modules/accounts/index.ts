/** What the accounts module offers other modules (decision 025). */
export { listTermsInForce, termsToAcceptRead } from './parent-terms.queries';
