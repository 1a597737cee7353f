import { type Actor, can, type MarkableSetupStep, type StudioSetup, studioSetup } from '@pirouette/domain';
import type { Db } from '../../db/client';
import { forbidden } from '../../http/errors';
import { markSetupStep, setupFacts } from './studio-setup.queries';

type Ctx = { db: Db; actor: Actor };

/** GET api/mystudio/setup: the studio's setup checklist, worked out from its data in one query. */
export async function getStudioSetup({ db, actor }: Ctx): Promise<StudioSetup> {
  if (!can(actor, 'studio:read')) throw forbidden();
  return studioSetup(await setupFacts(db, actor.companyId));
}

/**
 * POST api/mystudio/setup/{step}: an owner ticks a step the data cannot show (the terms read and
 * found right as they are, the parent link copied); the checklist as it is now.
 */
export async function markStudioSetupStep({
  db,
  actor,
  step,
}: Ctx & { step: MarkableSetupStep }): Promise<StudioSetup> {
  if (!can(actor, 'studio:manage')) throw forbidden();
  await markSetupStep(db, { companyId: actor.companyId, userId: actor.userId, step });
  return studioSetup(await setupFacts(db, actor.companyId));
}
