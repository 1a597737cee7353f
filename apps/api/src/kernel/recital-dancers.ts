import { type SQL, sql } from 'drizzle-orm';
import { danceNumberActivity } from '../db/schema/schedule';

/**
 * Who dances at the recital (002 §3 "Dance-number activity"; decision 107): an activity that is active
 * with the recital switch on, of an active registration that counts (`registrationCounts`). The rule
 * lives once, in the database's `recital_dances` (migration 0043); the activity's and the registration's
 * triggers keep its answer on the activity as `at_recital`, beside the registration's dancer and the
 * dancer's family (`student_id`, `family_id`). Every read of the recital's dancers (the board, the running order's dancers, the fee,
 * the reports, the door, a family's comps) asks this, written as the bare column so that the two partial
 * indexes on it serve any plan, generic ones included (`= true` with a parameter would not).
 */
export const atTheRecital: SQL = sql`${danceNumberActivity.atRecital}`;
