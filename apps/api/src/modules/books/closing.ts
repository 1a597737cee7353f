import { type Actor, CLOSING_TEXT, can, type closingQuery } from '@pirouette/domain';
import type { z } from 'zod';
import { forbidden } from '../../http/errors';
import { closeMonth, periodState, reopenMonth, studioToday } from '../ledger';
import type { BooksDeps } from './deposits';

/**
 * Closing a month (issue 34 item 5, decision 050): the owner's calls. The act, its lock and its log are
 * the ledger module's (operations/close-month.ts), since the closed-through day guards every posting of
 * the family ledger as of the studio journal; here the owner's check and the studio's today.
 */

function requireOwner(actor: Actor) {
  if (!can(actor, 'studio:manage')) throw forbidden();
}

export async function closingState(deps: BooksDeps, q: z.output<typeof closingQuery>) {
  requireOwner(deps.actor);
  const today = await studioToday(deps.db, deps.actor.companyId, deps.clock);
  return periodState(deps.db, deps.actor.companyId, today, q);
}

export async function closeBooksMonth(deps: BooksDeps, month: string) {
  requireOwner(deps.actor);
  const { companyId, userId } = deps.actor;
  const today = await studioToday(deps.db, companyId, deps.clock);
  const closedThrough = await closeMonth(deps.db, { companyId, month, today, by: { userId } });
  return { msg: CLOSING_TEXT.closed(month), closedThrough };
}

export async function reopenBooksMonth(deps: BooksDeps, month: string, reason: string) {
  requireOwner(deps.actor);
  const { companyId, userId } = deps.actor;
  const today = await studioToday(deps.db, companyId, deps.clock);
  const closedThrough = await reopenMonth(deps.db, { companyId, month, today, by: { userId }, reason });
  return { msg: CLOSING_TEXT.reopened(month), closedThrough };
}
