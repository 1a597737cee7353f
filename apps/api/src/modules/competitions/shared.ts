import { type Actor, can } from '@pirouette/domain';
import type { Db } from '../../db/client';
import { forbidden } from '../../http/errors';

/** What the competition services share (issue 19, decision 031). */
export type CompetitionDeps = { db: Db; actor: Actor };

/** Every competition call is the owner's: the route says so, and the service checks it again. */
export function requireOwner(actor: Actor): void {
  if (!can(actor, 'studio:manage')) throw forbidden();
}
