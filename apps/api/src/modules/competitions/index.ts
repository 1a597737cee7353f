/** What the competitions module offers other modules (decision 025): whether its records hold a dance number or a private lesson in place. */
export { competitionsHold } from './holds';
export { studioQuickChangeGap } from './overview.queries';
