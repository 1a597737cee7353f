import { type Actor, IMPORT_TEXT, messages } from '@pirouette/domain';
import { and, count, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies } from '../../db/schema/companies';
import { familyAccounts, familyPeople } from '../../db/schema/families';
import { importLinks } from '../../db/schema/imports';
import { memberships } from '../../db/schema/memberships';
import { users } from '../../db/schema/users';
import { AppError } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import { consume, rules } from '../../lib/rate-limit';
import { mailPlaces } from '../families';
import { mustImport } from './check.service';

/**
 * The parents an import brought, and their invitations (decision 054): an imported parent gets no mail
 * until the owner sends the invitations (all not yet invited, or those picked); each is then mailed the
 * invitation that exists (the link that sets a password), once: the link's `invited_at` and the
 * message's key `import-invitation:<person>` see to it.
 */

const PAGE = 50;

/** The links of the studio's imported parents who sign in: a family person of kind 'user' with a login. */
const parentLinks = (companyId: string) =>
  and(
    eq(importLinks.companyId, companyId),
    inArray(importLinks.kind, ['parent', 'contacts']),
    eq(familyPeople.kind, 'user'),
    isNotNull(familyPeople.userId),
  );

function parentsFrom(db: Db) {
  return db
    .select({
      id: familyPeople.id,
      familyId: familyPeople.familyId,
      family: familyAccounts.lastName,
      firstName: familyPeople.firstName,
      lastName: familyPeople.lastName,
      email: users.email,
      userId: users.id,
      invitedAt: importLinks.invitedAt,
      pending: memberships.pending,
      linkId: importLinks.id,
    })
    .from(importLinks)
    .innerJoin(familyPeople, eq(familyPeople.id, importLinks.entityId))
    .innerJoin(familyAccounts, eq(familyAccounts.id, familyPeople.familyId))
    .innerJoin(users, eq(users.id, familyPeople.userId))
    .innerJoin(
      memberships,
      and(eq(memberships.userId, users.id), eq(memberships.companyId, importLinks.companyId)),
    );
}

export async function importedParents(options: { db: Db; actor: Actor; invited?: '0' | '1'; page: number }) {
  mustImport(options.actor);
  const { db } = options;
  const companyId = options.actor.companyId;
  const filter =
    options.invited === '0'
      ? isNull(importLinks.invitedAt)
      : options.invited === '1'
        ? isNotNull(importLinks.invitedAt)
        : undefined;
  const where = and(parentLinks(companyId), filter);
  const counted = (w: ReturnType<typeof and>) =>
    db
      .select({ n: count() })
      .from(importLinks)
      .innerJoin(familyPeople, eq(familyPeople.id, importLinks.entityId))
      .innerJoin(
        memberships,
        and(eq(memberships.userId, familyPeople.userId), eq(memberships.companyId, importLinks.companyId)),
      )
      .where(w);
  const [total] = await counted(where);
  const [waiting] = await counted(
    and(parentLinks(companyId), isNull(importLinks.invitedAt), eq(memberships.pending, true)),
  );
  const rows = await parentsFrom(db)
    .where(where)
    .orderBy(
      sql`lower(${familyAccounts.lastName})`,
      familyPeople.lastName,
      familyPeople.firstName,
      familyPeople.id,
    )
    .limit(PAGE)
    .offset((options.page - 1) * PAGE);
  const n = Number(total?.n ?? 0);
  return {
    parents: rows.map((r) => ({
      id: r.id,
      familyId: r.familyId,
      family: r.family,
      name: `${r.firstName} ${r.lastName}`.trim(),
      email: r.email,
      invitedAt: r.invitedAt?.toISOString() ?? null,
      joined: !r.pending,
    })),
    page: options.page,
    pages: Math.max(1, Math.ceil(n / PAGE)),
    total: n,
    waiting: Number(waiting?.n ?? 0),
  };
}

/** Sends the invitations: to every imported parent not yet invited, or to those picked (by family person). */
export async function sendInvitations(options: {
  db: Db;
  clock: Clock;
  appUrl: string;
  actor: Actor;
  pick: { all: true } | { ids: string[] };
}): Promise<{ msg: string; sent: number }> {
  mustImport(options.actor);
  const { db, actor, clock } = options;
  const companyId = actor.companyId;
  return db.transaction(async (tx) => {
    await consume(tx, clock, `import-invitations:studio:${companyId}`, rules.importInvitationsPerStudio);
    const picked = 'ids' in options.pick ? inArray(familyPeople.id, options.pick.ids) : undefined;
    // The links held until the end: two sends at once mail each parent once.
    const targets = await parentsFrom(tx)
      .where(
        and(parentLinks(companyId), isNull(importLinks.invitedAt), eq(memberships.pending, true), picked),
      )
      .orderBy(desc(importLinks.createdAt))
      .for('update', { of: importLinks });
    if ('ids' in options.pick && targets.length === 0) {
      const known = await parentsFrom(tx).where(and(parentLinks(companyId), picked));
      if (known.length === 0) throw new AppError('not_found', messages.accountNotFound);
    }
    if (targets.length === 0) return { msg: IMPORT_TEXT.noInvitations, sent: 0 };
    const [studio] = await tx
      .select({ name: companies.name })
      .from(companies)
      .where(eq(companies.id, companyId));
    const sent = await mailPlaces(
      tx,
      { clock, appUrl: options.appUrl, actor, studioName: studio?.name ?? '' },
      targets.map((t) => ({ userId: t.userId, familyId: t.familyId, key: `import-invitation:${t.id}` })),
    );
    await tx
      .update(importLinks)
      .set({ invitedAt: clock.now() })
      .where(
        and(
          eq(importLinks.companyId, companyId),
          inArray(
            importLinks.id,
            targets.map((t) => t.linkId),
          ),
        ),
      );
    return { msg: IMPORT_TEXT.invited(sent), sent };
  });
}
