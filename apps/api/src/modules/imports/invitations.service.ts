import { type Actor, IMPORT_TEXT, messages } from '@pirouette/domain';
import { and, count, eq, exists, inArray, isNotNull, isNull, notExists, sql } from 'drizzle-orm';
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
 * invitation that exists (the link that sets a password), once. The list is of people, not links: one
 * parent can have several import links (a families file's `parent`, a later contacts file's `contacts`);
 * they are invited when any of their links has `invited_at`, and an invited parent is never handed to
 * `mailPlaces` again (it would retire their unused link, and the mail key `import-invitation:<person>`
 * would skip the new one's mail).
 */

const PAGE = 50;
const KINDS = ['parent', 'contacts'];

/** The studio's import links to a family person (the outer query's `family_people`), of a parent's kind. */
const linksOf = (db: Db, companyId: string, invited?: boolean) =>
  db
    .select({ one: sql`1` })
    .from(importLinks)
    .where(
      and(
        eq(importLinks.companyId, companyId),
        eq(importLinks.entityId, familyPeople.id),
        inArray(importLinks.kind, KINDS),
        invited ? isNotNull(importLinks.invitedAt) : undefined,
      ),
    );

/** The studio's imported parents who sign in: a family person of kind 'user' with a login and a link. */
const parentPeople = (db: Db, companyId: string) =>
  and(eq(familyPeople.kind, 'user'), isNotNull(familyPeople.userId), exists(linksOf(db, companyId)));

/** Invited: any of the person's links. */
const invited = (db: Db, companyId: string) => exists(linksOf(db, companyId, true));
const notInvited = (db: Db, companyId: string) => notExists(linksOf(db, companyId, true));

function parentsFrom(db: Db, companyId: string) {
  return db
    .select({
      id: familyPeople.id,
      familyId: familyPeople.familyId,
      family: familyAccounts.lastName,
      firstName: familyPeople.firstName,
      lastName: familyPeople.lastName,
      email: users.email,
      userId: users.id,
      invitedAt:
        sql<Date | null>`(select max(${importLinks.invitedAt}) from ${importLinks} where ${importLinks.companyId} = ${companyId} and ${importLinks.entityId} = ${familyPeople.id} and ${inArray(importLinks.kind, KINDS)})`.mapWith(
          importLinks.invitedAt,
        ),
      pending: memberships.pending,
    })
    .from(familyPeople)
    .innerJoin(familyAccounts, eq(familyAccounts.id, familyPeople.familyId))
    .innerJoin(users, eq(users.id, familyPeople.userId))
    .innerJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.companyId, companyId)));
}

export async function importedParents(options: { db: Db; actor: Actor; invited?: '0' | '1'; page: number }) {
  mustImport(options.actor);
  const { db } = options;
  const companyId = options.actor.companyId;
  const filter =
    options.invited === '0'
      ? notInvited(db, companyId)
      : options.invited === '1'
        ? invited(db, companyId)
        : undefined;
  const where = and(parentPeople(db, companyId), filter);
  const counted = (w: ReturnType<typeof and>) =>
    db
      .select({ n: count() })
      .from(familyPeople)
      .innerJoin(
        memberships,
        and(eq(memberships.userId, familyPeople.userId), eq(memberships.companyId, companyId)),
      )
      .where(w);
  const [total] = await counted(where);
  const [waiting] = await counted(
    and(parentPeople(db, companyId), notInvited(db, companyId), eq(memberships.pending, true)),
  );
  const rows = await parentsFrom(db, companyId)
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
    // One send of the studio at a time, held until the end: the second reads the parents after the
    // first has marked them, so two sends at once mail (and make a link for) each parent once.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`import-invitations:${companyId}`}, 0))`,
    );
    const picked = 'ids' in options.pick ? inArray(familyPeople.id, options.pick.ids) : undefined;
    const targets = await parentsFrom(tx, companyId)
      .where(
        and(parentPeople(tx, companyId), notInvited(tx, companyId), eq(memberships.pending, true), picked),
      )
      .orderBy(familyPeople.id);
    if ('ids' in options.pick && targets.length === 0) {
      const known = await parentsFrom(tx, companyId).where(and(parentPeople(tx, companyId), picked));
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
    // Every link of each person: a later contacts file's link to them is invited too.
    await tx
      .update(importLinks)
      .set({ invitedAt: clock.now() })
      .where(
        and(
          eq(importLinks.companyId, companyId),
          inArray(importLinks.kind, KINDS),
          inArray(
            importLinks.entityId,
            targets.map((t) => t.id),
          ),
          isNull(importLinks.invitedAt),
        ),
      );
    return { msg: IMPORT_TEXT.invited(sent), sent };
  });
}
