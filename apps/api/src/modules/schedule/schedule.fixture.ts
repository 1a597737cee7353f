import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/build-test-app';
import { createFamily, createStudent, registerInClass } from '../../../test/factories';
import type { twoStudios } from '../../../test/studios';
import { classes, classRegistrations, danceNumberActivity, danceNumbers } from '../../db/schema/schedule';

/** The schedule tests' shared setting: each studio's term, location, rooms, teachers, price and genres. */

export const SCHEDULE = '/api/mystudio/schedule';
export const CLASS = `${SCHEDULE}/class`;

export type Studios = Awaited<ReturnType<typeof twoStudios>>;
export type Owner = Studios['a'];

export type StudioSetting = {
  owner: Owner;
  companyId: string;
  term: string;
  location: string;
  /** Studio A (Sprung floor), Studio B, of the location. */
  rooms: [string, string];
  /** Maria Tallchief, Arthur Mitchell. */
  teachers: [string, string];
  /** $65.00 a month for 60 minutes, in the term. */
  price: string;
  /** Ballet, Tap, Jazz, Hip Hop… as the studio starts with them. */
  genres: string[];
};

async function ok(res: Promise<{ status: number; body: [boolean, unknown] }>) {
  const done = await res;
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  return done.body[1] as Record<string, unknown>;
}

const teacher = (firstName: string, lastName: string) => ({
  firstName,
  lastName,
  address: '1 Ballet Way',
  city: 'Montclair',
  state: 'NJ',
  zipcode: '07042',
  phone: '(973) 555-0177',
  email: `${lastName.toLowerCase()}@example.com`,
});

/** A location with two rooms, two teachers and a class price, made through the API as an owner would. */
export async function setUpStudio(owner: Owner, term: { id: string }): Promise<StudioSetting> {
  const loc = await ok(
    owner.post('/api/mystudio/locations', {
      loc: {
        name: 'Main Studio',
        address: '12 Bloomfield Ave',
        city: 'Montclair',
        state: 'NJ',
        zipcode: '07042',
        phone: '(973) 555-0142',
      },
      rooms: [
        { name: 'Studio A', description: 'Sprung floor' },
        { name: 'Studio B', description: '' },
      ],
    }),
  );
  const maria = await ok(owner.post('/api/mystudio/teachers', teacher('Maria', 'Tallchief')));
  const arthur = await ok(owner.post('/api/mystudio/teachers', teacher('Arthur', 'Mitchell')));
  const price = await ok(
    owner.post('/api/mystudio/tuition/classes', { yearTermID: term.id, duration: 60, price: 65 }),
  );
  const genres = (await owner.get('/api/mystudio/genres')).body[1] as { id: string }[];
  const rooms = loc.RoomIDs as string[];
  return {
    owner,
    companyId: owner.companyId,
    term: term.id,
    location: loc.LocID as string,
    rooms: [rooms[0]!, rooms[1]!],
    teachers: [maria.id as string, arthur.id as string],
    price: price.id as string,
    genres: genres.map((g) => g.id),
  };
}

/** Both studios set up. */
export async function setUpBoth(s: Studios) {
  return { A: await setUpStudio(s.a, s.termA), B: await setUpStudio(s.b, s.termB) };
}

/** A class's fields as the new-class dialog sends them: Monday 4–5 PM in room A with Maria. */
export const classBody = (st: StudioSetting, overrides: Record<string, unknown> = {}) => ({
  name: 'Ballet I',
  day: 0,
  timeStart: '16:00',
  timeEnd: '17:00',
  yearTermID: st.term,
  teacherID: st.teachers[0],
  roomID: st.rooms[0],
  priceID: st.price,
  ...overrides,
});

export const numberBody = (st: StudioSetting, overrides: Record<string, unknown> = {}) => ({
  name: 'Waltz of the Flowers',
  genreID: st.genres[0],
  songName: 'Waltz of the Flowers',
  songArtist: 'Tchaikovsky',
  songLength: '3:45',
  costume: 1,
  ...overrides,
});

/** Creates a class through the API and answers its id. */
export async function createClass(
  st: StudioSetting,
  overrides: Record<string, unknown> = {},
  dncNum: Record<string, unknown>[] = [],
) {
  const body = await ok(st.owner.post(CLASS, { class: classBody(st, overrides), dncNum }));
  return body.id as string;
}

export async function addNumber(st: StudioSetting, classId: string, overrides: Record<string, unknown> = {}) {
  const body = await ok(
    st.owner.post(`${CLASS}/danceNumber`, { clSchID: classId, ...numberBody(st, overrides) }),
  );
  return body as { id: string; dncNumAct: { dncNumActID: string; clsRegID: string }[] };
}

/** A student of a new family registered in the class (with activity in each of its dance numbers). */
export async function enrol(
  t: TestApp,
  st: StudioSetting,
  classId: string,
  opts: Partial<Parameters<typeof registerInClass>[1]> & { firstName?: string; lastName?: string } = {},
) {
  const { firstName, lastName, ...registration } = opts;
  const family = await createFamily(t.database.db, st.companyId);
  const student = await createStudent(t.database.db, {
    companyId: st.companyId,
    familyId: family.id,
    firstName,
    lastName,
  });
  const reg = await registerInClass(t.database.db, {
    companyId: st.companyId,
    classId,
    studentId: student.id,
    ...registration,
  });
  return { studentId: student.id, ...reg };
}

/** What a class owns in the database, counted straight from its tables. */
export async function classFootprint(t: TestApp, classId: string) {
  const db = t.database.db;
  const numbers = await db.select().from(danceNumbers).where(eq(danceNumbers.classId, classId));
  const registrations = await db
    .select()
    .from(classRegistrations)
    .where(eq(classRegistrations.classId, classId));
  const activity = (
    await Promise.all(
      numbers.map((n) =>
        db.select().from(danceNumberActivity).where(eq(danceNumberActivity.danceNumberId, n.id)),
      ),
    )
  ).flat();
  const [row] = await db.select().from(classes).where(eq(classes.id, classId));
  return { row: row ?? null, numbers, registrations, activity };
}

export const classRow = async (t: TestApp, id: string) =>
  (await t.database.db.select().from(classes).where(eq(classes.id, id)))[0] ?? null;

/** How many classes and dance numbers a studio has. */
export async function countsOf(t: TestApp, companyId: string) {
  const db = t.database.db;
  return {
    classes: (await db.select({ id: classes.id }).from(classes).where(eq(classes.companyId, companyId)))
      .length,
    numbers: (
      await db.select({ id: danceNumbers.id }).from(danceNumbers).where(eq(danceNumbers.companyId, companyId))
    ).length,
  };
}

/** A genre of the studio, new and retired at once (a genre the owner no longer offers). */
export async function retiredGenre(st: StudioSetting, name: string) {
  const { id } = await ok(st.owner.post('/api/mystudio/genres', { name }));
  await ok(st.owner.put(`/api/mystudio/genres/${id}/retire`));
  return id as string;
}

let slots = 0;
/** A day and a quarter hour no other call of this test file has had: a class there clashes with none. */
export function freeSlot() {
  const i = slots++;
  const minutes = 6 * 60 + Math.floor(i / 7) * 15;
  const time = (m: number) =>
    `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  return { day: i % 7, timeStart: time(minutes), timeEnd: time(minutes + 15) };
}
