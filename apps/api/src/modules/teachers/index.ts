/**
 * What other modules may read of the teachers. A module's own queries are its own; another module
 * uses only what its index offers (decision 025).
 */
export { listTeachers } from './teachers.queries';
