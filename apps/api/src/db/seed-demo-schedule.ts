import { and, eq } from 'drizzle-orm';
import { insertClassRegistration } from '../modules/schedule/class-registrations.queries';
import type { Db } from './client';
import { genres } from './schema/catalog';
import { locations, rooms } from './schema/locations';
import { privateLessons, privateRegistrationActivity, privateRegistrations } from './schema/privates';
import { classes, classGenres, classRequirements, danceNumbers } from './schema/schedule';
import { teachers } from './schema/staff';
import { classTuitions, privateTuitions } from './schema/tuition';
import { type DemoFamily, type DemoParent, type DemoSignIn, seedDemoFamilies } from './seed-demo-families';

type Term = { id: string; dateStart: string; dateEnd: string };

/** [room, day, start, end, teacher's first name, minutes, name, level, ages, most students] */
const CLASSES = [
  ['Studio A', 0, '16:00', '16:45', 'Camille', 45, 'Tiny Toes Ballet', 1, [3, 5], 10],
  ['Studio A', 0, '17:00', '18:00', 'Camille', 60, 'Ballet 1', 1, [6, 8], 12],
  ['Studio A', 0, '18:00', '19:30', 'Camille', 90, 'Ballet 3', 3, [11, 14], 14],
  ['Studio A', 1, '16:30', '17:30', 'Marcus', 60, 'Jazz 1', 1, [6, 9], 14],
  ['Studio A', 1, '17:30', '18:30', 'Marcus', 60, 'Hip Hop 2', 2, [9, 12], 16],
  ['Studio A', 2, '17:00', '18:30', 'Aiko', 90, 'Competition Team', 7, [10, 16], 4],
  ['Studio A', 3, '16:00', '17:00', 'Marcus', 60, 'Tap 1', 1, [6, 9], 12],
  ['Studio A', 5, '09:00', '09:45', 'Aiko', 45, 'Creative Movement', 1, [3, 5], 10],
  ['Studio A', 5, '10:00', '11:00', 'Aiko', 60, 'Lyrical 2', 3, [10, 14], 12],
  ['Studio B', 0, '16:30', '17:30', 'Aiko', 60, 'Acro 1', 1, [6, 10], 10],
  ['Studio B', 1, '16:00', '17:00', 'Aiko', 60, 'Contemporary 2', 3, [11, 15], 12],
  ['Studio B', 2, '16:00', '16:45', 'Marcus', 45, 'Tap Tots', 1, [3, 5], 8],
  ['Studio B', 3, '17:00', '18:30', 'Camille', 90, 'Pointe & Technique', 5, [12, 17], 10],
  ['Studio B', 4, '16:00', '17:00', 'Marcus', 60, 'Musical Theatre', 2, [8, 12], 14],
] as const;

/** [class, dance number, genre, song, artist, seconds] */
const DANCE_NUMBERS = [
  ['Ballet 1', 'Waltz of the Flowers', 'Ballet', 'Waltz of the Flowers', 'Tchaikovsky', 150],
  ['Jazz 1', 'Happy Feet', 'Jazz', 'Happy', 'Pharrell Williams', 140],
  ['Competition Team', 'Firework', 'Contemporary', 'Firework', 'Katy Perry', 165],
  ['Competition Team', 'Sing Sing Sing', 'Jazz', 'Sing, Sing, Sing', 'Benny Goodman', 180],
  ['Lyrical 2', 'Rise Up', 'Lyrical', 'Rise Up', 'Andra Day', 155],
] as const;

/** The families, their children (first name, date of birth, classes) and their e-mail addresses. */
const FAMILIES: DemoFamily[] = [
  {
    lastName: 'Patel',
    email: 'parent@demo.example',
    children: [
      ['Anika', '2015-03-14', ['Ballet 3', 'Lyrical 2', 'Competition Team']],
      ['Dev', '2018-07-02', ['Ballet 1', 'Jazz 1']],
    ],
  },
  {
    lastName: 'Hartley',
    email: 'hartley.family@demo.example',
    children: [
      ['Emma', '2013-05-21', ['Competition Team', 'Pointe & Technique', 'Contemporary 2']],
      ['Grace', '2016-11-09', ['Ballet 1', 'Tap 1', 'Hip Hop 2']],
    ],
  },
  {
    lastName: 'Nguyen',
    email: 'nguyen.family@demo.example',
    children: [['Mai', '2014-01-30', ['Competition Team', 'Ballet 3']]],
  },
  {
    lastName: 'Russo',
    email: 'russo.family@demo.example',
    children: [['Bella', '2017-09-18', ['Jazz 1', 'Acro 1']]],
  },
  {
    lastName: 'Okafor',
    email: 'okafor.family@demo.example',
    children: [
      ['Zara', '2012-12-05', ['Competition Team', 'Contemporary 2']],
      ['Ada', '2021-04-27', ['Tiny Toes Ballet']],
    ],
  },
  {
    lastName: 'Kim',
    email: 'kim.family@demo.example',
    children: [['Hana', '2011-08-16', ['Pointe & Technique', 'Lyrical 2']]],
  },
  // Dropped every class this term: an inactive account.
  {
    lastName: 'Alvarez',
    email: 'alvarez.family@demo.example',
    children: [['Lucia', '2015-10-03', ['Jazz 1']]],
    dropped: true,
  },
  // Signed up, no class yet: an incomplete account.
  { lastName: 'Brennan', email: 'brennan.family@demo.example', children: [['Nora', '2019-06-22', []]] },
];

/** The first user of each family that has no demo sign-in: [first name, phone, role]. */
const PARENTS: Record<string, DemoParent> = {
  Russo: ['Gina', '9735550161', 'Mother'],
  Okafor: ['Chidi', '9735550162', 'Father'],
  Kim: ['Soo-jin', '9735550163', 'Mother'],
  Alvarez: ['Marisol', '9735550164', 'Mother'],
  Brennan: ['Declan', '9735550165', 'Father'],
};

/** [name, type, teacher, price name, genre, song, artist, students] */
const PRIVATES = [
  ['Reflection', 1, 'Camille', 'Solo', 'Lyrical', 'Reflection', 'Christina Aguilera', ['Anika']],
  ['Shallow', 2, 'Aiko', 'Duet', 'Contemporary', 'Shallow', 'Lady Gaga', ['Emma', 'Zara']],
  ['Clair de Lune', 1, 'Camille', 'Solo', 'Ballet', 'Clair de Lune', 'Debussy', ['Hana']],
] as const;

function byName<T>(rows: T[], name: (row: T) => string) {
  return (key: string): T => {
    const row = rows.find((r) => name(r) === key);
    if (!row) throw new Error(`demo seed: no ${key}`);
    return row;
  };
}

/**
 * A demo studio's week, so the schedule and private-lesson screens show a real studio: fourteen
 * classes over two rooms (one of them full), dance numbers with each dancer's activity, a competition
 * class with its genres and requirements, six families with nine dancers registered for the season,
 * and three private routines.
 */
export async function seedDemoSchedule(
  db: Db,
  companyId: string,
  term: Term,
  signIns: ReadonlyMap<string, DemoSignIn>,
) {
  const scoped = <T extends { companyId: unknown }>(t: T) => eq(t.companyId as never, companyId);
  const roomOf = byName(
    await db
      .select()
      .from(rooms)
      .innerJoin(locations, eq(rooms.locationId, locations.id))
      .where(scoped(rooms)),
    (r) => r.rooms.name,
  );
  const teacherOf = byName(await db.select().from(teachers).where(scoped(teachers)), (t) => t.firstName);
  const genreOf = byName(await db.select().from(genres).where(scoped(genres)), (g) => g.name);
  const priceTerm = (t: typeof classTuitions | typeof privateTuitions) =>
    and(eq(t.companyId, companyId), eq(t.yearTermId, term.id));
  const classPrices = await db.select().from(classTuitions).where(priceTerm(classTuitions));
  const classPriceOf = byName(classPrices, (p) => String(p.duration));
  const centsOf = (priceId: string) => classPrices.find((p) => p.id === priceId)!.price;
  const privatePriceOf = byName(
    await db.select().from(privateTuitions).where(priceTerm(privateTuitions)),
    (p) => p.name,
  );

  const classRows = await db
    .insert(classes)
    .values(
      CLASSES.map(([room, day, start, end, teacher, minutes, name, level, [ageMin, ageMax], nMax]) => ({
        companyId,
        yearTermId: term.id,
        roomId: roomOf(room).rooms.id,
        teacherId: teacherOf(teacher).id,
        priceId: classPriceOf(String(minutes)).id,
        name,
        day,
        timeStart: `${start}:00`,
        timeEnd: `${end}:00`,
        ageMin,
        ageMax,
        level,
        nMin: 3,
        nMax,
      })),
    )
    .returning();
  const classOf = byName(classRows, (c) => c.name);

  await db.insert(danceNumbers).values(
    DANCE_NUMBERS.map(([cls, name, genre, songName, songArtist, songLength]) => ({
      companyId,
      classId: classOf(cls).id,
      genreId: genreOf(genre).id,
      name,
      songName,
      songArtist,
      songLength,
    })),
  );
  const team = classOf('Competition Team');
  await db
    .insert(classGenres)
    .values(['Contemporary', 'Jazz'].map((g) => ({ companyId, classId: team.id, genreId: genreOf(g).id })));
  // One required and two optional requirements: the rule of 002 §5 keeps the minimum at 2.
  await db.insert(classRequirements).values([
    { companyId, classId: team.id, genreId: genreOf('Ballet').id, level: 3, isRequired: true },
    { companyId, classId: team.id, genreId: genreOf('Jazz').id, level: 2, isRequired: false },
    { companyId, classId: team.id, genreId: genreOf('Contemporary').id, level: 3, isRequired: false },
  ]);
  await db.update(classes).set({ minGenreRequired: 2 }).where(eq(classes.id, team.id));

  const dancers = await seedDemoFamilies(db, {
    companyId,
    families: FAMILIES,
    signIns,
    parents: PARENTS,
    enrol: async (studentId, family, classNames) => {
      for (const [nTh, className] of classNames.entries()) {
        const cls = classOf(className);
        await insertClassRegistration(db, {
          companyId,
          classId: cls.id,
          studentId,
          pr0: centsOf(cls.priceId),
          nTh,
          status: 1,
          dateI: term.dateStart,
          dateF: term.dateEnd,
          ...(family.dropped ? { iStatus: -1 as const, isDropped: true } : {}),
        });
      }
    },
  });

  const [location] = await db.select().from(locations).where(scoped(locations)).limit(1);
  for (const [name, type, teacher, priceName, genre, songName, songArtist, names] of PRIVATES) {
    const price = privatePriceOf(priceName);
    const [lesson] = await db
      .insert(privateLessons)
      .values({
        companyId,
        yearTermId: term.id,
        locationId: location!.id,
        teacherId: teacherOf(teacher).id,
        priceId: price.id,
        genreId: genreOf(genre).id,
        name,
        songName,
        songArtist,
        songLength: 150,
        type,
      })
      .returning({ id: privateLessons.id });
    const regs = await db
      .insert(privateRegistrations)
      .values(
        names.map((n) => ({
          companyId,
          privateId: lesson!.id,
          studentId: dancers.get(n)!,
          price: price.price,
          dateStart: term.dateStart,
          dateEnd: term.dateEnd,
        })),
      )
      .returning({ id: privateRegistrations.id });
    await db
      .insert(privateRegistrationActivity)
      .values(regs.map((r) => ({ companyId, privateRegistrationId: r.id })));
  }
}
