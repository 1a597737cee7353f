import { randomUUID } from 'node:crypto';
import { ABOUT_US_OPTIONS, CONTACT_ROLES } from '@pirouette/domain';
import type { familyAccounts, familyPeople, students, termsAcceptances } from './schema/families';
import type { memberships } from './schema/memberships';
import type { users } from './schema/users';
import {
  ADULT_NAMES,
  FIRST_NAMES_BOYS,
  FIRST_NAMES_GIRLS,
  LAST_NAMES,
  phone,
  type Random,
} from './seed-large-names';
import type { StudioContext, StudioSpec, WithId } from './seed-large-types';

const daysBefore = (day: string, n: number) => new Date(Date.parse(`${day}T12:00:00Z`) - n * 86_400_000);
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A date of birth that makes a dancer `age` on the first day of the term: born before September of
 * the year `age` years back, or from September on a year earlier.
 */
function birthday(r: Random, termStartYear: number, age: number): string {
  return r.chance(0.33)
    ? `${termStartYear - age - 1}-${pad(r.int(9, 12))}-${pad(r.int(2, 28))}`
    : `${termStartYear - age}-${pad(r.int(1, 8))}-${pad(r.int(1, 28))}`;
}

/**
 * A studio's families: each with the parent who signs in (a user, a membership at the studio), often a
 * second grown-up as a contact, one to four dancers aged 3 to 18, and mostly the studio's terms
 * accepted. `spec.students` dancers over `spec.families` families; the featured family comes first.
 */
export function planFamilies(
  r: Random,
  spec: StudioSpec,
  ctx: StudioContext,
  place: () => { address: string; city: string; state: string; zipcode: string },
) {
  const { companyId, term } = ctx;
  const familyRows: WithId<typeof familyAccounts.$inferInsert>[] = [];
  const userRows: (typeof users.$inferInsert)[] = [];
  const membershipRows: (typeof memberships.$inferInsert)[] = [];
  const peopleRows: (typeof familyPeople.$inferInsert)[] = [];
  const studentRows: WithId<typeof students.$inferInsert & { age: number }>[] = [];
  const acceptanceRows: (typeof termsAcceptances.$inferInsert)[] = [];
  const sizes = Array.from({ length: spec.families }, () => 1);
  if (ctx.featured && spec.families > 0) sizes[0] = ctx.featured.students;
  for (let extra = spec.students - sizes.reduce((a, b) => a + b, 0); extra > 0; extra--) {
    let i = r.int(ctx.featured ? 1 : 0, spec.families - 1);
    while (sizes[i]! >= 4) i = (i + 1) % spec.families || (ctx.featured ? 1 : 0);
    sizes[i]!++;
  }
  const termStartYear = Number(term.dateStart.slice(0, 4));
  sizes.forEach((size, f) => {
    const featured = f === 0 ? ctx.featured : undefined;
    const lastName = featured?.lastName ?? r.pick(LAST_NAMES);
    const firstName = featured?.firstName ?? r.pick(ADULT_NAMES);
    const email =
      featured?.email ?? `${lastName.toLowerCase().replace(/[^a-z]/g, '')}.${f + 1}@${ctx.tag}.example`;
    const createdAt = daysBefore(ctx.today, r.int(1, 400));
    const family = {
      id: randomUUID(),
      companyId,
      lastName,
      email,
      phone: phone(r),
      ...place(),
      aboutUsOption: r.pick(ABOUT_US_OPTIONS),
      createdAt,
      updatedAt: createdAt,
    };
    familyRows.push(family);
    const user = {
      id: randomUUID(),
      email,
      passwordHash: ctx.passwordHash,
      firstName,
      lastName,
      phone: family.phone,
      address: family.address,
      city: family.city,
      state: family.state,
      zipcode: family.zipcode,
      emailVerifiedAt: createdAt,
      createdAt,
    };
    userRows.push(user);
    membershipRows.push({ companyId, userId: user.id, role: 'user', familyId: family.id, createdAt });
    peopleRows.push({
      companyId,
      familyId: family.id,
      kind: 'user',
      userId: user.id,
      firstName,
      lastName,
      phone: family.phone,
      role: r.chance(0.8) ? 'Mother' : 'Father',
      createdAt,
    });
    if (featured || r.chance(0.35)) {
      peopleRows.push({
        companyId,
        familyId: family.id,
        kind: 'contact',
        firstName: r.pick(ADULT_NAMES),
        lastName,
        phone: phone(r),
        role: featured ? 'Father' : r.pick(CONTACT_ROLES.filter((c) => c !== 'Self')),
        createdAt: new Date(createdAt.getTime() + 1),
      });
    }
    for (let s = 0; s < size; s++) {
      const age = featured ? [14, 11, 8, 5][s % 4]! : r.int(3, 18);
      const girl = r.chance(0.85);
      studentRows.push({
        id: randomUUID(),
        companyId,
        familyId: family.id,
        firstName: girl ? r.pick(FIRST_NAMES_GIRLS) : r.pick(FIRST_NAMES_BOYS),
        lastName,
        dob: birthday(r, termStartYear, age),
        gender: girl ? 'F' : 'M',
        createdAt: new Date(createdAt.getTime() + s),
        updatedAt: createdAt,
        age,
      });
    }
    if (featured || r.chance(0.85)) {
      for (const doc of ctx.documents) {
        acceptanceRows.push({
          companyId,
          familyId: family.id,
          documentId: doc.id,
          version: doc.version,
          accepted: true,
          userId: user.id,
          createdAt,
        });
      }
    }
  });

  return { familyRows, userRows, membershipRows, peopleRows, studentRows, acceptanceRows };
}
