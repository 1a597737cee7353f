import {
  type Actor,
  competitionCompanyInput,
  competitionEventEntriesInput,
  competitionLocationInput,
} from '@pirouette/domain';
import { and, eq } from 'drizzle-orm';
import { addCompany, addLocation } from '../modules/competitions/companies.service';
import { addEventWithEntries } from '../modules/competitions/events.service';
import type { Db } from './client';
import { companies, yearTerms } from './schema/companies';
import { memberships } from './schema/memberships';
import { users } from './schema/users';

/**
 * The demo studio's competition season (issue 19): two competition companies the studio attends, their
 * venues, and the season's events with the entries and prices a studio owner copies from the
 * competitions' own fee sheets (per dancer: what the studio pays, what each family is charged). Made
 * through the owner's services, as the owner would on the companies page. Dates fall in the spring of
 * the current term.
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

export async function seedDemoCompetitions(db: Db, studioName: string): Promise<void> {
  const [studio] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.name, studioName));
  if (!studio) return;
  const companyId = studio.id;
  const [owner] = await db
    .select({ id: memberships.id, userId: memberships.userId })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.companyId, companyId),
        eq(memberships.role, 'owner'),
        eq(users.email, 'owner@demo.example'),
      ),
    );
  const [term] = await db
    .select()
    .from(yearTerms)
    .where(and(eq(yearTerms.companyId, companyId), eq(yearTerms.isCurrent, true)));
  if (!owner || !term) return;
  const actor: Actor = { userId: owner.userId, companyId, membershipId: owner.id, role: 'owner' };
  const deps = { db, actor };
  // The spring of the term: a term of September to June has its competitions in the year it ends.
  const year = Number(term.dateEnd.slice(0, 4));

  for (const { company, locations } of SEASON) {
    const { id: compCoId } = await addCompany(deps, competitionCompanyInput.parse(company));
    for (const { location, events } of locations) {
      const { id: compCoLocID } = await addLocation(deps, compCoId, competitionLocationInput.parse(location));
      for (const e of events) {
        await addEventWithEntries(
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
      }
    }
  }
}
