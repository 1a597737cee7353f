import { addDays, MAKEUP_TEXT, type MakeupsAnswer } from '@pirouette/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerInClass } from '../../../test/factories';
import { countQueries } from '../../../test/query-count';
import { insertClass, type ScheduleRecords, scheduleRecords } from '../../../test/schedule-records';
import { auditCount, UNKNOWN_ID } from '../../../test/studios';
import { useTwoStudios } from '../../../test/studios-base';
import { classClosures, makeupBookings, makeupCredits } from '../../db/schema/attendance';
import { yearTerms } from '../../db/schema/companies';
import { waitlistEntries } from '../../db/schema/enrolment';
import { familyAccounts, students } from '../../db/schema/families';
import { jobs } from '../../db/schema/jobs';
import { mailOutbox } from '../../db/schema/mail';
import { classGenres } from '../../db/schema/schedule';
import { jobHandlers } from '../../jobs/registry';
import { runJobsUntil } from '../../jobs/run-until';
import { systemClock } from '../../lib/clock';
import { familyOf, ok } from '../class-registration/class-registration.fixture';
import { familyAddress } from '../ledger';
import { paymentsFor } from '../payments/providers';
import { grantMakeupCredits } from './credits';
import { ensureMakeupsScheduled } from './makeups.day';
import { familyAddresses } from './makeups.mail';
import { readOptions } from './makeups.world';

/**
 * Make-up classes through their calls (issue 36 point 4, decision 064): an absence's credit lists only the
 * meetings the dancer may make up in; a booking takes a place and mails the family; a full meeting, one
 * past the window, one booked already are refused with their reasons; a cancellation before the cut-off
 * opens the credit again, after it is refused; ten parents racing for the last place, one gets it; the
 * make-ups day under `npm run jobs -- --until` expires an unused credit once and marks a booked one used.
 * The test clock reads Saturday 2026-11-21, 10:00 in New York.
 */

const P = '/api/parents/makeups';
const { t, s } = useTwoStudios();
let rec: ScheduleRecords;
let genre: Record<string, string>;
const cls: Record<string, string> = {};
let mia: Awaited<ReturnType<typeof familyOf>>;
let credit = '';

async function klass(
  name: string,
  over: {
    day: number;
    level: number;
    genres: string[];
    ageMin?: number;
    ageMax?: number;
    nMax?: number;
    timeStart?: string;
  },
) {
  const id = await insertClass(t.database.db, s.companyA, rec, {
    name,
    day: over.day,
    level: over.level,
    ageMin: over.ageMin ?? 8,
    ageMax: over.ageMax ?? 12,
    nMax: over.nMax ?? 10,
    timeStart: over.timeStart ?? '16:00:00',
    timeEnd: over.timeStart ? '18:30:00' : '17:00:00',
  });
  if (over.genres.length > 0)
    await t.database.db
      .insert(classGenres)
      .values(over.genres.map((g) => ({ companyId: s.companyA, classId: id, genreId: genre[g]! })));
  return id;
}

const creditRow = async (id: string) =>
  (await t.database.db.select().from(makeupCredits).where(eq(makeupCredits.id, id)))[0]!;
const mails = (template: string, to = 'mk-mia@example.com') =>
  t.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.template, template), eq(mailOutbox.to, to)));
const list = async (who = mia.parent): Promise<MakeupsAnswer> => ok(who.get(P));

beforeAll(async () => {
  const db = t.database.db;
  await db
    .update(yearTerms)
    .set({ dateStart: '2026-09-01', dateEnd: '2027-06-30' })
    .where(eq(yearTerms.id, s.termA.id));
  rec = await scheduleRecords(s.a, s.termA.id);
  const genres = (await ok(s.a.get('/api/mystudio/genres'))) as { id: string; name: string }[];
  genre = Object.fromEntries(genres.map((g) => [g.name, g.id]));
  const [g1, g2, g3, g4] = genres.map((g) => g.name);
  // Mia (10) misses Ballet 2 (level 2) on Wednesday 2026-11-18.
  cls.missed = await klass('Ballet 2', { day: 2, level: 2, genres: [g1!] });
  cls.sameLevel = await klass('Jazz 2', { day: 0, level: 2, genres: [g2!] });
  cls.sameGenre = await klass('Ballet 4', {
    day: 1,
    level: 4,
    genres: [g1!],
    ageMax: 14,
    timeStart: '17:30:00',
  });
  cls.unrelated = await klass('Hip Hop 5', { day: 0, level: 5, genres: [g3!] });
  cls.teens = await klass('Ballet 2 Teens', { day: 3, level: 2, genres: [g1!], ageMin: 13, ageMax: 17 });
  cls.full = await klass('Tap 2', { day: 4, level: 2, genres: [g4!], nMax: 2 });
  mia = await familyOf(t, s.companyA, 'mk-mia@example.com', [{ firstName: 'Mia', dob: '2016-04-12' }]);
  await registerInClass(db, { companyId: s.companyA, classId: cls.missed, studentId: mia.students[0]! });
  const others = await familyOf(t, s.companyA, 'mk-full@example.com', [
    { firstName: 'Ann' },
    { firstName: 'Bo' },
  ]);
  for (const studentId of others.students)
    await registerInClass(db, { companyId: s.companyA, classId: cls.full, studentId });
  const [given] = await grantMakeupCredits(db, {
    companyId: s.companyA,
    missed: [
      {
        familyId: mia.id,
        studentId: mia.students[0]!,
        classId: cls.missed,
        meetingDate: '2026-11-18',
        source: 'absence',
      },
    ],
    windowDays: 30,
    by: null,
    now: t.clock.now(),
  });
  credit = given!;
});

describe('GET api/parents/makeups', () => {
  it('lists the open credit with the meetings of the same level or genre, in age, before it expires', async () => {
    const answer = await list();
    expect(answer.cancelHours).toBe(24);
    expect(answer.credits).toHaveLength(1);
    const c = answer.credits[0]!;
    expect(c).toMatchObject({
      id: credit,
      studentName: 'Mia Dancer',
      source: 'absence',
      missed: { clSchID: cls.missed, className: 'Ballet 2', date: '2026-11-18' },
      expiresOn: '2026-12-18',
      state: 'open',
      booking: null,
    });
    expect(c.options.map((o) => `${o.date} ${o.className}`)).toEqual([
      '2026-11-23 Jazz 2',
      '2026-11-24 Ballet 4',
      '2026-11-30 Jazz 2',
      '2026-12-01 Ballet 4',
      '2026-12-07 Jazz 2',
      '2026-12-08 Ballet 4',
      '2026-12-14 Jazz 2',
      '2026-12-15 Ballet 4',
    ]);
    expect(c.options[1]).toEqual({
      clSchID: cls.sameGenre,
      className: 'Ballet 4',
      date: '2026-11-24',
      day: 1,
      timeStart: '17:30',
      timeEnd: '18:30',
      room: 'Studio A',
      placesLeft: 10,
    });
  });

  it('offers the same meetings read a few at a time, earliest first, as read all at once', async () => {
    const [dancer] = await t.database.db
      .select({ dob: students.dob })
      .from(students)
      .where(eq(students.id, mia.students[0]!));
    const view = {
      studentId: mia.students[0]!,
      dob: dancer!.dob,
      state: 'open',
      expiresOn: '2026-12-18',
      classId: cls.missed!,
    };
    const read = (chunk?: number) =>
      readOptions(
        t.database.db,
        {
          companyId: s.companyA,
          familyId: mia.id,
          missedIds: [cls.missed!],
          credits: [view, { ...view, expiresOn: '2026-11-30' }],
          from: '2026-11-21',
          to: '2026-12-18',
          zone: 'America/New_York',
          now: t.clock.now(),
        },
        chunk,
      );
    const whole = (await read()).options;
    expect(whole[0]).toHaveLength(8);
    expect(whole[1]!.map((o) => o.date)).toEqual(['2026-11-23', '2026-11-24', '2026-11-30']);
    for (const chunk of [1, 2, 3, 5])
      expect((await read(chunk)).options, `${chunk} at a time`).toEqual(whole);
  });

  it('shows another family none of it, and refuses an owner', async () => {
    const other = await familyOf(t, s.companyA, 'mk-other@example.com', [{ firstName: 'Zoe' }]);
    expect((await list(other.parent)).credits).toEqual([]);
    expect((await s.a.get(P)).status).toBe(403);
    expect((await s.anonymous.get(P)).status).toBe(401);
  });
});

describe('POST api/parents/makeups', () => {
  const book = (creditID: string, clSchID: string, date: string, who = mia.parent) =>
    who.post(P, { creditID, clSchID, date });

  it('refuses a class not related, out of age, the dancer’s own, or not meeting that day', async () => {
    const cases: [string, string, string][] = [
      [cls.unrelated!, '2026-11-23', MAKEUP_TEXT.not_related],
      [cls.teens!, '2026-11-26', MAKEUP_TEXT.age],
      [cls.missed!, '2026-11-25', MAKEUP_TEXT.own_class],
      [cls.sameLevel!, '2026-11-24', MAKEUP_TEXT.not_a_meeting],
    ];
    for (const [clSchID, date, text] of cases) {
      const res = await book(credit, clSchID, date);
      expect(res.status).toBe(422);
      expect(res.body).toEqual([false, text]);
      expect(res.headers['x-error-reason']).toBe('makeup_not_eligible');
    }
    expect((await creditRow(credit)).state).toBe('open');
  });

  it('books the credit into a meeting with a place, mails the family once, and takes the place', async () => {
    const res = await book(credit, cls.sameLevel!, '2026-11-23');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body[1]).toEqual({ id: expect.any(String), msg: MAKEUP_TEXT.booked });
    expect((await creditRow(credit)).state).toBe('booked');
    const sent = await mails('makeup-booked');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe('mk-mia@example.com');
    expect(sent[0]!.text).toContain('Mia is booked for a make-up in Jazz 2 on Nov 23, 2026 at 16:00');
    expect(await auditCount(t, s.companyA, 'family.makeup_booked')).toBe(1);
    const [c] = (await list()).credits;
    expect(c!.state).toBe('booked');
    expect(c!.options).toEqual([]);
    expect(c!.booking).toMatchObject({ clSchID: cls.sameLevel, date: '2026-11-23', cancellable: true });
    expect(c!.booking!.cancelUntil).toBe('2026-11-22T21:00:00.000Z');
    // The same credit again: no longer open.
    const again = await book(credit, cls.sameGenre!, '2026-11-24');
    expect(again.status).toBe(422);
    expect(again.headers['x-error-reason']).toBe('makeup_taken');
  });

  it('refuses a second booking into the same meeting, a full one, one after the credit, and 404s what is not theirs', async () => {
    const granted = await ok(
      s.a.post(`/api/mystudio/account/${mia.id}/makeups`, {
        studentID: mia.students[0],
        expiresOn: '2026-12-05',
        note: 'Snow day',
      }),
    );
    const same = await book(granted.id, cls.sameLevel!, '2026-11-23');
    expect(same).toMatchObject({ status: 422, body: [false, MAKEUP_TEXT.already_booked] });
    const full = await book(granted.id, cls.full!, '2026-11-27');
    expect(full).toMatchObject({ status: 422, body: [false, MAKEUP_TEXT.full] });
    expect(full.headers['x-error-reason']).toBe('makeup_full');
    const late = await book(granted.id, cls.sameLevel!, '2026-12-07');
    expect(late).toMatchObject({ status: 422, body: [false, MAKEUP_TEXT.after_expiry] });
    expect(late.headers['x-error-reason']).toBe('makeup_window');
    const past = await book(granted.id, cls.sameLevel!, '2026-11-16');
    expect(past).toMatchObject({ status: 422, body: [false, MAKEUP_TEXT.too_late] });
    const other = await familyOf(t, s.companyA, 'mk-thief@example.com', [{ firstName: 'Tom' }]);
    expect((await book(granted.id, cls.sameLevel!, '2026-11-30', other.parent)).status).toBe(404);
    expect((await book(UNKNOWN_ID, cls.sameLevel!, '2026-11-30')).status).toBe(404);
    expect((await book(granted.id, UNKNOWN_ID, '2026-11-30')).status).toBe(404);
    expect((await creditRow(granted.id)).state).toBe('open');
    // A hand-given credit takes any class the dancer's age fits.
    expect((await book(granted.id, cls.unrelated!, '2026-11-30')).status).toBe(200);
  });
});

describe('a place held by a waitlist offer', () => {
  it('counts the class’s open offers as taken places, as registration does', async () => {
    const db = t.database.db;
    const held = await klass('Contemporary 2', { day: 4, level: 2, genres: [], nMax: 1 });
    const [c] = await grantMakeupCredits(db, {
      companyId: s.companyA,
      missed: [
        {
          familyId: mia.id,
          studentId: mia.students[0]!,
          classId: cls.missed!,
          meetingDate: '2026-10-28',
          source: 'absence',
        },
      ],
      windowDays: 60,
      by: null,
      now: t.clock.now(),
    });
    const offered = await familyOf(t, s.companyA, 'mk-offered@example.com', [{ firstName: 'Olive' }]);
    const [entry] = await db
      .insert(waitlistEntries)
      .values({
        companyId: s.companyA,
        classId: held,
        studentId: offered.students[0]!,
        familyId: offered.id,
        position: 1,
        status: 'offered',
        offeredAt: new Date('2026-11-21T12:00:00Z'),
        offerExpiresAt: new Date('2026-11-23T12:00:00Z'),
      })
      .returning({ id: waitlistEntries.id });
    const options = (await list()).credits.find((x) => x.id === c)!.options;
    expect(options.filter((o) => o.clSchID === held)).toEqual([]);
    const full = await mia.parent.post(P, { creditID: c, clSchID: held, date: '2026-11-27' });
    expect(full).toMatchObject({ status: 422, body: [false, MAKEUP_TEXT.full] });
    // The offer declined: the place is free again.
    await db.update(waitlistEntries).set({ status: 'declined' }).where(eq(waitlistEntries.id, entry!.id));
    const place = (await list()).credits.find((x) => x.id === c)!.options.find((o) => o.clSchID === held);
    expect(place).toMatchObject({ date: '2026-11-27', placesLeft: 1 });
    // Leave the credit as it was found: the later tests count Mia's credits.
    await db.delete(makeupCredits).where(eq(makeupCredits.id, c!));
  });
});

describe('DELETE api/parents/makeups/:id', () => {
  it('refuses after the cut-off, cancels before it and opens the credit again', async () => {
    const [c] = (await list()).credits.filter((x) => x.id === credit);
    const bookingId = c!.booking!.id;
    const other = await familyOf(t, s.companyA, 'mk-nosy@example.com', [{ firstName: 'Ned' }]);
    expect((await other.parent.delete(`${P}/${bookingId}`)).status).toBe(404);
    // 72 hours before Monday 16:00 is past already.
    await ok(
      s.a.put('/api/mystudio/attendance/settings', {
        makeupWindowDays: 30,
        makeupCancelHours: 72,
        closureGivesMakeups: false,
      }),
    );
    const late = await mia.parent.delete(`${P}/${bookingId}`);
    expect(late).toMatchObject({ status: 422, body: [false, MAKEUP_TEXT.pastCutoff(72)] });
    expect(late.headers['x-error-reason']).toBe('makeup_cutoff');
    expect((await list()).credits.find((x) => x.id === credit)!.booking!.cancellable).toBe(false);
    await ok(
      s.a.put('/api/mystudio/attendance/settings', {
        makeupWindowDays: 30,
        makeupCancelHours: 24,
        closureGivesMakeups: false,
      }),
    );
    expect(await ok(mia.parent.delete(`${P}/${bookingId}`))).toEqual({ msg: MAKEUP_TEXT.bookingCancelled });
    expect((await creditRow(credit)).state).toBe('open');
    expect(await mails('makeup-cancelled')).toHaveLength(1);
    expect((await mia.parent.delete(`${P}/${bookingId}`)).status).toBe(404);
    expect(await auditCount(t, s.companyA, 'attendance.settings_updated')).toBe(2);
  });
});

describe('ten parents for the last place', () => {
  it('gives it to exactly one', async () => {
    const lastPlace = await klass('Lyrical 2', { day: 3, level: 2, genres: [], nMax: 1 });
    const families = [];
    for (let i = 0; i < 10; i++)
      families.push(
        await familyOf(t, s.companyA, `mk-race${i}@example.com`, [{ firstName: `R${i}`, dob: '2016-01-01' }]),
      );
    const credits = await grantMakeupCredits(t.database.db, {
      companyId: s.companyA,
      missed: families.map((f) => ({
        familyId: f.id,
        studentId: f.students[0]!,
        classId: cls.missed!,
        meetingDate: '2026-11-18',
        source: 'absence' as const,
      })),
      windowDays: 30,
      by: null,
      now: t.clock.now(),
    });
    const answers = await Promise.all(
      families.map((f, i) =>
        f.parent.post(P, { creditID: credits[i], clSchID: lastPlace, date: '2026-11-26' }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 422 && a.body[1] === MAKEUP_TEXT.full)).toHaveLength(9);
    const rows = await t.database.db
      .select()
      .from(makeupBookings)
      .where(eq(makeupBookings.classId, lastPlace));
    expect(rows).toHaveLength(1);
    const states = await t.database.db
      .select({ state: makeupCredits.state })
      .from(makeupCredits)
      .where(inArray(makeupCredits.id, credits));
    expect(states.filter((r) => r.state === 'booked')).toHaveLength(1);
  });
});

describe('the owner', () => {
  it('lists a family’s credits, gives and removes them, audited; a removed booked credit frees its place', async () => {
    const answer = await ok(s.a.get(`/api/mystudio/account/${mia.id}/makeups`));
    expect(answer.credits.map((c: { source: string }) => c.source).sort()).toEqual(['absence', 'owner']);
    expect(await auditCount(t, s.companyA, 'family.makeup_granted')).toBe(1);
    expect(await mails('makeup-granted')).toHaveLength(1);
    const booked = answer.credits.find((c: { state: string }) => c.state === 'booked');
    expect((await s.b.delete(`/api/mystudio/makeups/${booked.id}`)).status).toBe(404);
    expect((await mia.parent.delete(`/api/mystudio/makeups/${booked.id}`)).status).toBe(403);
    expect(await ok(s.a.delete(`/api/mystudio/makeups/${booked.id}?note=Family%20moved`))).toEqual({
      msg: MAKEUP_TEXT.removed,
    });
    const row = await creditRow(booked.id);
    expect(row).toMatchObject({ state: 'removed', note: 'Family moved' });
    const [b] = await t.database.db
      .select()
      .from(makeupBookings)
      .where(eq(makeupBookings.creditId, booked.id));
    expect(b!.state).toBe('cancelled');
    expect(await auditCount(t, s.companyA, 'family.makeup_removed')).toBe(1);
    const log = (await ok(s.a.get(`/api/mystudio/account/${mia.id}/logs`))) as { items: { text: string }[] };
    const texts = log.items.map((e) => e.text);
    expect(texts).toContain('Make-up booked for Mia: Jazz 2 on Nov 23, 2026');
    expect(texts).toContain('Make-up cancelled for Mia: Jazz 2 on Nov 23, 2026');
    expect(texts).toContain('Make-up credit given to Mia, to book by Dec 5, 2026: Snow day');
    expect(texts).toContain('Make-up credit of Mia removed: Family moved');
    expect((await s.a.delete(`/api/mystudio/makeups/${booked.id}`)).status).toBe(422);
    expect((await s.b.get(`/api/mystudio/account/${mia.id}/makeups`)).status).toBe(404);
    const bad = await s.a.post(`/api/mystudio/account/${mia.id}/makeups`, {
      studentID: mia.students[0],
      expiresOn: '2026-11-01',
    });
    expect(bad).toMatchObject({ status: 400, body: [false, MAKEUP_TEXT.expiresTooSoon] });
  });

  it('reads and saves the attendance settings; refuses a value out of range', async () => {
    expect(await ok(s.a.get('/api/mystudio/attendance/settings'))).toEqual({
      makeupWindowDays: 30,
      makeupCancelHours: 24,
      closureGivesMakeups: false,
    });
    const bad = await s.a.put('/api/mystudio/attendance/settings', {
      makeupWindowDays: 0,
      makeupCancelHours: 24,
      closureGivesMakeups: false,
    });
    expect(bad.status).toBe(400);
    expect((await s.parent.get('/api/mystudio/attendance/settings')).status).toBe(403);
  });
});

describe('a studio with no make-ups day queued', () => {
  it('gets its chain when the owner gives a credit by hand (no restart needed)', async () => {
    const db = t.database.db;
    const dayJobs = () =>
      db
        .select({ key: jobs.key, state: jobs.state })
        .from(jobs)
        .where(and(eq(jobs.kind, 'makeups.day'), eq(jobs.companyId, s.companyB)));
    expect(await dayJobs()).toEqual([]);
    const fam = await familyOf(t, s.companyB, 'mk-b@example.com', [{ firstName: 'Bea' }]);
    const give = () =>
      ok(
        s.b.post(`/api/mystudio/account/${fam.id}/makeups`, {
          studentID: fam.students[0],
          expiresOn: '2026-12-20',
          note: 'Snow day',
        }),
      );
    await give();
    expect(await dayJobs()).toEqual([{ key: `${s.companyB}:2026-11-21`, state: 'queued' }]);
    // A second credit queues nothing more: the day is keyed.
    await give();
    expect(await dayJobs()).toHaveLength(1);
  });
});

describe('the make-ups day, by npm run jobs -- --until', () => {
  it('expires the unused credit once, a month later, and marks a booked one used after its meeting', async () => {
    const db = t.database.db;
    // Mia's absence credit is open (expires Dec 18); book the granted credit's sister into Jazz 2 on Dec 7.
    const [used] = await grantMakeupCredits(db, {
      companyId: s.companyA,
      missed: [
        {
          familyId: mia.id,
          studentId: mia.students[0]!,
          classId: cls.missed!,
          meetingDate: '2026-11-25',
          source: 'absence',
        },
      ],
      windowDays: 30,
      by: null,
      now: t.clock.now(),
    });
    expect(
      (await mia.parent.post(P, { creditID: used, clSchID: cls.sameLevel, date: '2026-12-07' })).status,
    ).toBe(200);
    // Two more booked into Ballet 4: on Dec 8, which a closure of every class then cancels (saved
    // straight into the table, so its own cancelling of bookings does not reach it), and on Dec 1,
    // whose closure was removed (the meeting was held).
    const closedOn = async (meetingDate: string, date: string) => {
      const [id] = await grantMakeupCredits(db, {
        companyId: s.companyA,
        missed: [
          {
            familyId: mia.id,
            studentId: mia.students[0]!,
            classId: cls.missed!,
            meetingDate,
            source: 'absence',
          },
        ],
        windowDays: 40,
        by: null,
        now: t.clock.now(),
      });
      expect((await mia.parent.post(P, { creditID: id, clSchID: cls.sameGenre, date })).status).toBe(200);
      return id!;
    };
    const closed = await closedOn('2026-11-11', '2026-12-08');
    const reopened = await closedOn('2026-11-04', '2026-12-01');
    await db.insert(classClosures).values([
      { companyId: s.companyA, classId: null, dateFrom: '2026-12-08', dateTo: '2026-12-08', reason: 'Snow' },
      {
        companyId: s.companyA,
        classId: cls.sameGenre!,
        dateFrom: '2026-12-01',
        dateTo: '2026-12-01',
        reason: 'Sick teacher',
        removedAt: new Date('2026-11-21T15:00:00Z'),
      },
    ]);
    await ensureMakeupsScheduled(db, t.clock);
    const handlers = jobHandlers({
      transport: null,
      appUrl: 'http://localhost:3000',
      provider: paymentsFor({ db, clock: t.clock, env: {} }).provider,
    });
    const run = (until: string) =>
      runJobsUntil({ db, until, handlers, leaseClock: systemClock, print: () => {} });
    await run('2026-12-21');
    const expired = await creditRow(credit);
    expect(expired.state).toBe('expired');
    expect(expired.settledAt).not.toBeNull();
    expect((await creditRow(used!)).state).toBe('used');
    // The meeting the closure cancelled was not held: its credit is not used.
    expect((await creditRow(closed)).state).toBe('booked');
    expect((await creditRow(reopened)).state).toBe('used');
    expect(await mails('makeup-expiring')).toHaveLength(1);
    const audits = await auditCount(t, s.companyA, 'family.makeup_expired');
    // Run again (and a day further): nothing changes twice.
    await run('2026-12-21');
    await run('2026-12-22');
    expect(await creditRow(credit)).toEqual(expired);
    expect(await auditCount(t, s.companyA, 'family.makeup_expired')).toBe(audits);
    expect(await mails('makeup-expiring')).toHaveLength(1);
    const left = await db
      .select()
      .from(makeupCredits)
      .where(and(eq(makeupCredits.companyId, s.companyA), eq(makeupCredits.state, 'open')));
    expect(left.every((c) => c.expiresOn >= '2026-12-22')).toBe(true);
  });
});

describe('the reminders’ addresses', () => {
  it('reads many families’ addresses in one statement, as the ledger reads one', async () => {
    const db = t.database.db;
    const held = await familyOf(t, s.companyA, 'mk-held@example.com', [{ firstName: 'Hal' }]);
    await db.update(familyAccounts).set({ mailHeld: true }).where(eq(familyAccounts.id, held.id));
    const ids = [mia.id, held.id, UNKNOWN_ID];
    const { count, result } = await countQueries(t, () => familyAddresses(db, s.companyA, ids));
    expect(count).toBe(1);
    for (const id of [mia.id, held.id])
      expect(result.get(id), id).toEqual(await familyAddress(db, s.companyA, id));
    expect(result.get(mia.id)!.to).toBe('mk-mia@example.com');
    expect(result.has(UNKNOWN_ID)).toBe(false);
    // Another studio's family is not read.
    expect((await familyAddresses(db, s.companyB, [mia.id])).size).toBe(0);
  });
});

describe('query discipline', () => {
  it('lists a family’s credits and their meetings in the same round trips for 1 credit and for 16', async () => {
    const db = t.database.db;
    const grant = (n: number, from: number) =>
      grantMakeupCredits(db, {
        companyId: s.companyA,
        missed: Array.from({ length: n }, (_, i) => ({
          familyId: mia.id,
          studentId: mia.students[0]!,
          classId: cls.missed!,
          // Days that gave no credit yet (a credit is its missed meeting's), each valid well past today.
          meetingDate: addDays('2026-10-10', -(from + i)),
          source: 'absence' as const,
        })),
        windowDays: 90,
        by: null,
        now: t.clock.now(),
      });
    const measure = async () => {
      t.database.changes.bump();
      const { count, result } = await countQueries(t, () => mia.parent.get(P));
      expect(result.status).toBe(200);
      return { count, open: (result.body[1] as MakeupsAnswer).credits.filter((c) => c.state === 'open') };
    };
    await grant(1, 0);
    const one = await measure();
    await grant(15, 1);
    const many = await measure();
    expect(one.open).toHaveLength(1);
    expect(many.open).toHaveLength(16);
    expect(many.open.every((c) => c.options.length > 0)).toBe(true);
    expect(many.count).toBe(one.count);
    expect(one.count).toBeLessThanOrEqual(12);
  });
});
