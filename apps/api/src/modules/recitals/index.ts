/**
 * The recital (issue 38, decision 072): recitals, their shows, which dance numbers dance in which show and
 * in what order. What other modules (fees, tickets, the door, reports) need of it, they take from here.
 */

export { type LineupDancer, type LineupNumber, recitalOfStudio, showLineup, showOfStudio } from './lineup';
export type { RecitalRow, ShowRow } from './recitals.queries';
export { recitalRoutes } from './recitals.routes';
/** The year terms whose numbers dance at a recital (decision 072): the fees count the same dancers. */
export { seasonTerms } from './shows.queries';
export { recitalShowRoutes } from './shows.routes';
