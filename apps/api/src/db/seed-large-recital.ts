import { addDays } from '@pirouette/domain';
import type { Db } from './client';
import {
  insertRecital,
  numbersWithDancers,
  type ShowToSeed,
  secondSaturdayOfJune,
} from './seed-demo-recital';

/** A show's running order at most: about an hour of numbers, as a studio's show is. */
const NUMBERS_PER_SHOW = 18;
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July'];

/**
 * The large studio's shows (decision 079): every number its dancers perform in, in order, in shows of
 * NUMBERS_PER_SHOW, the last one holding what is left — two a day, a matinee at 13:00 and an evening at
 * 17:00, from the second Saturday of June on — each with its intermission after its middle number. A
 * bigger studio has more shows of the same size, so a show's pages cost the same at any scale (shows
 * spread evenly held 15 numbers at 1 × and 18 at 4 ×; decision 106).
 */
export function planLargeShows(numberIds: string[], firstDay: string): ShowToSeed[] {
  const shows = Math.max(1, Math.ceil(numberIds.length / NUMBERS_PER_SHOW));
  const parts = Array.from({ length: shows }, (_, i) =>
    i < shows - 1 ? NUMBERS_PER_SHOW : numberIds.length - NUMBERS_PER_SHOW * (shows - 1),
  );
  let next = 0;
  return parts.map((size, i) => {
    const day = addDays(firstDay, Math.floor(i / 2));
    const date = new Date(`${day}T12:00:00Z`);
    const evening = i % 2 === 1;
    const numbers = numberIds.slice(next, next + size);
    next += size;
    return {
      name: `${WEEKDAYS[date.getUTCDay()]} ${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()} ${evening ? 'evening' : 'matinee'}`,
      day,
      startsAt: evening ? '17:00' : '13:00',
      doorsAt: evening ? '16:30' : '12:30',
      numbers,
      intermissionAfter: numbers.length > 1 ? Math.ceil(numbers.length / 2) - 1 : null,
    };
  });
}

/**
 * The large studio's June recital, as the demo's (seed-demo-recital.ts: its venue, seats, prices, fee
 * and sales open to families and the public), with its shows planned by planLargeShows. No ticket is
 * sold. Seven statements in one transaction, whatever the scale.
 */
export async function seedLargeRecital(
  db: Db,
  studio: { companyId: string; term: { dateEnd: string }; now: Date },
): Promise<void> {
  const year = Number(studio.term.dateEnd.slice(0, 4));
  const firstDay = secondSaturdayOfJune(year);
  await db.transaction(async (tx) => {
    const numbers = await numbersWithDancers(tx, studio.companyId);
    const shows = planLargeShows(
      numbers.map((n) => n.id),
      firstDay,
    );
    await insertRecital(
      tx,
      studio.companyId,
      { name: `Spring Recital ${year}`, firstDay, lastDay: shows.at(-1)?.day ?? firstDay, now: studio.now },
      shows,
    );
  });
}
