import { CLOSURE_TEXT, FAMILY_LOG_ACTIONS } from '@pirouette/domain';
import { and, eq, like, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFamily, createStudent, registerInClass } from '../../../test/factories';
import { countQueries } from '../../../test/query-count';
import { auditCount, targetAuditCount, UNKNOWN_ID } from '../../../test/studios';
import { useTwoStudios } from '../../../test/studios-base';
import { makeupBookings, makeupCredits } from '../../db/schema/attendance';
import { familyAccounts } from '../../db/schema/families';
import { ledgerEntries, ledgerTransactions } from '../../db/schema/ledger';
import { mailOutbox } from '../../db/schema/mail';
import { classRegistrations } from '../../db/schema/schedule';
import { familyOf, ok, registrationStudio } from '../class-registration/class-registration.fixture';

/**
 * Studio closures through their calls (issue 36, decision 062): a closure cancels its meetings, tells
 * each family once (never a held one), shows cancelled in the calendar feed, gives make-up credits and
 * a tuition credit when asked (posted once, the books balanced), refuses an overlap; removed, the
 * meetings are back and its open credits removed. Another studio's class or closure is 404, a parent 403.
 */

const C = '/api/mystudio/closures';
const { t, s } = useTwoStudios();
let classes: { tuesday: string; thursday: string; monday: string };
let patels: Awaited<ReturnType<typeof familyOf>>;
let others: Awaited<ReturnType<typeof familyOf>>;
let heldFamily: string;

const thanksgiving = {
  clSchID: null,
  dateFrom: '2026-11-23',
  dateTo: '2026-11-27',
  reason: 'Thanksgiving',
  givesMakeups: true,
  creditsTuition: true,
};

const db = () => t.database.db;
const outboxCount = async () => (await db().select({ n: sql<number>`count(*)::int` }).from(mailOutbox))[0]!.n;
const closureMails = (id: string) =>
  db()
    .select()
    .from(mailOutbox)
    .where(like(mailOutbox.key, `closure:${id}:%`));

/** What a family owes less what it holds in credit (cents): its receivable and credit entries. */
const familyNet = async (familyId: string) =>
  (
    await db()
      .select({ sum: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)::int` })
      .from(ledgerEntries)
      .where(
        and(eq(ledgerEntries.familyId, familyId), sql`${ledgerEntries.account} in ('receivable', 'credit')`),
      )
  )[0]!.sum;
/** Every entry of the studio's ledger: zero when balanced. */
const studioSum = async () =>
  (
    await db()
      .select({ sum: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)::int` })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.companyId, s.companyA))
  )[0]!.sum;

beforeAll(async () => {
  const setting = await registrationStudio(s);
  classes = setting.classes;
  patels = await familyOf(t, s.companyA, 'closure-patel@example.com', [
    { firstName: 'Maya', dob: '2014-08-19' },
    { firstName: 'Leo', dob: '2017-05-02' },
  ]);
  others = await familyOf(t, s.companyA, 'closure-other@example.com', [{ firstName: 'Zoe' }]);
  const [maya, leo] = patels.students as [string, string];
  const reg = (classId: string, studentId: string, price: number) =>
    registerInClass(db(), { companyId: s.companyA, classId, studentId, pr0: price, prI: price, prF: price });
  await reg(classes.tuesday, maya, 6000);
  await reg(classes.thursday, maya, 4500);
  await reg(classes.tuesday, leo, 5400);
  await reg(classes.tuesday, others.students[0]!, 6000);
  // A family brought by an import and not invited yet: its mail is held.
  const held = await createFamily(db(), s.companyA, { email: 'held@example.com' });
  await db().update(familyAccounts).set({ mailHeld: true }).where(eq(familyAccounts.id, held.id));
  const ivy = await createStudent(db(), { companyId: s.companyA, familyId: held.id, firstName: 'Ivy' });
  await reg(classes.tuesday, ivy.id, 6000);
  heldFamily = held.id;
});

describe('refusals', () => {
  it.each([
    [{ ...thanksgiving, dateTo: '2026-11-20' }, CLOSURE_TEXT.datesOutOfOrder],
    [{ ...thanksgiving, dateTo: '2026-12-31' }, CLOSURE_TEXT.tooLong],
    [{ ...thanksgiving, reason: '' }, 'The reason is required'],
    [{ ...thanksgiving, reason: 'Snow\nday' }, 'The reason contains characters that are not allowed'],
  ])('refuses a bad closure with a sentence (%#)', async (body, sentence) => {
    const before = await outboxCount();
    const res = await s.a.post(C, body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual([false, sentence]);
    expect(await outboxCount()).toBe(before);
  });

  it('refuses days with no meeting in the term, a class of another studio, a parent', async () => {
    const summer = await s.a.post(C, { ...thanksgiving, dateFrom: '2027-07-05', dateTo: '2027-07-09' });
    expect(summer.status).toBe(422);
    expect(summer.body).toEqual([false, CLOSURE_TEXT.noMeetings]);
    const theirs = await s.b.post(C, { ...thanksgiving, clSchID: classes.tuesday });
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual([false, CLOSURE_TEXT.classNotFound]);
    expect((await s.parent.post(C, thanksgiving)).status).toBe(403);
    expect((await s.parent.get(`${C}?from=2026-11-01&to=2026-11-30`)).status).toBe(403);
    expect((await s.a.get('/api/mystudio/meetings?from=2026-09-01&to=2026-12-31')).status).toBe(400);
  });
});

describe('a closure of every class', () => {
  let id: string;
  let feedUrl: string;

  it('previews what it cancels before it is saved', async () => {
    const preview = await ok(
      s.a.get(`${C}/preview?dateFrom=${thanksgiving.dateFrom}&dateTo=${thanksgiving.dateTo}`),
    );
    // Monday Ballet 1, Tuesday Jazz 1, Thursday Tap 1; the Patels, Zoe's family and Ivy's.
    expect(preview).toEqual({
      nMeetings: 3,
      nFamilies: 3,
      nDancers: 4,
      problem: null,
      makeupsByDefault: false,
    });
    feedUrl = (await ok(patels.parent.post('/api/parents/calendar'))).url;
  });

  it('cancels its meetings and tells each family with an address once', async () => {
    const before = await outboxCount();
    const made = await ok(s.a.post(C, thanksgiving));
    id = made.id;
    // Ivy's family's mail is held: it is not told.
    expect(made).toMatchObject({ nMeetings: 3, nFamilies: 2, msg: CLOSURE_TEXT.created(3, 2) });
    expect(await outboxCount()).toBe(before + 2);
    const mails = await closureMails(id);
    expect(mails.map((m) => m.to).sort()).toEqual(['closure-other@example.com', 'closure-patel@example.com']);
    const patel = mails.find((m) => m.to === 'closure-patel@example.com')!;
    expect(patel.subject).toContain('Thanksgiving');
    expect(patel.text).toContain('Tuesday, Nov 24, 2026: Jazz 1 (Leo, Maya)');
    expect(patel.text).toContain('Thursday, Nov 26, 2026: Tap 1 (Maya)');
    expect(patel.text).toContain('make-up credit');
    expect(patel.text).toContain('We credited $39.75');
    expect(mails.some((m) => m.text.includes('Ivy'))).toBe(false);
    expect(await auditCount(t, s.companyA, 'closure.create')).toBe(1);
    // Each family told has its log's line, with the mail's subject; the held family none.
    expect(await targetAuditCount(t, 'family.email_sent', patels.id)).toBe(1);
    expect(await targetAuditCount(t, 'family.email_sent', heldFamily)).toBe(0);

    const meetings = await ok(s.a.get('/api/mystudio/meetings?from=2026-11-23&to=2026-12-01'));
    const cancelled = meetings.items.filter((m: { closureID: string | null }) => m.closureID === id);
    expect(cancelled.map((m: { date: string }) => m.date)).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-26',
    ]);
    expect(meetings.items.find((m: { date: string }) => m.date === '2026-12-01')).toMatchObject({
      className: 'Jazz 1',
      closureID: null,
      reason: null,
    });
  });

  it('is refused when saved again (an overlap), and nothing more is sent', async () => {
    const before = await outboxCount();
    const again = await s.a.post(C, thanksgiving);
    expect(again.status).toBe(422);
    expect(again.body[1]).toContain('overlap the closure "Thanksgiving"');
    const oneClass = await s.a.post(C, {
      ...thanksgiving,
      clSchID: classes.thursday,
      dateFrom: '2026-11-26',
    });
    expect(oneClass.status).toBe(422);
    expect(await outboxCount()).toBe(before);
    const preview = await ok(s.a.get(`${C}/preview?dateFrom=2026-11-27&dateTo=2026-11-30`));
    expect(preview.problem).toContain('Thanksgiving');
  });

  it('shows the meetings as cancelled in the family calendar feed', async () => {
    const feed = await t.call({ method: 'GET', url: new URL(feedUrl).pathname });
    expect(feed.status).toBe(200);
    const text = (feed.body as unknown as string).replace(/\r\n[ \t]/g, '');
    const events = text.split('BEGIN:VEVENT').slice(1);
    const on = (date: string, classId: string) =>
      events.find((e) => e.includes(`class-${classId}-${date}@`))!;
    expect(on('2026-11-24', classes.tuesday)).toContain('STATUS:CANCELLED');
    expect(on('2026-11-24', classes.tuesday)).toContain('SUMMARY:Cancelled: Maya & Leo — Jazz 1');
    expect(on('2026-11-26', classes.thursday)).toContain('STATUS:CANCELLED');
    expect(on('2026-12-01', classes.tuesday)).not.toContain('STATUS:CANCELLED');
    expect(text.match(/STATUS:CANCELLED/g)).toHaveLength(2);
  });

  it('gives a make-up credit per dancer and meeting, and a tuition credit posted once per family', async () => {
    const credits = await db().select().from(makeupCredits).where(eq(makeupCredits.closureId, id));
    // Maya twice, Leo, Zoe, Ivy: every expected dancer, told or not.
    expect(credits).toHaveLength(5);
    expect(credits.every((c) => c.source === 'closure' && c.state === 'open')).toBe(true);
    const posted = await db()
      .select()
      .from(ledgerTransactions)
      .where(like(ledgerTransactions.idempotencyKey, `closure:${id}:%`));
    // Maya's Jazz 6000/4 + Tap 4500/4, Leo's Jazz 5400/4 = 1500 + 1125 + 1350; Zoe's 1500; Ivy's 1500.
    expect(posted).toHaveLength(3);
    const patelTx = posted.find((p) => p.familyId === patels.id)!;
    expect(patelTx.reason).toBe('Studio closed 11/23/2026–11/27/2026: Thanksgiving');
    const [{ sum }] = (await db()
      .select({ sum: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)::int` })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.companyId, s.companyA))) as [{ sum: number }];
    expect(sum).toBe(0);
    const credit = await db()
      .select({ sum: sql<number>`sum(${ledgerEntries.amount})::int` })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.familyId, patels.id), eq(ledgerEntries.account, 'credit')));
    expect(credit[0]!.sum).toBe(-3975);
    expect(heldFamily).toBeTruthy();
  });

  it('lists it with its meetings and families told', async () => {
    const list = await ok(s.a.get(`${C}?from=2026-11-01&to=2026-11-30`));
    expect(list.items).toEqual([
      expect.objectContaining({
        id,
        clSchID: null,
        className: null,
        reason: 'Thanksgiving',
        givesMakeups: true,
        creditsTuition: true,
        nMeetings: 3,
        nFamilies: 2,
      }),
    ]);
    expect((await ok(s.b.get(`${C}?from=2026-11-01&to=2026-11-30`))).items).toEqual([]);
  });

  it("is another studio's 404, and removed brings the meetings back and removes its open credits", async () => {
    expect((await s.b.delete(`${C}/${id}`)).status).toBe(404);
    expect((await s.a.delete(`${C}/${UNKNOWN_ID}`)).status).toBe(404);
    expect((await s.parent.delete(`${C}/${id}`)).status).toBe(403);
    const before = await outboxCount();
    expect(await ok(s.a.delete(`${C}/${id}`))).toEqual({ msg: CLOSURE_TEXT.removed });
    expect(await outboxCount()).toBe(before + 2);
    const meetings = await ok(s.a.get('/api/mystudio/meetings?from=2026-11-23&to=2026-11-27'));
    expect(meetings.items.every((m: { closureID: string | null }) => m.closureID === null)).toBe(true);
    const credits = await db().select().from(makeupCredits).where(eq(makeupCredits.closureId, id));
    expect(credits.every((c) => c.state === 'removed')).toBe(true);
    // Each family's tuition credit is taken back by a charge of the same amount, once.
    const posted = await db()
      .select()
      .from(ledgerTransactions)
      .where(like(ledgerTransactions.idempotencyKey, `closure:${id}:%`));
    expect(posted).toHaveLength(6);
    expect(posted.filter((p) => p.idempotencyKey.endsWith(':withdrawn'))).toHaveLength(3);
    expect(await familyNet(patels.id)).toBe(0);
    expect(await studioSum()).toBe(0);
    const lifted = (await closureMails(id)).find((m) => m.key === `closure:${id}:${patels.id}:lifted`)!;
    expect(lifted.text).toContain('The credit of $39.75 we gave for these classes is withdrawn');
    expect((await s.a.delete(`${C}/${id}`)).status).toBe(409);
    expect((await ok(s.a.get(`${C}?from=2026-11-01&to=2026-11-30`))).items).toEqual([]);
    expect(await auditCount(t, s.companyA, 'closure.remove')).toBe(1);
  });

  it('closes one class without a credit: the families of that class only', async () => {
    const made = await ok(
      s.a.post(C, {
        clSchID: classes.thursday,
        dateFrom: '2026-12-03',
        dateTo: '2026-12-03',
        reason: 'Snow day',
      }),
    );
    expect(made).toMatchObject({ nMeetings: 1, nFamilies: 1 });
    const [mail] = await closureMails(made.id);
    expect(mail!.to).toBe('closure-patel@example.com');
    expect(mail!.text).toContain('Your tuition does not change.');
    expect(mail!.text).toContain('No make-up credit');
    expect(await db().select().from(makeupCredits).where(eq(makeupCredits.closureId, made.id))).toEqual([]);
  });
});

describe('a closure over a booked make-up', () => {
  it('cancels the make-up booked into a closed meeting: its credit open again, the family told once', async () => {
    const zoe = others.students[0]!;
    const credit = async (meetingDate: string) =>
      (
        await db()
          .insert(makeupCredits)
          .values({
            companyId: s.companyA,
            familyId: others.id,
            studentId: zoe,
            source: 'absence',
            classId: classes.tuesday,
            meetingDate,
            expiresOn: '2026-12-31',
            state: 'booked',
          })
          .returning({ id: makeupCredits.id })
      )[0]!.id;
    const book = async (creditId: string, meetingDate: string) =>
      (
        await db()
          .insert(makeupBookings)
          .values({
            companyId: s.companyA,
            creditId,
            familyId: others.id,
            studentId: zoe,
            classId: classes.thursday,
            meetingDate,
          })
          .returning({ id: makeupBookings.id })
      )[0]!.id;
    const closed = await credit('2026-11-03');
    const kept = await credit('2026-11-10');
    const closedBooking = await book(closed, '2026-12-10');
    const keptBooking = await book(kept, '2026-12-17');

    const made = await ok(
      s.a.post(C, {
        clSchID: classes.thursday,
        dateFrom: '2026-12-10',
        dateTo: '2026-12-10',
        reason: 'Rehearsal',
      }),
    );
    // The families of the class's dancers are told of the closure (the Patels); the guest's of its make-up.
    expect(made).toMatchObject({ nMeetings: 1, nFamilies: 1 });
    const state = async (id: string) =>
      (await db().select().from(makeupBookings).where(eq(makeupBookings.id, id)))[0]!.state;
    const creditState = async (id: string) =>
      (await db().select().from(makeupCredits).where(eq(makeupCredits.id, id)))[0]!.state;
    expect(await state(closedBooking)).toBe('cancelled');
    expect(await creditState(closed)).toBe('open');
    // Another meeting's make-up stays booked.
    expect(await state(keptBooking)).toBe('booked');
    expect(await creditState(kept)).toBe('booked');
    const told = await db().select().from(mailOutbox).where(like(mailOutbox.key, `makeup-cancelled:%`));
    expect(told.map((m) => [m.key, m.to])).toEqual([
      [`makeup-cancelled:${closedBooking}`, 'closure-other@example.com'],
    ]);
    expect(await targetAuditCount(t, FAMILY_LOG_ACTIONS.makeupCancelled, others.id)).toBe(1);
    // Removed, the closure leaves the cancelled make-up cancelled and its credit open: nothing twice.
    await ok(s.a.delete(`${C}/${made.id}`));
    expect(await state(closedBooking)).toBe('cancelled');
    expect(await creditState(closed)).toBe('open');
  });
});

describe('a tuition credit, priced by the registration expected and taken back once', () => {
  it('prices only the registrations the meeting expected (never a rejected, removed or dropped one)', async () => {
    const fam = await familyOf(t, s.companyA, 'closure-price@example.com', [
      { firstName: 'Ana' },
      { firstName: 'Bo' },
      { firstName: 'Cy' },
      { firstName: 'Di' },
    ]);
    const [ana, bo, cy, di] = fam.students as [string, string, string, string];
    const reg = async (
      studentId: string,
      prF: number,
      set: Partial<typeof classRegistrations.$inferInsert>,
    ) => {
      const r = await registerInClass(db(), {
        companyId: s.companyA,
        classId: classes.monday,
        studentId,
        prI: prF,
        prF,
      });
      if (Object.keys(set).length > 0)
        await db().update(classRegistrations).set(set).where(eq(classRegistrations.id, r.id));
    };
    // Ana's registration counts; Bo's was rejected, Cy's removed, Di's dropped before January.
    await reg(ana, 8000, {});
    await reg(bo, 20000, { status: -1 });
    await reg(cy, 30000, { iStatus: -2 });
    await reg(di, 40000, { isDropped: true, droppedOn: '2026-12-01' });
    const closure = {
      clSchID: classes.monday,
      dateFrom: '2027-01-11',
      dateTo: '2027-01-11',
      reason: 'Floor repairs',
      creditsTuition: true,
    };
    const before = await familyNet(fam.id);
    const first = await ok(s.a.post(C, closure));
    // Ballet 1 meets four Mondays in January 2027: 8000 / 4.
    expect(await familyNet(fam.id)).toBe(before - 2000);
    const [line] = (
      await db()
        .select()
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.idempotencyKey, `closure:${first.id}:${fam.id}`))
    ).map((p) => p.reason);
    expect(line).toBe('Ballet 1 closed 01/11/2027: Floor repairs');

    // Removed: the credit is taken back once; the family's balance is what it was, the books balanced.
    await ok(s.a.delete(`${C}/${first.id}`));
    expect(await familyNet(fam.id)).toBe(before);
    expect(await studioSum()).toBe(0);
    expect((await s.a.delete(`${C}/${first.id}`)).status).toBe(409);
    expect(await familyNet(fam.id)).toBe(before);

    // The same day closed again: credited again, once net.
    const again = await ok(s.a.post(C, closure));
    expect(again.id).not.toBe(first.id);
    expect(await familyNet(fam.id)).toBe(before - 2000);
    expect(await studioSum()).toBe(0);
    const lifted = (await closureMails(first.id)).find((m) => m.key?.endsWith(':lifted'))!;
    expect(lifted.text).toContain('The credit of $20.00 we gave for these classes is withdrawn');
  });
});

describe('query discipline', () => {
  it('reads the meetings and the closures in a fixed number of round trips, whatever the classes', async () => {
    const M = '/api/mystudio/meetings';
    const one = await countQueries(t, () =>
      s.a.get(`${M}?from=2026-11-01&to=2026-12-31&clSchID=${classes.tuesday}`),
    );
    const every = await countQueries(t, () => s.a.get(`${M}?from=2026-11-01&to=2026-12-31`));
    expect(one.result.status).toBe(200);
    expect(every.result.body[1].items.length).toBeGreaterThan(one.result.body[1].items.length);
    // The classes' frames and closures (1, one statement), and for every class the classes meeting then (1).
    expect(one.count).toBe(1);
    expect(every.count).toBe(2);
    await ok(
      s.a.post(C, {
        clSchID: classes.monday,
        dateFrom: '2026-12-07',
        dateTo: '2026-12-07',
        reason: 'Recital',
      }),
    );
    const list = await countQueries(t, () => s.a.get(`${C}?from=2026-09-01&to=2027-06-30`));
    // The snow day, the recital and January's floor repairs (the others were removed).
    expect(list.result.body[1].items).toHaveLength(3);
    expect(list.count).toBeLessThanOrEqual(5);
  });
});
