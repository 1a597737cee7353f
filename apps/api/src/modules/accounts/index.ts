/** What the accounts module offers other modules (decision 025). */
export { termsToAcceptRead, termsToShowRead } from './parent-terms.queries';
