// The one helper lives with the database (apps/api/src/db/unique-violation.ts); the schedule's
// services keep importing it from here.
export { duplicateAs } from '../../db/unique-violation';
