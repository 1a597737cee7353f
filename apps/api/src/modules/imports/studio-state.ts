import type { LinkKind, StudioLink, StudioState } from '@pirouette/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { yearTerms } from '../../db/schema/companies';
import { familyAccounts, familyPeople, students } from '../../db/schema/families';
import { importLinks } from '../../db/schema/imports';
import { memberships } from '../../db/schema/memberships';
import { classes } from '../../db/schema/schedule';
import { users } from '../../db/schema/users';

/**
 * The studio as the import's dry run reads it (decision 054): the source's links, and the studio's
 * families, people, dancers, current classes and members. A fixed number of statements, whatever the
 * studio's size.
 */
export async function readStudioState(
  db: Db,
  companyId: string,
  source: { key: string; name: string },
): Promise<StudioState & { termId: string | null }> {
  const linkRows = await db
    .select({
      kind: importLinks.kind,
      ref: importLinks.ref,
      entityId: importLinks.entityId,
      data: importLinks.data,
    })
    .from(importLinks)
    .where(and(eq(importLinks.companyId, companyId), eq(importLinks.source, source.key)));
  const links: Partial<Record<LinkKind, Map<string, StudioLink>>> = {};
  for (const l of linkRows) {
    const kind = l.kind as LinkKind;
    const map = links[kind] ?? new Map<string, StudioLink>();
    map.set(l.ref, { entityId: l.entityId, data: l.data });
    links[kind] = map;
  }
  const familyRows = await db
    .select({ id: familyAccounts.id, email: familyAccounts.email })
    .from(familyAccounts)
    .where(eq(familyAccounts.companyId, companyId));
  const people = await db
    .select({
      id: familyPeople.id,
      familyId: familyPeople.familyId,
      firstName: familyPeople.firstName,
      lastName: familyPeople.lastName,
      email: sql<string>`coalesce(lower(${users.email}), '')`,
    })
    .from(familyPeople)
    .leftJoin(users, eq(users.id, familyPeople.userId))
    .where(eq(familyPeople.companyId, companyId));
  const dancers = await db
    .select({
      id: students.id,
      familyId: students.familyId,
      firstName: students.firstName,
      lastName: students.lastName,
      dob: students.dob,
    })
    .from(students)
    .where(eq(students.companyId, companyId));
  const [term] = await db
    .select({ id: yearTerms.id })
    .from(yearTerms)
    .where(and(eq(yearTerms.companyId, companyId), eq(yearTerms.isCurrent, true)));
  const termClasses = term
    ? await db
        .select({
          id: classes.id,
          name: classes.name,
          day: classes.day,
          timeStart: sql<string>`to_char(${classes.timeStart}, 'HH24:MI')`,
        })
        .from(classes)
        .where(and(eq(classes.companyId, companyId), eq(classes.yearTermId, term.id)))
    : [];
  const memberRows = await db
    .select({ email: sql<string>`lower(${users.email})` })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.companyId, companyId));
  const emailsOf = new Map<string, string[]>();
  for (const f of familyRows) emailsOf.set(f.id, f.email ? [f.email.toLowerCase()] : []);
  for (const p of people) if (p.email) emailsOf.get(p.familyId)?.push(p.email);
  return {
    sourceName: source.name,
    links,
    families: familyRows.map((f) => ({ id: f.id, emails: emailsOf.get(f.id) ?? [] })),
    people,
    dancers,
    classes: termClasses,
    members: new Set(memberRows.map((m) => m.email)),
    hasTerm: term !== undefined,
    termId: term?.id ?? null,
  };
}
