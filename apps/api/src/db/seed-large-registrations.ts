import { randomUUID } from 'node:crypto';
import { computeFamilyTuition, type DiscountInput } from '@pirouette/domain';
import type { classes, classRegistrations, danceNumberActivity, danceNumbers } from './schema/schedule';
import type { Random } from './seed-large-names';
import type { StudioContext } from './seed-large-types';

/** The studio's two usual discounts (as the demo studio's): 10 % per extra class, $10 per extra child. */
export const DISCOUNTS: DiscountInput[] = [
  { typeID: 100, vTypeID: 100, value: 0.1, rValue: 100 },
  { typeID: 200, vTypeID: 200, value: 1000, rValue: 1 },
];

type ClassRow = typeof classes.$inferInsert;

/**
 * Each family's kind: 6 % incomplete and 8 % inactive (rounded), drawn at random, the rest active, the
 * featured family (the first, when there is one) always active: a small studio has its share of each
 * whatever its draws.
 */
function familyKinds(r: Random, families: { id: string }[], featured: boolean) {
  const kind = new Map<string, 'active' | 'inactive' | 'incomplete'>();
  const drawn = families.filter((_, i) => !(i === 0 && featured)).map((f) => f.id);
  for (let i = drawn.length - 1; i > 0; i--) {
    const j = r.int(0, i);
    [drawn[i], drawn[j]] = [drawn[j]!, drawn[i]!];
  }
  const incomplete = Math.round(drawn.length * 0.06);
  const inactive = Math.round(drawn.length * 0.08);
  for (const f of families) kind.set(f.id, 'active');
  drawn.forEach((id, k) => {
    if (k < incomplete + inactive) kind.set(id, k < incomplete ? 'incomplete' : 'inactive');
  });
  return kind;
}

/**
 * Exactly `registrations` registrations: 6 % of families (rounded) have none (incomplete), 8 %
 * have only dropped ones (inactive), the rest have at least one that counts (active), a few dropped or
 * awaiting approval beside it. Dancers take classes of their age while places are left.
 */
export function planRegistrations(
  r: Random,
  registrations: number,
  ctx: StudioContext,
  rows: {
    familyRows: { id: string }[];
    studentRows: { id: string; familyId: string; age: number }[];
    classRows: ClassRow[];
    numberRows: (typeof danceNumbers.$inferInsert)[];
    priceOf: (c: ClassRow) => number;
  },
) {
  const { companyId, term } = ctx;
  const kind = familyKinds(r, rows.familyRows, Boolean(ctx.featured));
  const dancers = rows.studentRows.filter((s) => kind.get(s.familyId) !== 'incomplete');
  // Each dancer one class first (the first of each family before their siblings), then more at random.
  const firstOfFamily = new Set<string>();
  const familiesSeen = new Set<string>();
  for (const s of dancers) {
    if (familiesSeen.has(s.familyId)) continue;
    familiesSeen.add(s.familyId);
    firstOfFamily.add(s.id);
  }
  const taking = new Map<string, number>();
  let left = registrations;
  for (const s of [
    ...dancers.filter((d) => firstOfFamily.has(d.id)),
    ...dancers.filter((d) => !firstOfFamily.has(d.id)),
  ]) {
    if (left === 0) break;
    taking.set(s.id, 1);
    left--;
  }
  const featuredStudents = new Set(
    ctx.featured
      ? rows.studentRows.filter((s) => s.familyId === rows.familyRows[0]!.id).map((s) => s.id)
      : [],
  );
  // The featured family takes three classes each, so its tuition shows every discount.
  for (const id of featuredStudents) {
    while (left > 0 && (taking.get(id) ?? 0) < 3) {
      taking.set(id, (taking.get(id) ?? 0) + 1);
      left--;
    }
  }
  const open = dancers.filter((s) => !featuredStudents.has(s.id));
  while (left > 0 && open.length > 0) {
    const i = r.int(0, open.length - 1);
    const s = open[i]!;
    taking.set(s.id, (taking.get(s.id) ?? 0) + 1);
    left--;
    if (taking.get(s.id)! >= 4) open.splice(i, 1);
  }

  const counted = new Map<string, number>();
  const registrationRows: (typeof classRegistrations.$inferInsert)[] = [];
  const byFamily = new Map<string, { studentId: string; cls: ClassRow; dropped: boolean }[]>();
  // The classes of each age, so that a dancer's choice costs the same whatever the studio's size.
  const ofAge = new Map<number, ClassRow[]>();
  const classesOfAge = (age: number) => {
    let list = ofAge.get(age);
    if (!list) {
      list = rows.classRows.filter((c) => (c.ageMin ?? 0) <= age && age <= (c.ageMax ?? 99));
      ofAge.set(age, list);
    }
    return list;
  };
  for (const s of dancers) {
    const chosen: ClassRow[] = [];
    const n = taking.get(s.id) ?? 0;
    for (let k = 0; k < n; k++) {
      const fits = (c: ClassRow, placesMatter: boolean) =>
        !chosen.includes(c) && (!placesMatter || (counted.get(c.id!) ?? 0) < (c.nMax ?? 20));
      // A class drawn at random among those that fit: a few draws first, the whole list only if they miss.
      const draw = (list: ClassRow[], placesMatter: boolean): ClassRow | null => {
        if (list.length === 0) return null;
        for (let tries = 0; tries < 20; tries++) {
          const c = r.pick(list);
          if (fits(c, placesMatter)) return c;
        }
        const fitting = list.filter((c) => fits(c, placesMatter));
        return fitting.length > 0 ? r.pick(fitting) : null;
      };
      const cls =
        draw(classesOfAge(s.age), true) ?? draw(rows.classRows, true) ?? draw(rows.classRows, false);
      if (!cls) break;
      chosen.push(cls);
      const familyKind = kind.get(s.familyId);
      // An active family's first dancer keeps their first class: the family stays active.
      const dropped =
        familyKind === 'inactive' ||
        (!featuredStudents.has(s.id) && (k > 0 || !firstOfFamily.has(s.id)) && r.chance(0.04));
      if (!dropped) counted.set(cls.id!, (counted.get(cls.id!) ?? 0) + 1);
      const list = byFamily.get(s.familyId) ?? [];
      list.push({ studentId: s.id, cls, dropped });
      byFamily.set(s.familyId, list);
    }
  }
  for (const list of byFamily.values()) {
    const counting = list.filter((x) => !x.dropped);
    const students = [...new Set(counting.map((x) => x.studentId))].map((id) => ({
      id,
      classes: counting
        .filter((x) => x.studentId === id)
        .map((x) => ({ id: x.cls.id!, basePrice: rows.priceOf(x.cls) })),
    }));
    const tuition = computeFamilyTuition({ students, discounts: DISCOUNTS });
    const priced = new Map(
      tuition.students.flatMap((st) => st.classes.map((c) => [`${st.id}:${c.id}`, c] as const)),
    );
    for (const x of list) {
      const price = priced.get(`${x.studentId}:${x.cls.id}`);
      const pr0 = rows.priceOf(x.cls);
      registrationRows.push({
        id: randomUUID(),
        companyId,
        classId: x.cls.id!,
        studentId: x.studentId,
        pr0,
        prI: price?.Pr_i ?? pr0,
        prF: price?.Pr_f ?? pr0,
        nTh: price ? Math.max(0, price.nTh - 1) : 0,
        iStatus: x.dropped ? -1 : r.chance(0.1) ? 1 : 10,
        status: x.dropped ? 1 : r.chance(0.08) ? 0 : 1,
        dateI: term.dateStart,
        dateF: term.dateEnd,
        isDropped: x.dropped,
      });
    }
  }
  const numbersOf = new Map<string, string[]>();
  for (const n of rows.numberRows) numbersOf.set(n.classId, [...(numbersOf.get(n.classId) ?? []), n.id!]);
  const activityRows: (typeof danceNumberActivity.$inferInsert)[] = registrationRows.flatMap((reg) =>
    (numbersOf.get(reg.classId) ?? []).map((danceNumberId) => ({
      companyId,
      danceNumberId,
      classRegistrationId: reg.id!,
    })),
  );
  return { registrationRows, activityRows };
}
