import { randomUUID } from 'node:crypto';
import { centsToDollars, I_STATUS, registrationKey } from '@pirouette/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/api/src/db/client';
import { LARGE_SIGN_INS } from '../../apps/api/src/db/seed-large';
import { hashSecret, newToken } from '../../apps/api/src/lib/secrets';
import {
  familyRegistrations,
  familyStudents,
} from '../../apps/api/src/modules/class-registration/enrolment.queries';
import {
  loadPricingRules,
  type PricingRules,
  pricedRow,
  quoteRegistrations,
} from '../../apps/api/src/modules/class-registration/pricing';
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
  /** The session's token: replaced when the evening signs the owner out and in again (pages.ts). */
  token: string;
  /** The owner's sign-in (the seed's password, LARGE_PASSWORD). */
  email: string;
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
  /** The session's token: replaced when the evening signs the parent out and in again (pages.ts). */
  token: string;
  /** The parent's sign-in (the seed's password, LARGE_PASSWORD). */
  email: string;
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
  /** What the family can register for (registration (parent)); null unless it is in a payment plan. */
  joinable: Joinable | null;
};
/**
 * A class a family registering anew can join (the evening's "new family"): of a small studio no one of
 * the cast belongs to, open, with `places` free, no waitlist and no requirement; the dancer's birth date
 * within its ages; the price the server will work out for a family's only class (Pr_f, dollars); the
 * studio's plan the family chooses. Each family that joins takes one of the places for good.
 */
export type NewcomerClass = {
  companyId: string;
  classId: string;
  planId: string;
  dob: string;
  price: number;
  places: number;
};
export type EveningCast = { owners: OwnerCast[]; parents: ParentCast[]; newcomers: NewcomerClass[] };

/**
 * One line of a parent's regList as the schedule builder sends it (packages/domain's regListItem):
 * the class joined (`isNew`) or a registration the family keeps (`iStatus` 10), each at the price
 * shown, Pr_f in dollars.
 */
export type RegListLine = {
  idx: number;
  stdID: string;
  clSchID: string;
  clRegID?: string;
  isNew: boolean;
  iStatus?: typeof I_STATUS.registered;
  price: number;
};

/** A class a dancer of the family can join, and the regList that asks for it. */
export type ClassJoin = { studentId: string; classId: string; regList: RegListLine[] };

/**
 * A family's registrations of the evening: its plan (tuitList.id; the plan's total is left out, which
 * the server then does not compare), the studio's time zone (regDate must be the studio's today, or
 * the answer is 409) and the classes its dancers can join, each to be used once: a registration made
 * and dropped leaves a dropped row, and the same class again would be a restore.
 */
export type Joinable = { planId: string; timeZone: string; joins: ClassJoin[] };

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
 * The classes the dancers of `familyIds` can join through the parent's own route, so that the server
 * takes each: families in a payment plan of the current term (without one, the parent would also
 * choose a plan and accept the studio's terms); classes of that term, open, with a place free and no
 * waitlist (a place freed by the drop would be offered, and taken), without other requirements (a
 * parent is refused what they do not meet; the seed writes none); the dancer's age on the day the
 * server takes it on (the studio's today, or the term's start before it) within the class's ages; no
 * row of the dancer in the class at all (a dropped one would be taken back, not added); and not at a
 * time the dancer is in another class (no parent would ask for it; the server would not refuse it).
 *
 * Each regList carries the prices the server will work out and compare (a difference answers 409),
 * worked out here by the server's own rule over the family's registrations that count plus the new
 * class. They hold all evening: the family is one worker's at a time (pages.ts), and every change to
 * its classes — this registration and its drop, the owner's drop and restore — is undone before the
 * next begins; the rule orders classes by price and class id, not by registration, so a new row's id
 * changes nothing.
 */
export async function classJoins(db: Db, familyIds: string[]): Promise<Map<string, Joinable>> {
  const joinable = new Map<string, Joinable>();
  if (familyIds.length === 0) return joinable;
  // A registration that counts (takes a place, is priced): the server's registrationCounts, on an alias.
  const counting = (r: string) =>
    sql.raw(`(not ${r}.is_dropped and ${r}.i_status > 0 and ${r}.status <> -1)`);
  const ofFamilies = sql.join(
    familyIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const candidates = await rowsOf<{
    company_id: string;
    year_term_id: string;
    time_zone: string;
    plan_id: string;
    family_id: string;
    student_id: string;
    class_id: string;
    class_name: string;
    day: number;
    price: number;
    apply_discount: boolean;
  }>(
    db,
    sql`select s.company_id, t.id as year_term_id, co.time_zone, ft.plan_id, s.family_id,
        s.id as student_id, c.id as class_id, c.name as class_name, c.day, p.price, p.apply_discount
      from students s
      join companies co on co.id = s.company_id
      join year_terms t on t.company_id = s.company_id and t.is_current
      join family_terms ft on ft.company_id = s.company_id and ft.family_id = s.family_id
        and ft.year_term_id = t.id
      join classes c on c.company_id = s.company_id and c.year_term_id = t.id
      join class_tuitions p on p.id = c.price_id
      where s.family_id in (${ofFamilies})
        and c.is_open
        and extract(year from age(greatest((now() at time zone co.time_zone)::date, t.date_start), s.dob))
          between c.age_min and c.age_max
        and not exists (select 1 from class_registrations r where r.class_id = c.id and r.student_id = s.id)
        and not exists (select 1 from class_requirements q where q.class_id = c.id)
        and not exists (select 1 from waitlist_entries w where w.class_id = c.id
          and w.status in ('waiting', 'offered'))
        and (select count(*) from class_registrations g where g.class_id = c.id and ${counting('g')}) < c.n_max
        and not exists (select 1 from class_registrations o join classes oc on oc.id = o.class_id
          where o.student_id = s.id and ${counting('o')} and oc.year_term_id = t.id and oc.day = c.day
            and oc.time_start < c.time_end and c.time_start < oc.time_end)
      order by s.family_id, s.id, c.id`,
  );
  const rules = new Map<string, PricingRules>();
  for (const family of new Set(candidates.map((c) => c.family_id))) {
    const ofFamily = candidates.filter((c) => c.family_id === family);
    const { company_id: companyId, year_term_id: yearTermId } = ofFamily[0]!;
    const key = `${companyId}:${yearTermId}`;
    if (!rules.has(key)) rules.set(key, await loadPricingRules(db, companyId, yearTermId));
    const students = await familyStudents(db, companyId, family);
    const kept = (await familyRegistrations(db, companyId, family, yearTermId)).filter((r) => r.counts);
    const joins = ofFamily.map((c): ClassJoin => {
      const quote = quoteRegistrations(rules.get(key)!, students, [
        ...kept.map(pricedRow),
        {
          studentId: c.student_id,
          classId: c.class_id,
          className: c.class_name,
          day: c.day,
          price: c.price,
          applyDiscount: c.apply_discount,
        },
      ]);
      const prF = new Map(quote.students.flatMap((s) => s.classes.map((x) => [x.key, x.Pr_f] as const)));
      const priceOf = (studentId: string, classId: string) =>
        centsToDollars(prF.get(registrationKey(studentId, classId))!);
      const regList: RegListLine[] = [
        { stdID: c.student_id, clSchID: c.class_id, isNew: true, price: priceOf(c.student_id, c.class_id) },
        ...kept.map((r) => ({
          stdID: r.studentId,
          clSchID: r.classId,
          clRegID: r.id,
          isNew: false,
          iStatus: I_STATUS.registered,
          price: priceOf(r.studentId, r.classId),
        })),
      ].map((line, idx) => ({ idx, ...line }));
      return { studentId: c.student_id, classId: c.class_id, regList };
    });
    joinable.set(family, { planId: ofFamily[0]!.plan_id, timeZone: ofFamily[0]!.time_zone, joins });
  }
  return joinable;
}

/** NewcomerClass: of `studios` small studios outside `cast` (companies), each class with places. */
async function newcomerClasses(db: Db, cast: string[], studios: number): Promise<NewcomerClass[]> {
  const counting = (r: string) =>
    sql.raw(`(not ${r}.is_dropped and ${r}.i_status > 0 and ${r}.status <> -1)`);
  const outside = sql.join(
    cast.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const rows = await rowsOf<{
    company_id: string;
    year_term_id: string;
    class_id: string;
    class_name: string;
    day: number;
    price: number;
    apply_discount: boolean;
    dob: string;
    places: number;
  }>(
    db,
    sql`with studios as (
        select m.company_id from memberships m join users u on u.id = m.user_id
        where m.role = 'owner' and u.email like 'owner@studio-%.example' and m.company_id not in (${outside})
        order by length(u.email) desc, u.email limit ${studios}
      )
      select c.company_id, t.id as year_term_id, c.id as class_id, c.name as class_name, c.day, p.price,
        p.apply_discount,
        -- Born the middle of the class's ages ago, and 60 days: that age on the day the server takes it.
        (greatest((now() at time zone co.time_zone)::date, t.date_start)
          - make_interval(years => ((c.age_min + c.age_max) / 2)::int, days => 60))::date::text as dob,
        (c.n_max - (select count(*) from class_registrations g where g.class_id = c.id and ${counting('g')}))::int
          as places
      from studios s
      join companies co on co.id = s.company_id
      join year_terms t on t.company_id = s.company_id and t.is_current
      join classes c on c.company_id = s.company_id and c.year_term_id = t.id
      join class_tuitions p on p.id = c.price_id
      where c.is_open
        and not exists (select 1 from class_requirements q where q.class_id = c.id)
        and not exists (select 1 from waitlist_entries w where w.class_id = c.id and w.status in ('waiting', 'offered'))
      order by c.company_id, c.id`,
  );
  const out: NewcomerClass[] = [];
  for (const companyId of new Set(rows.map((r) => r.company_id))) {
    const ofStudio = rows.filter((r) => r.company_id === companyId && r.places > 0);
    if (ofStudio.length === 0) continue;
    const rules = await loadPricingRules(db, companyId, ofStudio[0]!.year_term_id);
    const plan = rules.paySys.find((p) => p.name === 'Half year') ?? rules.paySys.find((p) => p.isDefault);
    if (!plan) continue;
    for (const c of ofStudio) {
      const dancer = { id: 'newcomer', firstName: 'New', lastName: 'Dancer', dob: c.dob };
      const quote = quoteRegistrations(
        rules,
        [dancer],
        [
          {
            studentId: dancer.id,
            classId: c.class_id,
            className: c.class_name,
            day: c.day,
            price: c.price,
            applyDiscount: c.apply_discount,
          },
        ],
      );
      const prF = quote.students
        .flatMap((x) => x.classes)
        .find((x) => x.key === registrationKey(dancer.id, c.class_id));
      if (!prF) continue;
      out.push({
        companyId,
        classId: c.class_id,
        planId: plan.id,
        dob: c.dob,
        price: centsToDollars(prF.Pr_f),
        places: c.places,
      });
    }
  }
  return out;
}

/**
 * `owners` owners (the large studio's first, then small studios') and `parents` parents: the large
 * studio's parents but one in ten, who come from the small studios' families. The featured Carter
 * family's parent is left to the per-route table. `plans` of the large studio's signed-in families are
 * put in a payment plan first, so that their registrations can be dropped and restored, and their
 * dancers registered for classes by the parent (classJoins: what each family can join).
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
  // The registrations the owner drops and restores: of families in a plan, in a class that is full (its
  // freed place is nobody else's: the evening's registrations are cast into classes with a place, and
  // nobody waits) or has three places or more (a parent's registration there, one at a time, leaves the
  // restore its place). Since the seed fills nearly every class (decision 079), most are of full classes.
  const registrations = await rowsOf<{ company_id: string; id: string; family_id: string }>(
    db,
    sql`select r.company_id, r.id, s.family_id from class_registrations r
      join students s on s.id = r.student_id
      join classes c on c.id = r.class_id
      join family_terms ft on ft.family_id = s.family_id and ft.company_id = r.company_id
        and ft.year_term_id = c.year_term_id
      where r.company_id in (${inStudios}) and not r.is_dropped and r.i_status > 0 and r.status <> -1
        and extract(year from age(current_date, s.dob)) between c.age_min and c.age_max
        and (select c.n_max - count(*) from class_registrations g where g.class_id = c.id
          and not g.is_dropped and g.i_status > 0 and g.status <> -1) not in (1, 2)
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
      email: o.email,
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
    user_email: string;
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
        u.email as user_email, f.address, f.address2, f.city, f.state, f.zipcode, f.phone, f.email
      from memberships m join users u on u.id = m.user_id join family_accounts f on f.id = m.family_id
      where m.role = 'user' and not m.pending and m.company_id = ${companyIds[0]}
        and u.email <> ${LARGE_SIGN_INS.parent.email}
      order by u.email limit ${counts.parents - fromSmall})
    union all
    (select distinct on (m.company_id) m.id, m.user_id, m.company_id, m.family_id, 'small',
        u.email, f.address, f.address2, f.city, f.state, f.zipcode, f.phone, f.email
      from memberships m join users u on u.id = m.user_id join family_accounts f on f.id = m.family_id
      where m.role = 'user' and not m.pending and m.company_id in (${inStudios}) and m.company_id <> ${companyIds[0]}
      order by m.company_id, u.email limit ${fromSmall})`,
  );
  const joinable = await classJoins(
    db,
    parentRows.map((p) => p.family_id),
  );
  const parents: ParentCast[] = [];
  for (const p of parentRows) {
    parents.push({
      token: await sessionFor(db, {
        membershipId: p.membership_id,
        userId: p.user_id,
        companyId: p.company_id,
      }),
      email: p.user_email,
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
      joinable: joinable.get(p.family_id) ?? null,
    });
  }
  const newcomers = await newcomerClasses(db, companyIds, 20);
  return { owners, parents, newcomers };
}
