import {
  competitionCompanyInput,
  competitionEventEntriesInput,
  competitionLocationInput,
} from '@pirouette/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Clock } from '../lib/clock';
import { addCompany, addLocation } from '../modules/competitions/companies.service';
import { addEventWithEntries } from '../modules/competitions/events.service';
import { feeKey } from '../modules/competitions/registration.queries';
import { registerClass } from '../modules/competitions/registration.service';
import { lockBook, recordPayment } from '../modules/ledger';
import { findPosted } from '../modules/ledger/post';
import type { Db } from './client';
import { competitionRegistrations } from './schema/competition-registrations';
import { familyAccounts } from './schema/families';
import { danceNumbers } from './schema/schedule';
import { demoOwner } from './seed-demo-owner';

/**
 * The demo studio's competition season (issue 19): two competition companies the studio attends, their
 * venues, and the season's events with the entries and prices a studio owner copies from the
 * competitions' own fee sheets (per dancer: what the studio pays, what each family is charged). Made
 * through the owner's services, as the owner would on the companies page. Dates fall in the spring of
 * the current term. At the February regional, the Competition Team's two numbers are entered as small
 * groups and Lyrical 2's duet as a duo, each family charged its fees; the Hartleys and the Patels have paid theirs.
 */

type Entry = [name: string, studio: number, customer: number, min: number, max: number];

const ENTRIES: Entry[] = [
  ['Solo', 110, 125, 1, 1],
  ['Duo/Trio', 65, 75, 2, 3],
  ['Small Group', 55, 62, 4, 9],
  ['Large Group', 50, 56, 10, 19],
];

const SEASON = [
  {
    company: {
      name: 'Starpower Talent Competition',
      email: 'info@starpower.example',
      phone: '(877) 555-0142',
      director: 'Dana Whitfield',
      city: 'Oklahoma City',
      state: 'OK',
    },
    locations: [
      {
        location: {
          name: 'Meadowlands Expo Center',
          address_1: '355 Plaza Dr',
          city: 'Secaucus',
          state: 'NJ',
          zipcode: '07094',
        },
        events: [{ start: '02-26', end: '02-28', type: 'Regional', entries: ENTRIES }],
      },
      {
        location: {
          name: 'Atlantic City Convention Center',
          address_1: '1 Convention Blvd',
          city: 'Atlantic City',
          state: 'NJ',
          zipcode: '08401',
        },
        events: [
          {
            start: '07-06',
            end: '07-11',
            type: 'National',
            entries: [...ENTRIES, ['Line', 48, 54, 20, 40] as Entry],
          },
        ],
      },
    ],
  },
  {
    company: {
      name: 'Showstopper Dance',
      email: 'hello@showstopper.example',
      phone: '(843) 555-0199',
      director: 'Marcus Bell',
      city: 'Myrtle Beach',
      state: 'SC',
    },
    locations: [
      {
        location: {
          name: 'Hynes Convention Center',
          address_1: '900 Boylston St',
          city: 'Boston',
          state: 'MA',
          zipcode: '02115',
        },
        events: [{ start: '04-17', end: '04-19', type: 'Regional', entries: ENTRIES }],
      },
    ],
  },
];

/** [dance number, entry] registered at the first event (the February regional). */
const REGISTERED = [
  ['Firework', 'Small Group'],
  ['Sing Sing Sing', 'Small Group'],
  ['Rise Up', 'Duo/Trio'],
] as const;

/** The families who have paid their competition fees at the desk, by check. */
const PAID = ['Hartley', 'Patel'];

export async function seedDemoCompetitions(db: Db, studioName: string, now: Date): Promise<void> {
  const demo = await demoOwner(db, studioName, now);
  if (!demo) return;
  const { companyId, owner, actor, term, today } = demo;
  const deps = { db, actor };
  // The spring of the term: a term of September to June has its competitions in the year it ends.
  const year = Number(term.dateEnd.slice(0, 4));

  let first: { entries: string[] } | null = null;
  for (const { company, locations } of SEASON) {
    const { id: compCoId } = await addCompany(deps, competitionCompanyInput.parse(company));
    for (const { location, events } of locations) {
      const { id: compCoLocID } = await addLocation(deps, compCoId, competitionLocationInput.parse(location));
      for (const e of events) {
        const made = await addEventWithEntries(
          deps,
          competitionEventEntriesInput.parse({
            event: {
              compCoLocID,
              dateStart: `${year}-${e.start}`,
              dateEnd: `${year}-${e.end}`,
              type: e.type,
            },
            entry: e.entries.map(([name, priceStudio, priceCustomer, nDancersMin, nDancersMax]) => ({
              name,
              priceStudio,
              priceCustomer,
              nDancersMin,
              nDancersMax,
            })),
          }),
        );
        first ??= made;
      }
    }
  }
  if (!first) return;

  // The entries, as the owner registers them on the registration page; the fees are posted by it.
  const clock: Clock = { now: () => now };
  const numbers = await db
    .select({ id: danceNumbers.id, name: danceNumbers.name })
    .from(danceNumbers)
    .where(
      and(
        eq(danceNumbers.companyId, companyId),
        inArray(
          danceNumbers.name,
          REGISTERED.map(([n]) => n),
        ),
      ),
    );
  for (const [number, entry] of REGISTERED) {
    const id = numbers.find((n) => n.name === number)?.id;
    const entryId = first.entries[ENTRIES.findIndex(([name]) => name === entry)];
    if (!id || !entryId) continue;
    await registerClass({ db, actor, clock }, { entry: entryId, type: 'cls', sReg: [id] });
  }

  // The Hartleys and the Patels pay their fees at the desk, by check.
  const lines = await db
    .select({
      id: competitionRegistrations.id,
      familyId: competitionRegistrations.familyId,
      family: familyAccounts.lastName,
    })
    .from(competitionRegistrations)
    .innerJoin(familyAccounts, eq(familyAccounts.id, competitionRegistrations.familyId))
    .where(and(eq(competitionRegistrations.companyId, companyId), inArray(familyAccounts.lastName, PAID)));
  for (const familyId of new Set(lines.map((l) => l.familyId))) {
    await db.transaction(async (tx) => {
      const book = (await lockBook(tx, companyId, familyId))!;
      const ids: (string | null)[] = [];
      for (const l of lines.filter((x) => x.familyId === familyId)) {
        ids.push(await findPosted(tx, companyId, feeKey(l.id)));
      }
      const charges = book.charges.filter((c) => ids.includes(c.id) && !c.removed && c.open > 0);
      if (charges.length === 0) return;
      await recordPayment({ tx, companyId, familyId, today, by: { userId: owner.userId } }, book, {
        method: 'check',
        total: charges.reduce((sum, c) => sum + c.open, 0),
        reference: `#${2231 + PAID.indexOf(lines.find((l) => l.familyId === familyId)!.family)}`,
        picked: charges.map((c) => c.id),
        receivedOn: today,
        invoiceId: charges[0]!.invoiceId,
        key: `demo-competition-fees:${familyId}`,
        reason: 'Payment received',
      });
    });
  }
}
