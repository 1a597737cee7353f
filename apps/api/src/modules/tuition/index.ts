/**
 * What other modules may read of the tuition prices. A module's own queries are its own; another module
 * uses only what its index offers (decision 025).
 */
export { listClassTuitions, listPrivateTuitions } from './tuition.queries';
