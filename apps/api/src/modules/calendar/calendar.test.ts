import { CALENDAR_TOKEN_PATTERN, calendarMessages } from '@pirouette/domain';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFamily, createStudent, registerInClass } from '../../../test/factories';
import { countQueries } from '../../../test/query-count';
import { caller } from '../../../test/studios';
import { useTwoStudios } from '../../../test/studios-base';
import { familyAccounts } from '../../db/schema/families';
import { memberships } from '../../db/schema/memberships';
import { classRegistrations } from '../../db/schema/schedule';
import { familyOf, ok, registrationStudio } from '../class-registration/class-registration.fixture';
import { addNumber, createClass } from '../schedule/schedule.fixture';

/**
 * The family's calendar feed through its calls (issue 19 point 5, decision 035): turned on, read by a
 * calendar app without a session (RFC 5545 text, read back here by a small unfolding parser), a class
 * meeting's local time across the March change, a competition event, another family's dancers never in
 * it, a new address retiring the old one, turned off, the walls between families, a fixed number of
 * round trips.
 */

const P = '/api/parents/calendar';
const { t, s } = useTwoStudios();
const anyone = () => caller(t);

type Fam = Awaited<ReturnType<typeof familyOf>>;
let patels: Fam;
let others: Fam;
let classIds: { ballet: string; jazz: string };

/** An iCalendar text's events, each as its properties (name with parameters → unescaped value). */
function parse(text: string) {
  expect(text.endsWith('\r\n')).toBe(true);
  for (const line of text.split('\r\n'))
    expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
  const lines = text
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .slice(0, -1);
  const value = (v: string) =>
    v.replace(/\\([\\;,nN])/g, (_, c: string) => (c.toLowerCase() === 'n' ? '\n' : c));
  const calendar = new Map<string, string>();
  const events: Map<string, string>[] = [];
  let current: Map<string, string> | null = null;
  for (const line of lines) {
    const at = line.indexOf(':');
    const [name, v] = [line.slice(0, at), line.slice(at + 1)];
    if (line === 'BEGIN:VEVENT') current = new Map();
    else if (line === 'END:VEVENT') {
      events.push(current!);
      current = null;
    } else (current ?? calendar).set(name, value(v));
  }
  expect(lines[0]).toBe('BEGIN:VCALENDAR');
  expect(lines.at(-1)).toBe('END:VCALENDAR');
  return { calendar, events };
}

/** The feed of an address, fetched as a calendar app does: no session, no cookie. */
const fetchFeed = (url: string, headers: Record<string, string> = {}) =>
  t.call({ method: 'GET', url: new URL(url).pathname, headers });

beforeAll(async () => {
  const setting = await registrationStudio(s);
  // Ballet 2 on Tuesdays 5–6 PM in Studio B, with its number Fever; Jazz 1 on Tuesdays too.
  const ballet = await createClass(setting.st, {
    name: 'Ballet 2',
    day: 1,
    timeStart: '17:00',
    timeEnd: '18:00',
    roomID: setting.st.rooms[1],
    age_min: 0,
    age_max: 99,
  });
  const fever = (await addNumber(setting.st, ballet, { name: 'Fever' })).id;
  classIds = { ballet, jazz: setting.classes.tuesday };

  patels = await familyOf(t, s.companyA, 'calendar-patel@example.com', [
    { firstName: 'Leo', dob: '2017-05-02' },
    { firstName: 'Maya', dob: '2014-08-19' },
  ]);
  others = await familyOf(t, s.companyA, 'calendar-other@example.com', [{ firstName: 'Zoe' }]);
  const [leo, maya] = patels.students as [string, string];
  const db = t.database.db;
  const reg = (classId: string, studentId: string, dateI?: string) =>
    registerInClass(db, { companyId: s.companyA, classId, studentId, ...(dateI ? { dateI } : {}) });
  await reg(ballet, maya);
  // Leo joins Ballet 2 in March: the meetings before name Maya alone.
  await reg(ballet, leo, '2027-03-10');
  await reg(ballet, others.students[0]!);
  await reg(setting.classes.tuesday, maya);
  // A family of studio A without a signed-in parent, its dancer in Ballet 2 too.
  const quiet = await createFamily(db, s.companyA);
  const ivy = await createStudent(db, { companyId: s.companyA, familyId: quiet.id, firstName: 'Ivy' });
  await reg(ballet, ivy.id);

  const C = '/api/mystudio/competition';
  const co = await ok(s.a.post(`${C}/company`, { name: 'Starpower', email: 'info@starpower.example' }));
  const loc = await ok(
    s.a.post(`${C}/location/${co.id}`, {
      name: 'Meadowlands Expo Center',
      address_1: '355 Plaza Dr',
      city: 'Secaucus',
      state: 'NJ',
      zipcode: '07094',
    }),
  );
  const event = await ok(
    s.a.post(`${C}/event/entry`, {
      event: { compCoLocID: loc.id, dateStart: '2027-02-19', dateEnd: '2027-02-21', type: 'Regional' },
      entry: [{ name: 'Small Group', priceStudio: 45, priceCustomer: 55, nDancersMin: 1, nDancersMax: 9 }],
    }),
  );
  await ok(
    s.a.post(`${C}/registration/students`, {
      entry: event.entries[0],
      sReg: [
        { pID: fever, acctStdID: maya },
        { pID: fever, acctStdID: others.students[0] },
      ],
    }),
  );
});

describe("the parent's switch", () => {
  it('is off at first; turning it on gives an address under APP_URL, which reads the same afterwards', async () => {
    expect(await ok(patels.parent.get(P))).toEqual({
      on: false,
      url: null,
      createdAt: null,
      createdBy: null,
    });
    const on = await ok(patels.parent.post(P));
    expect(on).toMatchObject({ on: true, createdBy: 'Pat Parent', msg: calendarMessages.turnedOn });
    const url = new URL(on.url);
    expect(`${url.origin}`).toBe(t.config.appUrl);
    const token = /^\/api\/calendar\/(.+)\.ics$/.exec(url.pathname)?.[1] ?? '';
    expect(token).toMatch(CALENDAR_TOKEN_PATTERN);
    expect(await ok(patels.parent.get(P))).toEqual({
      on: true,
      url: on.url,
      createdAt: on.createdAt,
      createdBy: 'Pat Parent',
    });
  });

  it('is the parent’s own: an owner is refused, and no session is asked to sign in', async () => {
    expect((await s.a.get(P)).status).toBe(403);
    expect((await s.a.post(P)).status).toBe(403);
    expect((await anyone().get(P)).status).toBe(401);
    expect((await anyone().delete(P)).status).toBe(401);
  });
});

describe('the feed', () => {
  it("is the family's classes and competition as RFC 5545 text, with no other family's dancer", async () => {
    const { url } = await ok(patels.parent.get(P));
    const res = await fetchFeed(url);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, max-age=900');
    expect(res.headers.etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const text = res.body as string;
    const { calendar, events } = parse(text);
    expect(calendar.get('VERSION')).toBe('2.0');
    expect(calendar.get('X-WR-CALNAME')).toBe('Lopez Dance');

    // No other family's dancer, anywhere in the text.
    for (const name of ['Zoe', 'Ivy']) expect(text).not.toContain(name);

    const ballet = events.filter((e) => e.get('SUMMARY')!.endsWith('— Ballet 2'));
    // Every Tuesday of the 2026–2027 term: 2026-09-01 … 2027-06-29.
    expect(ballet).toHaveLength(44);
    const on = (date: string) => ballet.find((e) => e.get('UID')!.includes(`-${date}@`))!;
    expect(on('2027-03-09').get('SUMMARY')).toBe('Maya — Ballet 2');
    expect(on('2027-03-16').get('SUMMARY')).toBe('Maya & Leo — Ballet 2');
    // 5 PM in New York: 22:00 UTC before the change of 2027-03-14, 21:00 after; and in the autumn's.
    expect(on('2027-03-09').get('DTSTART')).toBe('20270309T220000Z');
    expect(on('2027-03-16').get('DTSTART')).toBe('20270316T210000Z');
    expect(on('2027-03-16').get('DTEND')).toBe('20270316T220000Z');
    expect(on('2026-10-27').get('DTSTART')).toBe('20261027T210000Z');
    expect(on('2026-11-03').get('DTSTART')).toBe('20261103T220000Z');
    expect(on('2027-03-16').get('LOCATION')).toBe(
      'Main Studio (Studio B), 12 Bloomfield Ave, Montclair, NJ 07042',
    );
    expect(on('2027-03-16').get('DESCRIPTION')).toBe('Ballet 2 with Maria Tallchief\nDancers: Maya & Leo');
    // Each meeting once, its UID the same from one fetch to the next.
    expect(new Set(ballet.map((e) => e.get('UID'))).size).toBe(44);
    expect(events.filter((e) => e.get('SUMMARY') === 'Maya — Jazz 1')).toHaveLength(44);

    const regional = events.filter((e) => e.get('SUMMARY')!.includes('Starpower'));
    expect(regional).toHaveLength(1);
    expect(Object.fromEntries(regional[0]!)).toMatchObject({
      SUMMARY: 'Maya — Starpower Regional',
      'DTSTART;VALUE=DATE': '20270219',
      'DTEND;VALUE=DATE': '20270222',
      LOCATION: 'Meadowlands Expo Center, 355 Plaza Dr, Secaucus, NJ 07094',
    });
    expect(regional[0]!.get('DESCRIPTION')).toContain('Maya: Small Group: Fever');

    const again = await fetchFeed(url);
    expect(new Set(parse(again.body).events.map((e) => e.get('UID')))).toEqual(
      new Set(events.map((e) => e.get('UID'))),
    );
  });

  it('answers 304 to its own ETag, and is read in three round trips', async () => {
    const { url } = await ok(patels.parent.get(P));
    const first = await fetchFeed(url);
    const again = await fetchFeed(url, { 'if-none-match': first.headers.etag as string });
    expect(again.status).toBe(304);
    expect(again.body).toBe('');
    const counted = await countQueries(t, () => fetchFeed(url));
    expect(counted.result.status).toBe(200);
    expect(counted.count).toBe(3);
  });

  it('answers an unknown or malformed token with the plain 404 of an unknown address', async () => {
    const unknown = await anyone().get(`/api/calendar/${'A'.repeat(43)}.ics`);
    const malformed = await anyone().get('/api/calendar/not-a-token.ics');
    const nowhere = await anyone().get('/api/no-such-page');
    expect(unknown.status).toBe(404);
    expect(malformed.status).toBe(404);
    expect(unknown.body).toEqual(malformed.body);
    expect(JSON.stringify(unknown.body)).not.toMatch(/calendar|feed|token/i);
    expect(nowhere.status).toBe(404);
  });
});

describe('registrations that end or were refused', () => {
  it('a dropped class stops at the day before its drop; a class the owner rejected is not in it', async () => {
    const fam = await familyOf(t, s.companyA, 'calendar-drop@example.com', [{ firstName: 'Ada' }]);
    const db = t.database.db;
    const ada = fam.students[0]!;
    const ballet = await registerInClass(db, {
      companyId: s.companyA,
      classId: classIds.ballet,
      studentId: ada,
    });
    const jazz = await registerInClass(db, { companyId: s.companyA, classId: classIds.jazz, studentId: ada });
    // Dropped from Ballet 2 from Tuesday 2027-01-12, as the drop writes it; Jazz 1 rejected by the owner.
    await db
      .update(classRegistrations)
      .set({ isDropped: true, iStatus: -1, droppedOn: '2027-01-12', dateF: '2027-01-11' })
      .where(eq(classRegistrations.id, ballet.id));
    await db.update(classRegistrations).set({ status: -1 }).where(eq(classRegistrations.id, jazz.id));

    const { url } = await ok(fam.parent.post(P));
    const { events } = parse((await fetchFeed(url)).body);
    const dates = events.map((e) => /-(\d{4}-\d{2}-\d{2})@/.exec(e.get('UID')!)![1]);
    expect(events.every((e) => e.get('SUMMARY') === 'Ada — Ballet 2')).toBe(true);
    expect(dates[0]).toBe('2026-09-01');
    expect(dates.at(-1)).toBe('2027-01-05');
    expect(events).toHaveLength(19);
  });
});

describe('a new address, turning off, and the walls between families', () => {
  it('a new address stops the old one at once; turning off stops the new one', async () => {
    const old = (await ok(patels.parent.get(P))).url;
    const renewed = await ok(patels.parent.post(P));
    expect(renewed).toMatchObject({ on: true, msg: calendarMessages.renewed });
    expect(renewed.url).not.toBe(old);
    expect((await fetchFeed(old)).status).toBe(404);
    expect((await fetchFeed(renewed.url)).status).toBe(200);

    // Another family's parent has their own switch and cannot reach this one.
    expect(await ok(others.parent.get(P))).toMatchObject({ on: false });
    expect(await ok(others.parent.delete(P))).toMatchObject({ on: false, msg: calendarMessages.alreadyOff });
    const theirs = await ok(others.parent.post(P));
    expect(theirs.url).not.toBe(renewed.url);
    expect((await fetchFeed(renewed.url)).status).toBe(200);
    const theirText = (await fetchFeed(theirs.url)).body as string;
    expect(theirText).toContain('Zoe — Ballet 2');
    expect(theirText).not.toContain('Maya');
    expect(await ok(others.parent.delete(P))).toMatchObject({ on: false, msg: calendarMessages.turnedOff });
    expect((await fetchFeed(renewed.url)).status).toBe(200);

    const off = await ok(patels.parent.delete(P));
    expect(off).toEqual({
      on: false,
      url: null,
      createdAt: null,
      createdBy: null,
      msg: calendarMessages.turnedOff,
    });
    expect((await fetchFeed(renewed.url)).status).toBe(404);
    expect(await ok(patels.parent.get(P))).toMatchObject({ on: false, url: null });
  });

  it('a feed stops when the parent who made it leaves the family', async () => {
    const left = await familyOf(t, s.companyA, 'calendar-left@example.com', [{ firstName: 'Zoe' }]);
    const { url } = await ok(left.parent.post(P));
    expect((await fetchFeed(url)).status).toBe(200);
    // Taken off the family, as removing a user does (their place at the studio goes).
    await t.database.db
      .delete(memberships)
      .where(and(eq(memberships.companyId, s.companyA), eq(memberships.familyId, left.id)));
    expect((await fetchFeed(url)).status).toBe(404);
  });

  it('a feed whose family is gone is a 404', async () => {
    const gone = await familyOf(t, s.companyA, 'calendar-gone@example.com', [{ firstName: 'Nia' }]);
    const { url } = await ok(gone.parent.post(P));
    expect((await fetchFeed(url)).status).toBe(200);
    await t.database.db.delete(familyAccounts).where(eq(familyAccounts.id, gone.id));
    expect((await fetchFeed(url)).status).toBe(404);
  });
});

describe('OpenAPI', () => {
  it('describes the feed as text/calendar, with its token in the path', async () => {
    const res = await t.call({ method: 'GET', url: '/api/docs/json' });
    expect(res.status).toBe(200);
    const paths = Object.keys(res.body.paths).filter((p) => p.startsWith('/api/calendar/'));
    expect(paths).toHaveLength(1);
    const feed = res.body.paths[paths[0]!].get;
    expect(feed.description).toMatch(/text\/calendar/);
    expect(feed.parameters.map((p: { name: string; in: string }) => `${p.in} ${p.name}`)).toEqual([
      'path token',
    ]);
    expect(res.body.paths['/api/parents/calendar']).toHaveProperty('post');
  });
});
