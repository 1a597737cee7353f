/**
 * What other modules may read of the year terms. A module's own queries are its own; another module
 * uses only what its index offers (decision 025).
 */
export { listYearTerms } from './year-terms.queries';
