/** What the payments module offers other modules (decision 025): whether a family pays automatically. */
export { onAutopay } from './on-autopay';
