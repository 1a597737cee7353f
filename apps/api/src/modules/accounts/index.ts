/** What the accounts module offers other modules (decision 025). */
export {
  insertAcceptance,
  lastAcceptedVersion,
  listTermsInForce,
  termsToAcceptRead,
} from './parent-terms.queries';
