import { COMPETITION_TEXT, ENTRY_BATCH_ERROR, messages } from '@pirouette/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createFamily, createStudent } from '../../../test/factories';
import { countQueries } from '../../../test/query-count';
import { useTwoStudios } from '../../../test/studios-base';
import { competitionRegistrations } from '../../db/schema/competition-registrations';
import {
  competitionCompanies,
  competitionEntries,
  competitionEvents,
  competitionLocations,
} from '../../db/schema/competitions';
import { ok, registrationStudio } from '../class-registration/class-registration.fixture';
import { addNumber, createClass, freeSlot } from '../schedule/schedule.fixture';

/**
 * Competitions, part 1, through their calls (issue 19, decision 031): companies, their locations, the
 * events held there and each event's entries; the event made with its entries in one transaction and
 * refused whole for one bad entry (002 §5); what a delete refuses while something depends on it; the
 * spec's texts; and the studios' walls.
 */

const C = '/api/mystudio/competition';
const { t, s } = useTwoStudios();

const entry = (over: Record<string, unknown> = {}) => ({
  name: 'Solo',
  priceStudio: 95,
  priceCustomer: 110,
  nDancersMin: 1,
  nDancersMax: 1,
  ...over,
});
const ENTRIES = [
  entry(),
  entry({ name: 'Duet/Trio', priceStudio: 60, priceCustomer: 70, nDancersMin: 2, nDancersMax: 3 }),
  entry({ name: 'Small Group', priceStudio: 45.5, priceCustomer: 55, nDancersMin: 4, nDancersMax: 9 }),
  entry({
    name: 'Master class',
    priceStudio: 30,
    priceCustomer: 30,
    nDancersMin: 1,
    nDancersMax: 40,
    isPerformance: false,
  }),
];

async function company(name = 'Starpower Talent Competition') {
  const { id } = await ok(s.a.post(`${C}/company`, { name, email: 'info@starpower.example' }));
  return id as string;
}
async function location(compCoId: string, name = 'Meadowlands Expo Center') {
  const { id } = await ok(s.a.post(`${C}/location/${compCoId}`, { name, city: 'Secaucus', state: 'nj' }));
  return id as string;
}
const event = (compCoLocID: string, over: Record<string, unknown> = {}) => ({
  compCoLocID,
  dateStart: '2027-03-05',
  dateEnd: '2027-03-07',
  ...over,
});

const rowsOf = async () => {
  const db = t.database.db;
  const [events, entries] = await Promise.all([
    db.select().from(competitionEvents).where(eq(competitionEvents.companyId, s.companyA)),
    db.select().from(competitionEntries).where(eq(competitionEntries.companyId, s.companyA)),
  ]);
  return { events: events.length, entries: entries.length };
};

describe('competition companies', () => {
  it('need a name and an e-mail; are listed, changed and deleted with the spec’s texts', async () => {
    const noName = await s.a.post(`${C}/company`, { email: 'a@b.example' });
    expect([noName.status, noName.body]).toEqual([400, [false, messages.insufficientData]]);
    const noEmail = await s.a.post(`${C}/company`, { name: 'Showstopper' });
    expect([noEmail.status, noEmail.body]).toEqual([400, [false, messages.insufficientData]]);

    const added = await ok(
      s.a.post(`${C}/company`, {
        name: 'Showstopper',
        email: 'Events@Showstopper.example',
        phone: '(843) 555-0100',
        state: 'sc',
        director: 'Dee Rector',
      }),
    );
    expect(added.msg).toBe(messages.insertSuccessful);
    const list = await ok(s.a.get(`${C}/company`));
    expect(list.find((c: { id: string }) => c.id === added.id)).toEqual({
      id: added.id,
      name: 'Showstopper',
      address_1: '',
      address_2: '',
      city: '',
      state: 'SC',
      zipcode: '',
      phone: '8435550100',
      director: 'Dee Rector',
      director_phone: '',
      email: 'events@showstopper.example',
      nLocations: 0,
      nEvents: 0,
    });

    const edited = await ok(
      s.a.put(`${C}/company/${added.id}`, { name: 'Showstopper Dance', email: 'x@y.example' }),
    );
    expect(edited.msg).toBe(messages.updateSuccessful);
    const removed = await ok(s.a.delete(`${C}/company/${added.id}`));
    expect(removed.msg).toBe(messages.deleteSuccessful);
    expect((await s.a.delete(`${C}/company/${added.id}`)).status).toBe(404);
  });

  it('an invalid id is the spec’s text; another studio’s company is not found, and untouched', async () => {
    const bad = await s.a.put(`${C}/company/not-an-id`, { name: 'X', email: 'x@y.example' });
    expect([bad.status, bad.body]).toEqual([400, [false, COMPETITION_TEXT.invalidId]]);
    const id = await company('Dancerama');
    expect((await s.b.put(`${C}/company/${id}`, { name: 'Mine', email: 'b@b.example' })).status).toBe(404);
    expect((await s.b.delete(`${C}/company/${id}`)).status).toBe(404);
    expect((await s.b.get(`${C}/location/${id}`)).status).toBe(404);
    expect((await s.b.post(`${C}/location/${id}`, { name: 'Hall' })).status).toBe(404);
    expect(await ok(s.b.get(`${C}/company`))).toEqual([]);
    expect((await s.parent.get(`${C}/company`)).status).toBe(403);
    const [row] = await t.database.db
      .select()
      .from(competitionCompanies)
      .where(eq(competitionCompanies.id, id));
    expect(row!.name).toBe('Dancerama');
  });
});

describe('locations', () => {
  it('need a name or a first address line; are listed with the events held at them', async () => {
    const co = await company();
    const none = await s.a.post(`${C}/location/${co}`, { city: 'Secaucus' });
    expect([none.status, none.body]).toEqual([400, [false, COMPETITION_TEXT.locationNameOrAddress]]);
    const byAddress = await ok(s.a.post(`${C}/location/${co}`, { address_1: '1 Expo Dr' }));
    const byName = await location(co, 'Atlantic City Convention Center');
    await ok(s.a.post(`${C}/event`, event(byName)));

    const answer = await ok(s.a.get(`${C}/location/${co}`));
    expect(answer.loc.map((l: { id: string; nEvents: number }) => [l.id, l.nEvents])).toEqual([
      [byAddress.id, 0],
      [byName, 1],
    ]);
    expect(answer.event).toEqual([
      expect.objectContaining({
        compCoLocID: byName,
        compCoID: co,
        location: 'Atlantic City Convention Center',
        type: 'Regional',
        dateStart: '2027-03-05',
        dateEnd: '2027-03-07',
        nEntries: 0,
      }),
    ]);
    expect((await ok(s.a.put(`${C}/location/${byAddress.id}`, { name: 'Expo' }))).msg).toBe(
      messages.updateSuccessful,
    );
    expect((await s.b.put(`${C}/location/${byAddress.id}`, { name: 'Mine' })).status).toBe(404);
    expect((await s.b.delete(`${C}/location/${byAddress.id}`)).status).toBe(404);
    expect((await ok(s.a.delete(`${C}/location/${byAddress.id}`))).msg).toBe(messages.deleteSuccessful);
  });
});

describe('an event with its entries, in one dialog', () => {
  it('is saved whole: the event (Regional by default) and its entries in the order sent, prices in dollars', async () => {
    const loc = await location(await company());
    const made = await ok(s.a.post(`${C}/event/entry`, { event: event(loc), entry: ENTRIES }));
    expect(made.msg).toBe(messages.insertSuccessful);
    expect(made.entries).toHaveLength(4);
    const entries = await ok(s.a.get(`${C}/entries/${made.id}`));
    expect(entries.map((e: { id: string }) => e.id)).toEqual(made.entries);
    expect(entries[2]).toEqual({
      id: made.entries[2],
      compCoEventID: made.id,
      name: 'Small Group',
      priceStudio: 45.5,
      priceCustomer: 55,
      nDancersMin: 4,
      nDancersMax: 9,
      isPerformance: true,
      notes: '',
    });
    expect(entries[3].isPerformance).toBe(false);
    const [stored] = await t.database.db
      .select()
      .from(competitionEntries)
      .where(eq(competitionEntries.id, made.entries[2]));
    expect([stored!.priceStudio, stored!.priceCustomer]).toEqual([4550, 5500]);
    const all = await ok(s.a.get(`${C}/event`));
    expect(all.find((e: { id: string }) => e.id === made.id)).toMatchObject({
      type: 'Regional',
      nEntries: 4,
    });
  });

  it.each([
    ['a maximum below the minimum', { nDancersMin: 5, nDancersMax: 4 }],
    ['a customer price below the studio’s', { priceStudio: 50, priceCustomer: 49.99 }],
    ['a price of 0', { priceStudio: 0 }],
    ['no dancers', { nDancersMin: 0 }],
    ['a name of one letter', { name: ' J ' }],
  ])('is refused whole for one entry with %s, and nothing is saved', async (_, over) => {
    const loc = await location(await company());
    const before = await rowsOf();
    const res = await s.a.post(`${C}/event/entry`, {
      event: event(loc),
      entry: [
        ENTRIES[0],
        entry({ name: 'Large Group', nDancersMin: 10, nDancersMax: 19, ...over }),
        ENTRIES[1],
      ],
    });
    expect([res.status, res.body]).toEqual([400, [false, ENTRY_BATCH_ERROR]]);
    expect(await rowsOf()).toEqual(before);
  });

  it('an event’s own rules: dates of 10 characters, not ending before it starts, a type of 2 characters', async () => {
    const loc = await location(await company());
    const body = (over: Record<string, unknown>) => ({ event: event(loc, over), entry: [ENTRIES[0]] });
    const shortDate = await s.a.post(`${C}/event/entry`, body({ dateStart: '2027-3-5' }));
    expect(shortDate.body).toEqual([false, COMPETITION_TEXT.invalidEdit]);
    const reversed = await s.a.post(`${C}/event/entry`, body({ dateEnd: '2027-03-01' }));
    expect(reversed.body).toEqual([false, COMPETITION_TEXT.eventEndsBeforeStart]);
    const type = await s.a.post(`${C}/event`, event(loc, { type: 'N' }));
    expect(type.body).toEqual([false, COMPETITION_TEXT.eventType]);
    const national = await ok(s.a.post(`${C}/event`, event(loc, { type: 'National' })));
    const noLocation = await s.a.put(`${C}/event/${national.id}`, {
      dateStart: '2027-07-01',
      dateEnd: '2027-07-05',
    });
    expect([noLocation.status, noLocation.body]).toEqual([400, [false, COMPETITION_TEXT.invalidEdit]]);
    expect(
      (
        await ok(
          s.a.put(
            `${C}/event/${national.id}`,
            event(loc, { dateStart: '2027-07-01', dateEnd: '2027-07-05' }),
          ),
        )
      ).msg,
    ).toBe(messages.updateSuccessful);
    const list = await ok(s.a.get(`${C}/event`));
    expect(list.find((e: { id: string }) => e.id === national.id)).toMatchObject({
      type: 'Regional',
      dateStart: '2027-07-01',
    });
  });

  it('another studio cannot put an event at this studio’s location, nor read or change its events', async () => {
    const loc = await location(await company());
    const before = await rowsOf();
    expect((await s.b.post(`${C}/event/entry`, { event: event(loc), entry: ENTRIES })).status).toBe(404);
    expect((await s.b.post(`${C}/event`, event(loc))).status).toBe(404);
    expect(await rowsOf()).toEqual(before);
    const { id } = await ok(s.a.post(`${C}/event`, event(loc)));
    expect((await s.b.get(`${C}/entries/${id}`)).status).toBe(404);
    expect((await s.b.post(`${C}/entry`, { ...ENTRIES[0], compCoEventID: id })).status).toBe(404);
    expect((await s.b.delete(`${C}/event/${id}`)).status).toBe(404);
    expect(await ok(s.b.get(`${C}/event`))).toEqual([]);
  });

  it('reads a company’s locations and events in a fixed number of round trips', async () => {
    const co = await company();
    const run = async () => countQueries(t, () => s.a.get(`${C}/location/${co}`));
    const few = await run();
    for (let i = 0; i < 3; i += 1) {
      const loc = await location(co, `Hall ${i}`);
      await ok(s.a.post(`${C}/event/entry`, { event: event(loc), entry: ENTRIES }));
    }
    const many = await run();
    expect(many.count).toBe(few.count);
  });
});

describe('entries one at a time', () => {
  it('are added after the event’s others, changed and deleted, under the same rules', async () => {
    const loc = await location(await company());
    const made = await ok(s.a.post(`${C}/event/entry`, { event: event(loc), entry: ENTRIES.slice(0, 2) }));
    const bad = await s.a.post(`${C}/entry`, {
      ...entry({ nDancersMin: 3, nDancersMax: 2 }),
      compCoEventID: made.id,
    });
    expect([bad.status, bad.body]).toEqual([400, [false, ENTRY_BATCH_ERROR]]);
    const line = await ok(
      s.a.post(`${C}/entry`, {
        ...entry({ name: 'Line', nDancersMin: 10, nDancersMax: 19, notes: 'Ages 12 and up' }),
        compCoEventID: made.id,
      }),
    );
    const names = async () =>
      (await ok(s.a.get(`${C}/entries/${made.id}`))).map((e: { name: string }) => e.name);
    expect(await names()).toEqual(['Solo', 'Duet/Trio', 'Line']);

    const cheaper = await s.a.put(`${C}/entry/${line.id}`, entry({ priceStudio: 20, priceCustomer: 10 }));
    expect(cheaper.body).toEqual([false, ENTRY_BATCH_ERROR]);
    await ok(
      s.a.put(`${C}/entry/${line.id}`, entry({ name: 'Line (10+)', nDancersMin: 10, nDancersMax: 24 })),
    );
    expect(await names()).toEqual(['Solo', 'Duet/Trio', 'Line (10+)']);
    expect((await s.b.put(`${C}/entry/${line.id}`, entry())).status).toBe(404);
    expect((await s.b.delete(`${C}/entry/${line.id}`)).status).toBe(404);
    expect((await ok(s.a.delete(`${C}/entry/${line.id}`))).msg).toBe(messages.deleteSuccessful);
    expect(await names()).toEqual(['Solo', 'Duet/Trio']);
  });
});

describe('what a delete refuses, and what goes with it', () => {
  it('a company or location with events says so and stays; an event goes with its entries, then they may go', async () => {
    const co = await company('Hall of Fame Dance');
    const loc = await location(co, 'Kalahari Resort');
    await location(co, 'Empty Hall');
    const made = await ok(s.a.post(`${C}/event/entry`, { event: event(loc), entry: ENTRIES }));
    await ok(s.a.post(`${C}/event`, event(loc, { type: 'National' })));

    const coRefused = await s.a.delete(`${C}/company/${co}`);
    expect([coRefused.status, coRefused.body]).toEqual([
      422,
      [false, COMPETITION_TEXT.companyHasEvents('Hall of Fame Dance', 2)],
    ]);
    expect(coRefused.body[1]).toBe(
      'Hall of Fame Dance has 2 events at its locations. Delete them before deleting the company.',
    );
    const locRefused = await s.a.delete(`${C}/location/${loc}`);
    expect([locRefused.status, locRefused.body]).toEqual([
      422,
      [false, COMPETITION_TEXT.locationHasEvents('Kalahari Resort', 2)],
    ]);

    await ok(s.a.delete(`${C}/event/${made.id}`));
    const left = await t.database.db
      .select()
      .from(competitionEntries)
      .where(eq(competitionEntries.eventId, made.id));
    expect(left).toEqual([]);
    expect((await s.a.get(`${C}/entries/${made.id}`)).status).toBe(404);

    const rest = await ok(s.a.get(`${C}/location/${co}`));
    for (const e of rest.event) await ok(s.a.delete(`${C}/event/${e.id}`));
    await ok(s.a.delete(`${C}/company/${co}`));
    const locations = await t.database.db
      .select()
      .from(competitionLocations)
      .where(eq(competitionLocations.competitionCompanyId, co));
    expect(locations).toEqual([]);
  });
});

describe('an event or entry with dancers registered (decision 032)', () => {
  it('stays, and says how many; once they are removed it may go', async () => {
    const loc = await location(await company());
    const made = await ok(s.a.post(`${C}/event/entry`, { event: event(loc), entry: ENTRIES }));
    const [soloEntry] = made.entries as [string];
    // A dancer registered on the Solo entry, as the registration calls leave the line.
    const setting = await registrationStudio(s);
    const classId = await createClass(setting.st, { name: 'Comp Jazz', ...freeSlot() });
    const number = await addNumber(setting.st, classId, { name: 'Fever' });
    const family = await createFamily(t.database.db, s.companyA);
    const student = await createStudent(t.database.db, {
      companyId: s.companyA,
      familyId: family.id,
      firstName: 'Ava',
      lastName: 'Adams',
    });
    await t.database.db.insert(competitionRegistrations).values({
      companyId: s.companyA,
      entryId: soloEntry,
      type: 'cls',
      danceNumberId: number.id,
      studentId: student.id,
      familyId: family.id,
      price: 11000,
      priceStudio: 9500,
    });

    // An entry's dancer limits never fall below (or rise above) a number registered on it.
    const lowered = await s.a.put(`${C}/entry/${soloEntry}`, entry({ nDancersMin: 2, nDancersMax: 3 }));
    expect([lowered.status, lowered.body]).toEqual([
      422,
      [
        false,
        'Fever has 1 dancer registered on Solo: its fewest dancers cannot be more than 1. Register more dancers on it first.',
      ],
    ]);
    const master = made.entries[3] as string;
    const sister = await createStudent(t.database.db, {
      companyId: s.companyA,
      familyId: family.id,
      firstName: 'Bea',
      lastName: 'Adams',
    });
    await t.database.db.insert(competitionRegistrations).values(
      [student, sister].map((d) => ({
        companyId: s.companyA,
        entryId: master,
        type: 'cls',
        danceNumberId: number.id,
        studentId: d.id,
        familyId: family.id,
        price: 3000,
        priceStudio: 3000,
      })),
    );
    const masterEntry = ENTRIES[3]!;
    const capped = await s.a.put(`${C}/entry/${master}`, { ...masterEntry, nDancersMax: 1 });
    expect([capped.status, capped.body]).toEqual([
      422,
      [
        false,
        'Fever has 2 dancers registered on Master class: its most dancers cannot be fewer than 2. Remove dancers from it first.',
      ],
    ]);
    expect((await ok(s.a.get(`${C}/entries/${made.id}`)))[3]).toMatchObject({ nDancersMax: 40 });
    await ok(s.a.put(`${C}/entry/${master}`, { ...masterEntry, nDancersMax: 2 }));
    await t.database.db.delete(competitionRegistrations).where(eq(competitionRegistrations.entryId, master));

    const entryRefused = await s.a.delete(`${C}/entry/${soloEntry}`);
    expect([entryRefused.status, entryRefused.body]).toEqual([
      422,
      [false, 'Solo has 1 dancer registered. Remove the registration before deleting the entry.'],
    ]);
    const eventRefused = await s.a.delete(`${C}/event/${made.id}`);
    expect([eventRefused.status, eventRefused.body]).toEqual([
      422,
      [false, COMPETITION_TEXT.eventHasRegistrations(1)],
    ]);
    expect((await ok(s.a.get(`${C}/entries/${made.id}`))).length).toBe(4);
    // Another entry of the event, with nobody on it, may go.
    await ok(s.a.delete(`${C}/entry/${made.entries[1]}`));

    await t.database.db
      .delete(competitionRegistrations)
      .where(eq(competitionRegistrations.entryId, soloEntry));
    await ok(s.a.delete(`${C}/event/${made.id}`));
  });
});
