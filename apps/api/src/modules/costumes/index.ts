/** What the costumes module offers other modules (decision 025): whether its records hold dance numbers in place. */
export { costumesHoldNumbers } from './holds';
