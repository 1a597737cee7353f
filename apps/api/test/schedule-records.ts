import { expect } from 'vitest';
import type { Db } from '../src/db/client';
import { classes } from '../src/db/schema/schedule';
import type { Caller } from './studios';

/**
 * What the schedule names, made through a studio owner's own configuration calls: a location with two
 * rooms, a teacher, a class price and a private price of `yearTermId`, and the first of its genres.
 */
export async function scheduleRecords(owner: Caller, yearTermId: string, tag = '') {
  const ok = async (answer: Promise<{ status: number; body: unknown }>) => {
    const res = await answer;
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // biome-ignore lint/suspicious/noExplicitAny: the data of a [true, data] answer
    return (res.body as [true, any])[1];
  };
  const location = await ok(
    owner.post('/api/mystudio/locations', {
      loc: {
        name: `Main Studio${tag}`,
        address: '12 Bloomfield Ave',
        city: 'Montclair',
        state: 'NJ',
        zipcode: '07042',
        phone: '9735550142',
      },
      rooms: [{ name: 'Studio A' }, { name: 'Studio B' }],
    }),
  );
  const teacher = await ok(
    owner.post('/api/mystudio/teachers', {
      firstName: 'Lena',
      lastName: `Ortiz${tag}`,
      address: '9 Oak Ave',
      city: 'Newark',
      state: 'NJ',
      zipcode: '07102',
      phone: '9735550177',
      email: 'lena@example.com',
    }),
  );
  const classPrice = await ok(
    owner.post('/api/mystudio/tuition/classes', { yearTermID: yearTermId, duration: 60, price: 65 }),
  );
  const privatePrice = await ok(
    owner.post('/api/mystudio/tuition/privates', { yearTermID: yearTermId, name: 'Solo', price: 70 }),
  );
  const genres = await ok(owner.get('/api/mystudio/genres'));
  return {
    yearTermId,
    locationId: location.LocID as string,
    roomIds: location.RoomIDs as string[],
    teacherId: teacher.id as string,
    classPriceId: classPrice.id as string,
    privatePriceId: privatePrice.id as string,
    genreId: genres[0].id as string,
  };
}
export type ScheduleRecords = Awaited<ReturnType<typeof scheduleRecords>>;

/**
 * A class written straight to the database (the schedule's own calls are another module's), in the
 * first room of `records` unless another is named.
 */
export async function insertClass(
  db: Db,
  companyId: string,
  records: ScheduleRecords,
  overrides: Partial<typeof classes.$inferInsert> = {},
) {
  const [row] = await db
    .insert(classes)
    .values({
      companyId,
      yearTermId: records.yearTermId,
      roomId: records.roomIds[0]!,
      teacherId: records.teacherId,
      priceId: records.classPriceId,
      name: 'Ballet I',
      day: 0,
      timeStart: '16:00:00',
      timeEnd: '17:00:00',
      ...overrides,
    })
    .returning({ id: classes.id });
  return row!.id;
}

/** The body of POST mystudio/privates/ for `records`. */
export const privateBody = (records: ScheduleRecords, overrides: Record<string, unknown> = {}) => ({
  name: 'Swan solo',
  teacherID: records.teacherId,
  priceID: records.privatePriceId,
  genreID: records.genreId,
  locationID: records.locationId,
  songName: 'Dying Swan',
  songArtist: 'Saint-Saëns',
  songLength: '3:05',
  type: 1,
  ...overrides,
});

/** A private lesson made with the owner's own call. */
export async function createdPrivate(
  owner: Caller,
  records: ScheduleRecords,
  overrides: Record<string, unknown> = {},
) {
  const res = await owner.post('/api/mystudio/privates', privateBody(records, overrides));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body[1].id as string;
}
