import { randomUUID } from 'node:crypto';
import type { BackstagePage, DoorPage, ScanAnswer } from '@pirouette/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertRecital, insertSeats, insertShow, insertTicket } from '../../../test/door-records';
import { createFamily, createPerson, createStudent, registerInClass } from '../../../test/factories';
import { signIn } from '../../../test/flows';
import { insertClass, scheduleRecords } from '../../../test/schedule-records';
import { type Caller, caller } from '../../../test/studios';
import { useTwoStudios } from '../../../test/studios-base';
import { mailOutbox } from '../../db/schema/mail';
import { backstageSignins, recitalShowNumbers, recitalTickets, ticketScans } from '../../db/schema/recitals';
import { danceNumbers } from '../../db/schema/schedule';

const { t, s } = useTwoStudios();

let recital: string;
let show: string;
let sunday: string;
let seats: string[];
let teacher: Caller;
let ava: string;
let zoe: string;

const scan = (code: string, extra: Record<string, unknown> = {}) => ({
  clientScanId: randomUUID(),
  code,
  scannedAt: '2026-11-21T18:40:00.000Z',
  door: 'Main door',
  ...extra,
});
const send = async (who: Caller, scans: unknown[], to = show) => {
  const res = await who.post(`/api/mystudio/door/${to}/scans`, { scans });
  return { status: res.status, results: res.body[1]?.results as ScanAnswer[] };
};
const ticket = (n: number, state?: 'sold' | 'refunded' | 'held', on = show) =>
  insertTicket(t.database.db, {
    companyId: s.companyA,
    recitalId: recital,
    showId: on,
    seatId: seats[n]!,
    state,
  });

beforeAll(async () => {
  const db = t.database.db;
  recital = await insertRecital(db, s.companyA);
  show = await insertShow(db, s.companyA, recital, 'Saturday 2 PM');
  sunday = await insertShow(db, s.companyA, recital, 'Sunday 11 AM', '2026-11-22');
  seats = await insertSeats(db, s.companyA, recital, 'Orchestra', 'C', 30);
  const records = await scheduleRecords(s.a, s.termA.id);
  const cls = await insertClass(db, s.companyA, records, { name: 'Jazz I' });
  const [number] = await db
    .insert(danceNumbers)
    .values({ companyId: s.companyA, classId: cls, genreId: records.genreId, name: 'Sparkle' })
    .returning({ id: danceNumbers.id });
  await db.insert(recitalShowNumbers).values({
    companyId: s.companyA,
    recitalId: recital,
    showId: show,
    danceNumberId: number!.id,
    position: 0,
  });
  const family = (await createFamily(db, s.companyA, { email: 'rivera@example.com' })).id;
  ava = (
    await createStudent(db, { companyId: s.companyA, familyId: family, firstName: 'Ava', lastName: 'Rivera' })
  ).id;
  zoe = (
    await createStudent(db, { companyId: s.companyA, familyId: family, firstName: 'Zoe', lastName: 'Rivera' })
  ).id;
  await registerInClass(db, { companyId: s.companyA, classId: cls, studentId: ava });
  await createPerson(db, {
    email: 'lena.teacher@example.com',
    companyId: s.companyA,
    role: 'teacher',
    password: 'Teacher123',
    teacherId: records.teacherId,
  });
  teacher = caller(t, (await signIn(t, 'lena.teacher@example.com', 'Teacher123')).token);
});

describe('POST api/mystudio/door/:showId/scans', () => {
  it('admits a sold ticket once; a second scan is refused with when and where it was first used', async () => {
    const { code } = await ticket(0);
    const first = await send(s.a, [scan(code)]);
    expect(first.status).toBe(200);
    expect(first.results[0]).toMatchObject({
      result: 'admitted',
      seat: 'Orchestra · Row C · Seat 1',
      holder: 'Dana Rivera',
    });
    const second = await send(teacher, [
      scan(code, { door: 'Side door', scannedAt: '2026-11-21T18:45:00.000Z' }),
    ]);
    expect(second.results[0]).toMatchObject({
      result: 'already_used',
      firstUse: { at: '2026-11-21T18:40:00.000Z', door: 'Main door' },
      usedTwice: false,
    });
    expect(second.results[0]!.msg).toBe(
      `Already used at 1:40 PM, Main door (${second.results[0]!.firstUse!.by}).`,
    );
  });

  it('admits exactly one of two phones scanning one ticket at once', async () => {
    const { code, id } = await ticket(1);
    const [a, b] = await Promise.all([
      send(s.a, [scan(code)]),
      send(teacher, [scan(code, { door: 'Side door' })]),
    ]);
    const results = [a.results[0]!.result, b.results[0]!.result].sort();
    expect(results).toEqual(['admitted', 'already_used']);
    const rows = await t.database.db.select().from(ticketScans).where(eq(ticketScans.ticketId, id));
    expect(rows.map((r) => r.result).sort()).toEqual(['admitted', 'already_used']);
  });

  it('answers the same scan sent twice the same, with one row', async () => {
    const { code, id } = await ticket(2);
    const once = scan(code);
    const a = await send(s.a, [once]);
    const b = await send(s.a, [once]);
    expect(a.results[0]!.result).toBe('admitted');
    expect(b.results[0]!.result).toBe('admitted');
    const rows = await t.database.db.select().from(ticketScans).where(eq(ticketScans.ticketId, id));
    expect(rows).toHaveLength(1);
  });

  it('refuses a batch naming one scan twice, writing nothing', async () => {
    const { code, id } = await ticket(9);
    const once = scan(code);
    const res = await s.a.post(`/api/mystudio/door/${show}/scans`, {
      scans: [once, { ...once, code: 'OTHER' }],
    });
    expect(res.status).toBe(400);
    expect(res.body[1]).toBe(
      'The same scan was sent twice in one batch. Reload the door page and try again.',
    );
    const rows = await t.database.db.select().from(ticketScans).where(eq(ticketScans.ticketId, id));
    expect(rows).toHaveLength(0);
  });

  it('takes an offline batch: a ticket used twice admits the earliest, the later marked used twice', async () => {
    const { code, id } = await ticket(3);
    const later = scan(code, { scannedAt: '2026-11-21T18:50:00.000Z', offline: true, door: 'Side door' });
    const earlier = scan(code, { scannedAt: '2026-11-21T18:31:00.000Z', offline: true });
    const { results } = await send(teacher, [later, earlier]);
    expect(results.map((r) => r.result)).toEqual(['already_used', 'admitted']);
    expect(results[0]).toMatchObject({
      usedTwice: true,
      firstUse: { at: '2026-11-21T18:31:00.000Z', door: 'Main door' },
    });
    const [row] = await t.database.db.select().from(recitalTickets).where(eq(recitalTickets.id, id));
    expect(row!.usedAt!.toISOString()).toBe('2026-11-21T18:31:00.000Z');
  });

  it('refuses a refunded ticket, a ticket of another show and an unknown code', async () => {
    const refunded = await ticket(4, 'refunded');
    const other = await ticket(5, 'sold', sunday);
    const { results } = await send(s.a, [scan(refunded.code), scan(other.code), scan('no-such-code')]);
    expect(results.map((r) => r.result)).toEqual(['refunded', 'wrong_show', 'unknown']);
    expect(results[1]!.msg).toBe('This ticket is for another show: Sunday 11 AM.');
  });

  it('reads the code from a ticket link', async () => {
    const { code } = await ticket(6);
    const { results } = await send(s.a, [scan(`https://studio.example/t/${code}`)]);
    expect(results[0]).toMatchObject({ result: 'admitted', code });
  });

  it("answers 404 for another studio's show and refuses a parent", async () => {
    expect((await send(s.b, [scan('x1234567')])).status).toBe(404);
    expect((await s.b.get(`/api/mystudio/door/${show}`)).status).toBe(404);
    expect((await send(s.parent, [scan('x1234567')])).status).toBe(403);
    expect((await s.parent.get(`/api/mystudio/door/${show}`)).status).toBe(403);
  });
});

describe('GET api/mystudio/door/:showId', () => {
  it('gives a teacher the counts, the latest scans and the codes, and no money', async () => {
    const res = await teacher.get(`/api/mystudio/door/${show}`);
    expect(res.status).toBe(200);
    const page = res.body[1] as DoorPage;
    expect(page.counts.sold).toBe(page.tickets.filter((x) => x.state !== 'refunded').length);
    expect(page.counts.admitted).toBe(page.tickets.filter((x) => x.state === 'used').length);
    expect(page.counts.left).toBe(page.counts.sold - page.counts.admitted);
    expect(page.tickets.find((x) => x.state === 'refunded')).toBeDefined();
    expect(page.recent.length).toBeGreaterThan(0);
    expect(JSON.stringify(res.body)).not.toMatch(/price|amount|total|1500/i);
  });
});

describe('backstage', () => {
  const event = (studentId: string, kind: 'in' | 'out', extra: Record<string, unknown> = {}) => ({
    clientId: randomUUID(),
    studentId,
    kind,
    at: '2026-11-21T18:05:00.000Z',
    ...extra,
  });
  const mails = async () =>
    (await t.database.db.select().from(mailOutbox)).filter((m) => m.key?.startsWith('backstage:'));

  it('lists the numbers with their dancers, signs in and out, and mails the family once per event', async () => {
    const page = (await teacher.get(`/api/mystudio/backstage/${show}`)).body[1] as BackstagePage;
    expect(page.numbers).toEqual([
      expect.objectContaining({
        name: 'Sparkle',
        dancers: [expect.objectContaining({ firstName: 'Ava', state: 'waiting' })],
      }),
    ]);
    const signIn = event(ava, 'in');
    const a = await teacher.post(`/api/mystudio/backstage/${show}`, { events: [signIn] });
    expect(a.body[1]).toMatchObject({ saved: [signIn.clientId], ignored: [], refused: [] });
    const again = await teacher.post(`/api/mystudio/backstage/${show}`, { events: [signIn] });
    expect(again.body[1]).toMatchObject({ saved: [], ignored: [signIn.clientId] });
    const out = event(ava, 'out', { at: '2026-11-21T21:40:00.000Z', pickedUpBy: 'Dana Rivera' });
    await teacher.post(`/api/mystudio/backstage/${show}`, { events: [out] });
    const sent = await mails();
    expect(sent).toHaveLength(2);
    expect(sent.map((m) => m.text).join('\n')).toContain(
      'Ava signed in backstage for the Saturday 2 PM show at 1:05 PM.',
    );
    expect(sent.map((m) => m.text).join('\n')).toContain('at 4:40 PM, picked up by Dana Rivera.');
    const after = (await s.a.get(`/api/mystudio/backstage/${show}`)).body[1] as BackstagePage;
    expect(after.numbers[0]!.dancers[0]).toMatchObject({ state: 'out', pickedUpBy: 'Dana Rivera' });
    expect(after.counts).toEqual({ expected: 1, in: 0, out: 1 });
  });

  it('refuses a dancer not in the show, writing nothing', async () => {
    const res = await s.a.post(`/api/mystudio/backstage/${show}`, { events: [event(zoe, 'in')] });
    expect(res.body[1]).toMatchObject({ saved: [], refused: [expect.any(String)] });
    const rows = await t.database.db
      .select()
      .from(backstageSignins)
      .where(eq(backstageSignins.studentId, zoe));
    expect(rows).toHaveLength(0);
    expect((await s.b.get(`/api/mystudio/backstage/${show}`)).status).toBe(404);
    expect((await s.parent.get(`/api/mystudio/backstage/${show}`)).status).toBe(403);
  });

  it('signs out a dancer signed in before their number left the show; one never signed in is refused', async () => {
    await t.database.db.delete(recitalShowNumbers).where(eq(recitalShowNumbers.showId, show));
    const out = event(ava, 'out', { at: '2026-11-21T21:50:00.000Z', pickedUpBy: 'Dana Rivera' });
    const never = event(zoe, 'out');
    const res = await teacher.post(`/api/mystudio/backstage/${show}`, { events: [out, never] });
    expect(res.body[1]).toMatchObject({ saved: [out.clientId], refused: [never.clientId] });
  });
});
