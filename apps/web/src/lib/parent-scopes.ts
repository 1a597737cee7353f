import { parentAccountCalls, parentRegistrationCalls } from '@pirouette/domain';
import { scopeOf } from './call';

/**
 * What a change to a family's classes reaches on the parent's side: the schedule builder, the
 * family's activity and tuition, and the portal's account, which lists classes. Class registration's
 * changes refresh them, and so do the waitlist's (joining, taking or declining a place): two areas, so
 * the list is kept here, below both.
 */
export const parentScopes = [
  scopeOf(parentRegistrationCalls.builder),
  scopeOf(parentRegistrationCalls.activity),
  scopeOf(parentRegistrationCalls.tuition),
  scopeOf(parentAccountCalls.account),
];
