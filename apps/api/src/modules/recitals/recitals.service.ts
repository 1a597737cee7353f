import { type Actor, can, type RecitalList } from '@pirouette/domain';
import type { Db } from '../../db/client';
import { presentRecital } from './recitals.presenters';
import { listRecitals, showsOf } from './recitals.queries';

/**
 * The studio's recitals with their shows (issue 38): the picker of every recital screen. An owner or a
 * teacher (the door and backstage are theirs too); no money in it. Two queries.
 */
export async function getRecitals({
  db,
  actor,
  withArchived,
}: {
  db: Db;
  actor: Actor;
  withArchived: boolean;
}): Promise<RecitalList> {
  const rows = await listRecitals(db, actor.companyId, withArchived);
  const shows = await showsOf(
    db,
    actor.companyId,
    rows.map((r) => r.id),
  );
  const owner = can(actor, 'studio:manage');
  return { recitals: rows.map((r) => presentRecital(r, shows, owner)) };
}
