import { randomUUID } from 'node:crypto';
import { DEFAULT_GENRES } from '@pirouette/domain';
import type { locations, rooms } from './schema/locations';
import type { classes, classGenres, danceNumbers } from './schema/schedule';
import type { teachers } from './schema/staff';
import type { classTuitions, discounts } from './schema/tuition';
import { planFamilies } from './seed-large-families';
import { ADULT_NAMES, LAST_NAMES, phone, type Random, SONGS, STREETS, TOWNS } from './seed-large-names';
import { DISCOUNTS, planRegistrations } from './seed-large-registrations';
import type { StudioContext, StudioSpec } from './seed-large-types';

/** n split into `parts` near-equal whole parts, the larger ones first. */
export function spread(n: number, parts: number): number[] {
  return Array.from({ length: parts }, (_, i) => Math.floor(n / parts) + (i < n % parts ? 1 : 0));
}

const DURATION_PRICES: Record<number, number> = { 45: 5500, 60: 6500, 75: 7500, 90: 8500 };
const DURATIONS = [45, 60, 60, 60, 75, 90] as const;
/** Age bands of classes, with the levels that suit them. */
const BANDS = [
  { ages: [3, 5], levels: [1] },
  { ages: [5, 7], levels: [1, 2] },
  { ages: [6, 9], levels: [1, 2] },
  { ages: [8, 11], levels: [2, 3] },
  { ages: [10, 13], levels: [3, 4] },
  { ages: [12, 15], levels: [4, 5, 6] },
  { ages: [13, 18], levels: [5, 6, 7] },
  { ages: [15, 18], levels: [5, 7] },
] as const;

/**
 * A room's week (decision 079): weekday classes from 15:30 (16:00 at the latest, rooms take turns) to
 * 21:00 at the latest, Saturday mornings from 9:00 to 14:00 at the latest; six days of three classes at
 * most, so a room holds at most 15 classes (three days of three, three of two, as `spread` makes them).
 */
export const WEEK = { days: 6, saturday: 5, weekdayEnd: 21 * 60, saturdayEnd: 14 * 60, perRoom: 15 } as const;

const LOCATION_NAMES = ['Main Street Studio', 'Riverside Studio', 'Hilltop Studio', 'Downtown Studio'];

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00`;

export type { StudioContext, StudioSpec } from './seed-large-types';

export type StudioRows = ReturnType<typeof planStudio>;

/**
 * Every row of one studio's configuration, schedule and families, with ids made here, ready to insert
 * in bulk. Classes never share a room at overlapping times (the schedule refuses that), and a teacher is
 * not booked twice at once. Families are active (a registration that counts), inactive (all dropped) or
 * incomplete (none), and prices are the money rules' own (computeFamilyTuition).
 */
export function planStudio(r: Random, spec: StudioSpec, ctx: StudioContext) {
  const { companyId, term } = ctx;
  const town = r.pick(TOWNS);
  const place = () => ({
    address: `${r.int(1, 480)} ${r.pick(STREETS)}`,
    city: town[0],
    state: town[1],
    zipcode: town[2],
  });

  const locationRows: (typeof locations.$inferInsert)[] = Array.from({ length: spec.locations }, (_, i) => ({
    id: randomUUID(),
    companyId,
    name:
      LOCATION_NAMES[i % LOCATION_NAMES.length]! +
      (i < LOCATION_NAMES.length ? '' : ` ${Math.floor(i / LOCATION_NAMES.length) + 1}`),
    ...place(),
    phone: phone(r),
  }));
  const roomRows: (typeof rooms.$inferInsert)[] = Array.from({ length: spec.rooms }, (_, i) => ({
    id: randomUUID(),
    companyId,
    locationId: locationRows[i % spec.locations]!.id!,
    name: `Studio ${String.fromCharCode(65 + Math.floor(i / spec.locations))}`,
    description: i % 2 === 0 ? 'Sprung floor, mirrors' : 'Barres and a piano',
  }));
  const teacherRows: (typeof teachers.$inferInsert)[] = Array.from({ length: spec.teachers }, (_, i) => {
    const firstName = r.pick(ADULT_NAMES);
    const lastName = r.pick(LAST_NAMES);
    return {
      id: randomUUID(),
      companyId,
      firstName,
      lastName,
      ...place(),
      phone: phone(r),
      email: `teacher${i + 1}@${ctx.tag}.example`,
    };
  });
  const priceRows: (typeof classTuitions.$inferInsert)[] = Object.entries(DURATION_PRICES).map(
    ([duration, price]) => ({
      id: randomUUID(),
      companyId,
      yearTermId: term.id,
      duration: Number(duration),
      price,
    }),
  );
  const priceOf = new Map(priceRows.map((p) => [p.duration, p]));
  const discountRows: (typeof discounts.$inferInsert)[] = DISCOUNTS.map((d, i) => ({
    companyId,
    typeId: d.typeID,
    vTypeId: d.vTypeID,
    value: d.value,
    rValue: d.rValue,
    name: i === 0 ? 'Each additional class' : 'Each additional child',
  }));

  const classRows = planWeek(r, spec, ctx, { roomRows, teacherRows, priceOf });
  const genreOfClass = (c: (typeof classes.$inferInsert)['name']) =>
    ctx.genreIds.get(DEFAULT_GENRES.find((g) => c.startsWith(`${g} `))!)!;
  const classGenreRows: (typeof classGenres.$inferInsert)[] = classRows.map((c) => ({
    companyId,
    classId: c.id!,
    genreId: genreOfClass(c.name),
  }));
  // The advanced classes rehearse a dance number for the recital.
  const numberRows: (typeof danceNumbers.$inferInsert)[] = classRows
    .filter((c) => (c.level ?? 1) >= 5)
    .map((c) => {
      const [songName, songArtist] = r.pick(SONGS);
      return {
        id: randomUUID(),
        companyId,
        classId: c.id!,
        genreId: genreOfClass(c.name),
        name: songName,
        songName,
        songArtist,
        songLength: r.int(120, 200),
      };
    });

  const { familyRows, userRows, membershipRows, peopleRows, studentRows, acceptanceRows } = planFamilies(
    r,
    spec,
    ctx,
    place,
  );
  const { registrationRows, activityRows } = planRegistrations(r, spec.registrations, ctx, {
    familyRows,
    studentRows,
    classRows,
    numberRows,
    priceOf: (c) => [...priceOf.values()].find((p) => p.id === c.priceId)!.price,
  });

  return {
    locations: locationRows,
    rooms: roomRows,
    teachers: teacherRows,
    classTuitions: priceRows,
    discounts: discountRows,
    classes: classRows,
    classGenres: classGenreRows,
    danceNumbers: numberRows,
    familyAccounts: familyRows,
    users: userRows,
    memberships: membershipRows,
    familyPeople: peopleRows,
    students: studentRows.map(({ age: _age, ...row }) => row),
    termsAcceptances: acceptanceRows,
    classRegistrations: registrationRows,
    danceNumberActivity: activityRows,
  };
}

/**
 * The week: each room's classes spread over Monday to Saturday, one after another (weekday afternoons,
 * Saturday mornings), so no two share a room at once, and no teacher is booked twice at once. A spec
 * that puts more classes in a room than its week holds (WEEK) is refused: the room's day would overflow.
 */
export function planWeek(
  r: Random,
  spec: StudioSpec,
  ctx: StudioContext,
  {
    roomRows,
    teacherRows,
    priceOf,
  }: {
    roomRows: { id?: string }[];
    teacherRows: { id?: string }[];
    priceOf: Map<number, { id?: string }>;
  },
) {
  const { companyId, term } = ctx;
  const classRows: (typeof classes.$inferInsert)[] = [];
  const booked = new Map<string, [number, number][]>();
  const free = (teacherId: string, day: number, from: number, to: number) =>
    !(booked.get(`${teacherId}:${day}`) ?? []).some(([a, b]) => a < to && from < b);
  if (spec.classes > spec.rooms * WEEK.perRoom) {
    throw new Error(`${spec.classes} classes need at least ${Math.ceil(spec.classes / WEEK.perRoom)} rooms`);
  }
  spread(spec.classes, spec.rooms).forEach((count, room) => {
    const perDay = spread(count, WEEK.days);
    for (let k = 0; k < WEEK.days; k++) {
      const day = (k + room) % WEEK.days;
      let at = day === WEEK.saturday ? 9 * 60 : 15 * 60 + 30 + 15 * (room % 3);
      for (let n = 0; n < perDay[k]!; n++) {
        const minutes = r.pick(DURATIONS);
        const band = r.pick(BANDS);
        const level = r.pick(band.levels);
        const genre = r.pick(DEFAULT_GENRES);
        let teacher = r.pick(teacherRows);
        for (let t = 0; t < teacherRows.length && !free(teacher.id!, day, at, at + minutes); t++) {
          teacher = teacherRows[(teacherRows.indexOf(teacher) + 1) % teacherRows.length]!;
        }
        booked.set(`${teacher.id}:${day}`, [
          ...(booked.get(`${teacher.id}:${day}`) ?? []),
          [at, at + minutes],
        ]);
        classRows.push({
          id: randomUUID(),
          companyId,
          yearTermId: term.id,
          roomId: roomRows[room]!.id!,
          teacherId: teacher.id!,
          priceId: priceOf.get(minutes)!.id!,
          name: `${genre} ${level} (ages ${band.ages[0]}-${band.ages[1]})`,
          day,
          timeStart: hhmm(at),
          timeEnd: hhmm(at + minutes),
          ageMin: band.ages[0],
          ageMax: band.ages[1],
          level,
          nMin: 3,
          nMax: r.int(14, 26),
        });
        at += minutes + r.pick([0, 0, 15]);
      }
    }
  });
  return classRows;
}
