/**
 * The recital (issue 38, decision 072): recitals, their shows, which dance numbers dance in which show and
 * in what order. What other modules (fees, tickets, the door, reports) need of it, they take from here.
 */

export { type LineupDancer, type LineupNumber, recitalOfStudio, showLineup, showOfStudio } from './lineup';
export type { RecitalRow, ShowRow } from './recitals.queries';
export { recitalRoutes } from './recitals.routes';
export { recitalShowRoutes } from './shows.routes';
