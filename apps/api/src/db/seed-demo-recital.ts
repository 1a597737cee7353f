import { randomBytes, randomUUID } from 'node:crypto';
import { addDays } from '@pirouette/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from './client';
import { genres } from './schema/catalog';
import { recitalPrices, recitalSeats, recitalShowNumbers, recitalShows, recitals } from './schema/recitals';
import { classes, classRegistrations, danceNumberActivity, danceNumbers } from './schema/schedule';
import { demoOwner } from './seed-demo-owner';

/**
 * The demo studio's June recital (issue 38): every class dances a number (the classes the schedule's seed
 * gave none get one here, their dancers' recital switches on), two Saturday shows with the numbers placed
 * — the Competition Team locked into the matinee, its two numbers two places apart, so the running order
 * flags a quick change — the Wellmont Arts Center's seats (an orchestra with a centre aisle, the sound
 * desk's two seats blocked, four accessible seats, a balcony), prices, a recital fee of $45.00 a dancer,
 * and sales open to families and to the public. No ticket is sold: buying is the product's to do.
 */

/** [class, dance number, genre, song, artist, seconds] for the classes that have no number yet. */
const MORE_NUMBERS = [
  ['Tiny Toes Ballet', 'Twinkle Toes', 'Ballet', 'Twinkle, Twinkle, Little Star', 'Traditional', 120],
  ['Creative Movement', 'Butterflies', 'Ballet', 'Flight of the Bumblebee', 'Rimsky-Korsakov', 105],
  ['Tap Tots', 'Shake It Off', 'Tap', 'Shake It Off', 'Taylor Swift', 125],
  ['Tap 1', 'Sunny Side', 'Tap', 'On the Sunny Side of the Street', 'Ella Fitzgerald', 150],
  ['Acro 1', 'Good as Hell', 'Acro', 'Good as Hell', 'Lizzo', 155],
  ['Musical Theatre', 'Tomorrow', 'Musical Theatre', 'Tomorrow', 'Annie (original cast)', 160],
  ['Ballet 3', 'Swan Song', 'Ballet', 'Swan Lake, Act II', 'Tchaikovsky', 190],
  ['Hip Hop 2', 'Uptown Funk', 'Hip Hop', 'Uptown Funk', 'Bruno Mars', 170],
  ['Contemporary 2', 'Bloom', 'Contemporary', 'Bloom', 'The Paper Kites', 200],
  ['Pointe & Technique', 'Nocturne', 'Ballet', 'Nocturne Op. 9 No. 2', 'Chopin', 210],
] as const;

/** The running orders: [show, its numbers first to last, the intermission after this place]. */
const SHOWS = [
  {
    name: 'Saturday matinee',
    startsAt: '13:00',
    doorsAt: '12:30',
    numbers: [
      'Twinkle Toes',
      'Butterflies',
      'Firework',
      'Shake It Off',
      'Sing Sing Sing',
      'Waltz of the Flowers',
      'Happy Feet',
      'Good as Hell',
      'Sunny Side',
      'Tomorrow',
    ],
    intermissionAfter: 'Sing Sing Sing',
  },
  {
    name: 'Saturday evening',
    startsAt: '17:00',
    doorsAt: '16:30',
    numbers: ['Swan Song', 'Uptown Funk', 'Bloom', 'Rise Up', 'Nocturne'],
    intermissionAfter: 'Bloom',
  },
] as const;

/** The numbers the owner keeps in their show whatever a proposal says. */
const LOCKED = new Set(['Firework', 'Sing Sing Sing']);

/** The second Saturday of June of a year. */
export function secondSaturdayOfJune(year: number): string {
  const first = new Date(Date.UTC(year, 5, 1)).getUTCDay();
  return `${year}-06-${String(1 + ((6 - first + 7) % 7) + 7).padStart(2, '0')}`;
}

/** The Wellmont Arts Center: [section, rows, seats a row, first column, aisle after this seat (0 none)]. */
const SECTIONS = [
  ['Orchestra', ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'], 14, 0, 7],
  ['Balcony', ['J', 'K', 'L'], 10, 2, 0],
] as const;
const BLOCKED = new Set(['Orchestra E7', 'Orchestra E8']);
const ACCESSIBLE = new Set(['Orchestra H1', 'Orchestra H2', 'Orchestra H13', 'Orchestra H14']);

function seatRows(companyId: string, recitalId: string) {
  return SECTIONS.flatMap(([section, rows, perRow, firstCol, aisleAfter], sectionOrder) =>
    rows.flatMap((row, rowOrder) =>
      Array.from({ length: perRow }, (_, i) => {
        const number = i + 1;
        const key = `${section} ${row}${number}`;
        return {
          companyId,
          recitalId,
          section,
          sectionOrder,
          row,
          rowOrder,
          number,
          col: firstCol + i + (aisleAfter > 0 && number > aisleAfter ? 1 : 0),
          accessible: ACCESSIBLE.has(key),
          blocked: BLOCKED.has(key),
        };
      }),
    ),
  );
}

/** The classes without a number get one, and their active dancers dance it (recital switch on). */
async function addNumbers(db: Db, companyId: string, termId: string): Promise<void> {
  const classRows = await db
    .select({ id: classes.id, name: classes.name })
    .from(classes)
    .where(and(eq(classes.companyId, companyId), eq(classes.yearTermId, termId)));
  const genreRows = await db.select().from(genres).where(eq(genres.companyId, companyId));
  const classId = new Map(classRows.map((c) => [c.name, c.id]));
  const genreId = new Map(genreRows.map((g) => [g.name, g.id]));
  const wanted = MORE_NUMBERS.filter(([cls, , genre]) => classId.has(cls) && genreId.has(genre));
  if (wanted.length === 0) return;
  const made = await db
    .insert(danceNumbers)
    .values(
      wanted.map(([cls, name, genre, songName, songArtist, songLength]) => ({
        companyId,
        classId: classId.get(cls)!,
        genreId: genreId.get(genre)!,
        name,
        songName,
        songArtist,
        songLength,
      })),
    )
    .returning({ id: danceNumbers.id, classId: danceNumbers.classId });
  const regs = await db
    .select({ id: classRegistrations.id, classId: classRegistrations.classId })
    .from(classRegistrations)
    .where(
      and(
        eq(classRegistrations.companyId, companyId),
        inArray(
          classRegistrations.classId,
          made.map((n) => n.classId),
        ),
        eq(classRegistrations.isDropped, false),
      ),
    );
  const activity = made.flatMap((n) =>
    regs
      .filter((r) => r.classId === n.classId)
      .map((r) => ({ companyId, danceNumberId: n.id, classRegistrationId: r.id })),
  );
  if (activity.length > 0) await db.insert(danceNumberActivity).values(activity);
}

/** The studio's numbers that have an active dancer with the recital switch on, by name (then id). */
export async function numbersWithDancers(db: Db, companyId: string): Promise<{ id: string; name: string }[]> {
  return db
    .selectDistinct({ id: danceNumbers.id, name: danceNumbers.name })
    .from(danceNumbers)
    .innerJoin(danceNumberActivity, eq(danceNumberActivity.danceNumberId, danceNumbers.id))
    .innerJoin(classRegistrations, eq(classRegistrations.id, danceNumberActivity.classRegistrationId))
    .where(
      and(
        eq(danceNumbers.companyId, companyId),
        eq(danceNumberActivity.active, true),
        eq(danceNumberActivity.recital, true),
        eq(classRegistrations.isDropped, false),
      ),
    )
    .orderBy(danceNumbers.name, danceNumbers.id);
}

/** A show to write: its running order (dance number ids, first to last) and the numbers locked in it. */
export type ShowToSeed = {
  name: string;
  day: string;
  startsAt: string;
  doorsAt: string;
  numbers: string[];
  /** The place (0 first) the intermission follows; null: none. */
  intermissionAfter: number | null;
  locked?: ReadonlySet<string>;
};

/**
 * A recital as the demo's (and the large seed's, decision 079) is written: at the Wellmont Arts Center
 * (its seats and prices), a recital fee of $45.00 a dancer refundable until April's end, one comp per
 * dancer, family sales open two days ago and public sales one day ago, refunds until a week before its
 * first day; its shows with their running orders. Five statements; run inside a transaction.
 */
export async function insertRecital(
  db: Db,
  companyId: string,
  recital: { name: string; firstDay: string; lastDay: string; now: Date },
  shows: ShowToSeed[],
): Promise<string> {
  const hour = 3_600_000;
  const year = recital.firstDay.slice(0, 4);
  const recitalId = randomUUID();
  await db.insert(recitals).values({
    id: recitalId,
    companyId,
    name: recital.name,
    venueName: 'Wellmont Arts Center',
    venueAddress: '5 Seymour Street, Montclair, NJ 07042',
    firstDay: recital.firstDay,
    lastDay: recital.lastDay,
    feeAmount: 4500,
    feePer: 'dancer',
    feeRefundableUntil: `${year}-04-30`,
    compsPerDancer: 1,
    familySalesFrom: new Date(recital.now.getTime() - 48 * hour),
    publicSalesFrom: new Date(recital.now.getTime() - 24 * hour),
    refundsUntil: addDays(recital.firstDay, -7),
    publicToken: randomBytes(12).toString('hex'),
  });
  const showRows = shows.map((show) => ({
    id: randomUUID(),
    companyId,
    recitalId,
    name: show.name,
    day: show.day,
    startsAt: show.startsAt,
    doorsAt: show.doorsAt,
    intermissionAfter: show.intermissionAfter,
  }));
  if (showRows.length > 0) await db.insert(recitalShows).values(showRows);
  const placed = shows.flatMap((show, i) =>
    show.numbers.map((danceNumberId, position) => ({
      companyId,
      recitalId,
      showId: showRows[i]!.id,
      danceNumberId,
      position,
      locked: show.locked?.has(danceNumberId) ?? false,
    })),
  );
  if (placed.length > 0) await db.insert(recitalShowNumbers).values(placed);
  await db.insert(recitalSeats).values(seatRows(companyId, recitalId));
  await db.insert(recitalPrices).values([
    { companyId, recitalId, section: '', kind: 'adult', amount: 2000 },
    { companyId, recitalId, section: '', kind: 'child', amount: 1200 },
    { companyId, recitalId, section: 'Balcony', kind: 'adult', amount: 1500 },
    { companyId, recitalId, section: 'Balcony', kind: 'child', amount: 1000 },
  ]);
  return recitalId;
}

export async function seedDemoRecital(db: Db, studioName: string, now: Date): Promise<void> {
  const demo = await demoOwner(db, studioName, now);
  if (!demo) return;
  const { companyId, term } = demo;
  const [existing] = await db
    .select({ id: recitals.id })
    .from(recitals)
    .where(eq(recitals.companyId, companyId));
  if (existing) return;
  const year = Number(term.dateEnd.slice(0, 4));
  const day = secondSaturdayOfJune(year);
  await db.transaction(async (tx) => {
    await addNumbers(tx, companyId, term.id);
    const numbers = new Map((await numbersWithDancers(tx, companyId)).map((n) => [n.name, n.id]));
    const locked = new Set([...LOCKED].flatMap((name) => (numbers.has(name) ? [numbers.get(name)!] : [])));
    await insertRecital(
      tx,
      companyId,
      { name: `Spring Recital ${year}`, firstDay: day, lastDay: day, now },
      SHOWS.map((show) => {
        const placed = show.numbers.filter((n) => numbers.has(n));
        const after = placed.indexOf(show.intermissionAfter);
        return {
          name: show.name,
          day,
          startsAt: show.startsAt,
          doorsAt: show.doorsAt,
          numbers: placed.map((name) => numbers.get(name)!),
          intermissionAfter: after >= 0 ? after : null,
          locked,
        };
      }),
    );
  });
}
