import { type Actor, todayInZone } from '@pirouette/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from './client';
import { companies, yearTerms } from './schema/companies';
import { memberships } from './schema/memberships';
import { users } from './schema/users';

/**
 * A demo studio as its owner works in it, for the seeds that go through the modules' own services
 * (costumes, competitions): the studio, the demo owner as the actor, the current term and the studio's
 * today. Null when the studio, its owner or its current term is missing (nothing to seed then).
 */
export async function demoOwner(db: Db, studioName: string, now: Date) {
  const [studio] = await db
    .select({ id: companies.id, timeZone: companies.timeZone })
    .from(companies)
    .where(eq(companies.name, studioName));
  if (!studio) return null;
  const companyId = studio.id;
  const [owner] = await db
    .select({ id: memberships.id, userId: memberships.userId })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.companyId, companyId),
        eq(memberships.role, 'owner'),
        eq(users.email, 'owner@demo.example'),
      ),
    );
  const [term] = await db
    .select()
    .from(yearTerms)
    .where(and(eq(yearTerms.companyId, companyId), eq(yearTerms.isCurrent, true)));
  if (!owner || !term) return null;
  const actor: Actor = { userId: owner.userId, companyId, membershipId: owner.id, role: 'owner' };
  return { companyId, owner, actor, term, today: todayInZone(studio.timeZone, now) };
}
