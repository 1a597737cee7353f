import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/api/src/db/client';
import { LARGE_SIGN_INS } from '../../apps/api/src/db/seed-large';
import { hashSecret, newToken } from '../../apps/api/src/lib/secrets';
import { plansFor } from './plans';

/**
 * Who is signed in on the evening, and what their pages are about: owners of several studios (the large
 * one and small ones beside it) and parents of their families, each with a session of their own.
 *
 * The sessions are written into the seeded database by the bench (the server keeps only the SHA-256 of a
 * token, as sign-in does: lib/secrets.ts), not signed in through the API: 230 sign-ins would cost 230
 * argon2 verifications before anything is measured, and a --quick run has two minutes. Sign-in itself
 * stays measured in the per-route table. Nothing the large seed writes is changed.
 */
export type OwnerCast = {
  token: string;
  studio: string;
  companyId: string;
  yearTermId: string;
  locations: { id: string; rooms: string[] }[];
  families: string[];
  classes: { id: string; day: number; level: number | null }[];
  /** Dance-number activities of the studio (the activity switch). */
  activities: string[];
  /**
   * Registrations that count, of families in a payment plan, in classes with room to spare, of dancers
   * of the class's ages today (the drop and its restore: the restore takes the place back, and needs the
   * plan and the ages; the seed registers dancers whatever their age).
   */
  registrations: { id: string; familyId: string }[];
};
export type ParentCast = {
  token: string;
  studio: string;
  companyId: string;
  familyId: string;
  contact: {
    address: string;
    address2: string;
    city: string;
    state: string;
    zipcode: string;
    phone: string;
    email: string;
  };
};
export type EveningCast = { owners: OwnerCast[]; parents: ParentCast[] };

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as Rows<T>).rows;

/** Inserts a session for a membership, as sign-in would, and answers its token. */
async function sessionFor(db: Db, m: { membershipId: string; userId: string; companyId: string }) {
  const token = newToken();
  await db.execute(sql`
    insert into sessions (id, token_hash, user_id, company_id, membership_id, remember, expires_at, ip, user_agent)
    values (${randomUUID()}, ${hashSecret(token)}, ${m.userId}, ${m.companyId}, ${m.membershipId}, false,
      now() + interval '1 day', '127.0.0.1', 'pirouette-bench evening')`);
  return token;
}

/**
 * `owners` owners (the large studio's first, then small studios') and `parents` parents: the large
 * studio's parents but one in ten, who come from the small studios' families. The featured Carter
 * family's parent is left to the per-route table. `plans` of the large studio's signed-in families are
 * put in a payment plan first, so that their registrations can be dropped and restored.
 */
export async function castEvening(
  db: Db,
  counts: { owners: number; parents: number; plans: number } = { owners: 30, parents: 200, plans: 40 },
): Promise<EveningCast> {
  const ownerRows = await rowsOf<{
    membership_id: string;
    user_id: string;
    company_id: string;
    email: string;
    year_term_id: string;
  }>(
    db,
    sql`select m.id as membership_id, m.user_id, m.company_id, u.email, t.id as year_term_id
      from memberships m join users u on u.id = m.user_id
      join year_terms t on t.company_id = m.company_id and t.is_current
      where m.role = 'owner' and (u.email = ${LARGE_SIGN_INS.owner.email} or u.email like 'owner@studio-%.example')
      order by u.email = ${LARGE_SIGN_INS.owner.email} desc, length(u.email), u.email
      limit ${counts.owners}`,
  );
  const companyIds = ownerRows.map((o) => o.company_id);
  const inStudios = sql.join(
    companyIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const rooms = await rowsOf<{ company_id: string; location_id: string; id: string }>(
    db,
    sql`select company_id, location_id, id from rooms where company_id in (${inStudios}) order by name, id`,
  );
  const families = await rowsOf<{ company_id: string; id: string }>(
    db,
    sql`select company_id, id from family_accounts where company_id in (${inStudios}) order by id`,
  );
  const classes = await rowsOf<{ company_id: string; id: string; day: number; level: number | null }>(
    db,
    sql`select c.company_id, c.id, c.day, c.level from classes c
      join year_terms t on t.id = c.year_term_id and t.is_current
      where c.company_id in (${inStudios}) order by c.id`,
  );
  const activities = await rowsOf<{ company_id: string; id: string }>(
    db,
    sql`select company_id, id from dance_number_activity where company_id in (${inStudios}) order by id limit 5000`,
  );
  // The first families of the large studio's signed-in parents get a payment plan (bench/evening/plans.ts).
  const [large] = ownerRows;
  if (large && counts.plans > 0) {
    const planned = await rowsOf<{ family_id: string; user_id: string; date_start: string }>(
      db,
      sql`select m.family_id, m.user_id, t.date_start::text as date_start
        from memberships m join users u on u.id = m.user_id
        join year_terms t on t.company_id = m.company_id and t.is_current
        where m.role = 'user' and not m.pending and m.company_id = ${large.company_id}
          and u.email <> ${LARGE_SIGN_INS.parent.email}
        order by u.email limit ${counts.plans}`,
    );
    await plansFor(
      db,
      {
        companyId: large.company_id,
        yearTermId: large.year_term_id,
        dateStart: planned[0]?.date_start ?? '',
      },
      planned.map((p) => ({ familyId: p.family_id, userId: p.user_id })),
    );
  }
  const registrations = await rowsOf<{ company_id: string; id: string; family_id: string }>(
    db,
    sql`select r.company_id, r.id, s.family_id from class_registrations r
      join students s on s.id = r.student_id
      join classes c on c.id = r.class_id
      join family_terms ft on ft.family_id = s.family_id and ft.company_id = r.company_id
        and ft.year_term_id = c.year_term_id
      where r.company_id in (${inStudios}) and not r.is_dropped and r.i_status > 0 and r.status <> -1
        and extract(year from age(current_date, s.dob)) between c.age_min and c.age_max
        and (select count(*) from class_registrations g where g.class_id = c.id
          and not g.is_dropped and g.i_status > 0 and g.status <> -1) < c.n_max - 2
      order by r.id`,
  );
  const owners: OwnerCast[] = [];
  for (const o of ownerRows) {
    const of = <T extends { company_id: string }>(rows: T[]) =>
      rows.filter((r) => r.company_id === o.company_id);
    const byLocation = new Map<string, string[]>();
    for (const r of of(rooms))
      byLocation.set(r.location_id, [...(byLocation.get(r.location_id) ?? []), r.id]);
    owners.push({
      token: await sessionFor(db, {
        membershipId: o.membership_id,
        userId: o.user_id,
        companyId: o.company_id,
      }),
      studio: o.email.split('@')[1]!.replace('.example', ''),
      companyId: o.company_id,
      yearTermId: o.year_term_id,
      locations: [...byLocation].map(([id, roomIds]) => ({ id, rooms: roomIds })),
      families: of(families).map((f) => f.id),
      classes: of(classes).map((c) => ({ id: c.id, day: c.day, level: c.level })),
      activities: of(activities).map((a) => a.id),
      registrations: of(registrations).map((r) => ({ id: r.id, familyId: r.family_id })),
    });
  }

  const fromSmall = Math.min(Math.floor(counts.parents / 10), Math.max(0, companyIds.length - 1));
  const parentRows = await rowsOf<{
    membership_id: string;
    user_id: string;
    company_id: string;
    family_id: string;
    studio: string;
    address: string;
    address2: string;
    city: string;
    state: string;
    zipcode: string;
    phone: string;
    email: string;
  }>(
    db,
    sql`(select m.id as membership_id, m.user_id, m.company_id, m.family_id, 'large' as studio,
        f.address, f.address2, f.city, f.state, f.zipcode, f.phone, f.email
      from memberships m join users u on u.id = m.user_id join family_accounts f on f.id = m.family_id
      where m.role = 'user' and not m.pending and m.company_id = ${companyIds[0]}
        and u.email <> ${LARGE_SIGN_INS.parent.email}
      order by u.email limit ${counts.parents - fromSmall})
    union all
    (select distinct on (m.company_id) m.id, m.user_id, m.company_id, m.family_id, 'small',
        f.address, f.address2, f.city, f.state, f.zipcode, f.phone, f.email
      from memberships m join users u on u.id = m.user_id join family_accounts f on f.id = m.family_id
      where m.role = 'user' and not m.pending and m.company_id in (${inStudios}) and m.company_id <> ${companyIds[0]}
      order by m.company_id, u.email limit ${fromSmall})`,
  );
  const parents: ParentCast[] = [];
  for (const p of parentRows) {
    parents.push({
      token: await sessionFor(db, {
        membershipId: p.membership_id,
        userId: p.user_id,
        companyId: p.company_id,
      }),
      studio: p.studio,
      companyId: p.company_id,
      familyId: p.family_id,
      contact: {
        address: p.address,
        address2: p.address2,
        city: p.city,
        state: p.state,
        zipcode: p.zipcode,
        phone: p.phone,
        email: p.email,
      },
    });
  }
  return { owners, parents };
}
