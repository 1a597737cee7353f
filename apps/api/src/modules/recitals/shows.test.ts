import type { RecitalBoard, RecitalProgramme, RecitalProposal, ShowRunningOrder } from '@pirouette/domain';
import { RECITAL_SHOWS_TEXT } from '@pirouette/domain';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFamily, createPerson, createStudent, registerInClass } from '../../../test/factories';
import { signIn } from '../../../test/flows';
import { countQueries, statementShape } from '../../../test/query-count';
import { insertClass, type ScheduleRecords, scheduleRecords } from '../../../test/schedule-records';
import { type Caller, caller, UNKNOWN_ID } from '../../../test/studios';
import { useTwoStudios } from '../../../test/studios-base';
import { yearTerms } from '../../db/schema/companies';
import { recitalShowNumbers, recitals, ticketOrders } from '../../db/schema/recitals';
import { danceNumberActivity, danceNumbers } from '../../db/schema/schedule';
import { auditLog } from '../../db/schema/security';
import {
  type LineupDancer,
  type LineupNumber,
  type RecitalRow,
  recitalOfStudio,
  type ShowRow,
  showLineup,
  showOfStudio,
} from './index';

const { t, s } = useTwoStudios();

const R = '/api/mystudio/recitals';
const S = '/api/mystudio/recital-shows';

let records: ScheduleRecords;
let recitalId: string;
let matinee: string;
let evening: string;
let day: string;
const n: Record<string, string> = {};
let teacher: Caller;

const RECITAL = {
  venueName: 'Civic Theatre',
  venueAddress: '1 Main St',
  gapSeconds: 30,
  intermissionMinutes: 15,
};
const SHOW = { startsAt: '20:00', doorsAt: '19:30' };
const ok = async (res: Promise<{ status: number; body: unknown[] }>) => {
  const r = await res;
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body[1] as Record<string, unknown>;
};
/** One column of the board (decision 106): `unassigned`, a show's id, or the default. */
const columnOf = async (show?: string, page = 1) =>
  (await ok(
    s.a.get(`${R}/${recitalId}/numbers?page=${page}${show ? `&show=${show}` : ''}`),
  )) as unknown as RecitalBoard;
/** The whole board: every column's numbers, the unassigned first, then each show's. */
const boardOf = async () => {
  const first = await columnOf('unassigned');
  const numbers = [...first.numbers];
  for (const show of first.shows) numbers.push(...(await columnOf(show.id)).numbers);
  return { ...first, numbers };
};
const orderOf = async (showId: string) => (await s.a.get(`${S}/${showId}/order`)).body[1] as ShowRunningOrder;

beforeAll(async () => {
  const db = t.database.db;
  records = await scheduleRecords(s.a, s.termA.id);
  const [term] = await db.select().from(yearTerms).where(eq(yearTerms.id, s.termA.id));
  day = term!.dateEnd;
  const numberIn = async (classId: string, name: string, songLength: number) => {
    const [row] = await db
      .insert(danceNumbers)
      .values({
        companyId: s.companyA,
        classId,
        genreId: records.genreId,
        name,
        songName: `${name} song`,
        songLength,
      })
      .returning({ id: danceNumbers.id });
    n[name] = row!.id;
  };
  const jazz = await insertClass(db, s.companyA, records, { name: 'Jazz I' });
  const tap = await insertClass(db, s.companyA, records, { name: 'Tap II', day: 1 });
  const ballet = await insertClass(db, s.companyA, records, { name: 'Ballet III', day: 2 });
  const hiphop = await insertClass(db, s.companyA, records, { name: 'Hip Hop', day: 3 });
  await numberIn(jazz, 'Fever', 180);
  await numberIn(tap, 'Swing', 150);
  await numberIn(ballet, 'Waltz', 200);
  await numberIn(hiphop, 'Groove', 170);
  await numberIn(hiphop, 'Silent', 100);
  const adams = (await createFamily(db, s.companyA, { email: 'adams@example.com' })).id;
  const chen = (await createFamily(db, s.companyA, { email: 'chen@example.com' })).id;
  const diaz = (await createFamily(db, s.companyA, { email: 'diaz@example.com' })).id;
  const student = (familyId: string, firstName: string, lastName: string) =>
    createStudent(db, { companyId: s.companyA, familyId, firstName, lastName }).then((x) => x.id);
  const ava = await student(adams, 'Ava', 'Adams');
  const ben = await student(adams, 'Ben', 'Adams');
  const cai = await student(chen, 'Cai', 'Chen');
  const dee = await student(diaz, 'Dee', 'Diaz');
  await registerInClass(db, { companyId: s.companyA, classId: jazz, studentId: ava });
  await registerInClass(db, { companyId: s.companyA, classId: tap, studentId: ben });
  await registerInClass(db, { companyId: s.companyA, classId: ballet, studentId: cai });
  await registerInClass(db, { companyId: s.companyA, classId: hiphop, studentId: dee });
  await registerInClass(db, { companyId: s.companyA, classId: tap, studentId: ava });
  // Dee does not dance "Silent" at the recital: it has no dancer there, so it needs no show.
  await db
    .update(danceNumberActivity)
    .set({ recital: false })
    .where(eq(danceNumberActivity.danceNumberId, n.Silent!));
  await createPerson(db, {
    email: 'tess.teacher@example.com',
    companyId: s.companyA,
    role: 'teacher',
    password: 'Teacher123',
    teacherId: records.teacherId,
  });
  teacher = caller(t, (await signIn(t, 'tess.teacher@example.com', 'Teacher123')).token);
});

describe('recitals and shows (decision 072)', () => {
  it('creates a recital with a random public token, and its shows', async () => {
    const res = await s.a.post(R, {
      name: 'Spring Recital',
      venueName: 'Civic Theatre',
      venueAddress: '1 Main St',
      firstDay: day,
      lastDay: day,
      gapSeconds: 30,
      intermissionMinutes: 15,
    });
    expect(res.status).toBe(200);
    recitalId = res.body[1].id;
    const [row] = await t.database.db.select().from(recitals).where(eq(recitals.id, recitalId));
    expect(row!.publicToken).toMatch(/^[0-9a-f]{24}$/);
    matinee = (
      await s.a.post(`${R}/${recitalId}/shows`, { name: 'Matinee', day, startsAt: '14:00', doorsAt: '13:30' })
    ).body[1].id;
    evening = (
      await s.a.post(`${R}/${recitalId}/shows`, { name: 'Evening', day, startsAt: '18:30', doorsAt: '18:00' })
    ).body[1].id;
    expect(matinee).toBeTruthy();
    expect(evening).toBeTruthy();
  });

  it('refuses a show outside the days, doors after the curtain, and a name taken', async () => {
    const outside = await s.a.post(`${R}/${recitalId}/shows`, {
      name: 'Late',
      day: '2099-01-01',
      startsAt: '14:00',
      doorsAt: '13:30',
    });
    expect(outside.status).toBe(422);
    expect(outside.body[1]).toBe(RECITAL_SHOWS_TEXT.dayOutside);
    const doors = await s.a.post(`${R}/${recitalId}/shows`, {
      name: 'X',
      day,
      startsAt: '14:00',
      doorsAt: '14:30',
    });
    expect(doors.status).toBe(400);
    expect(doors.body[1]).toBe(RECITAL_SHOWS_TEXT.doorsBefore);
    const taken = await s.a.post(`${R}/${recitalId}/shows`, {
      name: 'matinee',
      day,
      startsAt: '10:00',
      doorsAt: '09:30',
    });
    expect(taken.status).toBe(409);
  });

  it("answers 404 for another studio's recital and refuses a teacher or a parent", async () => {
    expect((await s.b.get(`${R}/${recitalId}/numbers`)).status).toBe(404);
    expect((await s.b.post(`${R}/${recitalId}/proposal`, {})).status).toBe(404);
    expect((await s.b.get(`${S}/${matinee}/order`)).status).toBe(404);
    expect((await teacher.get(`${R}/${recitalId}/numbers`)).status).toBe(403);
    expect((await s.parent.post(`${R}/${recitalId}/proposal`, {})).status).toBe(403);
  });

  it('lists the numbers that need a show, with class, dancers and families', async () => {
    const board = await boardOf();
    expect(board.numbers.map((x) => x.name).sort()).toEqual(['Fever', 'Groove', 'Swing', 'Waltz']);
    const swing = board.numbers.find((x) => x.name === 'Swing')!;
    expect(swing.className).toBe('Tap II');
    expect(swing.songLength).toBe('2:30');
    expect(swing.dancers.map((d) => d.name)).toEqual(['Ava Adams', 'Ben Adams']);
    expect(board.numbers.every((x) => x.showId === null)).toBe(true);
    expect(board.shows.map((x) => x.name)).toEqual(['Matinee', 'Evening']);
  });

  it('shows one column of the board at a time: the unassigned first, a show, a page', async () => {
    // Nothing placed yet: the default column is the numbers without a show, by class and name.
    const first = await columnOf();
    expect(first).toMatchObject({ column: null, total: 4, page: 1, pageSize: 40 });
    expect(first.counts).toEqual({ numbers: 4, unassigned: 4 });
    expect(first.numbers.map((x) => x.className)).toEqual([...first.numbers.map((x) => x.className)].sort());
    // A show's column is empty; a page past the end is empty, with the column's count.
    expect(await columnOf(matinee)).toMatchObject({ column: matinee, total: 0, numbers: [] });
    expect(await columnOf('unassigned', 2)).toMatchObject({ column: null, total: 4, numbers: [], page: 2 });
    // Another recital's show, a show that is not, a bad page: refused with a sentence.
    const unknown = await s.a.get(`${R}/${recitalId}/numbers?show=${UNKNOWN_ID}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body[1]).toBe(RECITAL_SHOWS_TEXT.showNotFound);
    const notAShow = await s.a.get(`${R}/${recitalId}/numbers?show=matinee`);
    expect(notAShow.status).toBe(400);
    expect(JSON.stringify(notAShow.body)).toContain(RECITAL_SHOWS_TEXT.invalid);
    const badPage = await s.a.get(`${R}/${recitalId}/numbers?page=0`);
    expect(badPage.status).toBe(400);
    expect(JSON.stringify(badPage.body)).toContain(RECITAL_SHOWS_TEXT.badPage);
    expect((await s.b.get(`${R}/${recitalId}/numbers?show=${matinee}`)).status).toBe(404);
  });

  it('keeps siblings together in the proposal, and saves it only when accepted', async () => {
    const res = await s.a.post(`${R}/${recitalId}/proposal`, {});
    expect(res.status).toBe(200);
    const p = res.body[1] as RecitalProposal;
    const showOf = new Map(p.assignment.map((a) => [a.numberId, a.showId]));
    expect(showOf.get(n.Fever!)).toBe(showOf.get(n.Swing!));
    expect(p.unsatisfied.filter((u) => u.code === 'siblings_split')).toEqual([]);
    expect((await boardOf()).numbers.every((x) => x.showId === null)).toBe(true);
    const saved = await s.a.put(`${R}/${recitalId}/assignment`, { assignment: p.assignment });
    expect(saved.status).toBe(200);
    const board = await boardOf();
    expect(board.numbers.every((x) => x.showId !== null)).toBe(true);
    expect(board.shows.reduce((sum, x) => sum + x.numbers, 0)).toBe(4);
    // Every number placed: the default column is the first show's, in running order.
    const shown = await columnOf();
    expect(shown.counts).toEqual({ numbers: 4, unassigned: 0 });
    expect(shown.column).toBe(matinee);
    expect(shown.numbers.map((x) => x.position)).toEqual(shown.numbers.map((_, i) => i));
    expect(shown.total).toBe(board.shows[0]!.numbers);
  });

  it('refuses an assignment that misses a number or names one twice', async () => {
    const missing = await s.a.put(`${R}/${recitalId}/assignment`, {
      assignment: [{ numberId: n.Fever, showId: matinee }],
    });
    expect(missing.status).toBe(422);
    expect(missing.body[1]).toBe(RECITAL_SHOWS_TEXT.notTheNumbers(3, 0, 0));
  });

  it('keeps a locked number where it is, and says what it could not satisfy', async () => {
    // Fever locked in the matinee and Swing in the evening: Ava and Ben Adams are split.
    expect(
      (await s.a.put(`${R}/${recitalId}/numbers/${n.Fever}`, { showId: matinee, locked: true })).status,
    ).toBe(200);
    expect(
      (await s.a.put(`${R}/${recitalId}/numbers/${n.Swing}`, { showId: evening, locked: true })).status,
    ).toBe(200);
    const p = (await s.a.post(`${R}/${recitalId}/proposal`, {})).body[1] as RecitalProposal;
    const showOf = new Map(p.assignment.map((a) => [a.numberId, a.showId]));
    expect(showOf.get(n.Fever!)).toBe(matinee);
    expect(showOf.get(n.Swing!)).toBe(evening);
    expect(p.unsatisfied.map((u) => u.code)).toContain('siblings_split');
    expect(p.unsatisfied.map((u) => u.code)).toContain('dancer_in_many_shows');
    expect(p.sentences).toContain(
      "The Adams family's dancers are in different shows: Ava Adams (Matinee and Evening), Ben Adams (Evening).",
    );
    // Moving a locked number in a saved assignment is refused.
    const moved = p.assignment.map((a) => (a.numberId === n.Fever ? { ...a, showId: evening } : a));
    const refused = await s.a.put(`${R}/${recitalId}/assignment`, { assignment: moved });
    expect(refused.status).toBe(422);
    expect(refused.body[1]).toBe(RECITAL_SHOWS_TEXT.lockedMoved('Fever'));
    expect((await s.a.put(`${R}/${recitalId}/assignment`, { assignment: p.assignment })).status).toBe(200);
    const board = await boardOf();
    expect(board.numbers.find((x) => x.id === n.Fever)).toMatchObject({ showId: matinee, locked: true });
  });

  it('orders a show, reckons start times and flags a quick change', async () => {
    // Everything in the evening, Ava's Swing right after her Fever.
    for (const name of ['Fever', 'Waltz', 'Groove']) {
      await s.a.put(`${R}/${recitalId}/numbers/${n[name]}`, { showId: evening, locked: false });
    }
    const before = await orderOf(evening);
    const order = [n.Waltz!, n.Fever!, n.Swing!, n.Groove!].filter((id) =>
      before.numbers.some((x) => x.id === id),
    );
    expect(order).toHaveLength(4);
    const res = await s.a.put(`${S}/${evening}/order`, { order, intermissionAfter: 1 });
    expect(res.status).toBe(200);
    const after = res.body[1] as ShowRunningOrder;
    expect(after.numbers.map((x) => x.name)).toEqual(['Waltz', 'Fever', 'Swing', 'Groove']);
    // 18:30, Waltz 3:20 + 30 s → 18:33:50 → Fever 18:33; then 3:00 + 30 s + 15 min intermission → Swing 18:52.
    expect(after.numbers.map((x) => x.startsAt)).toEqual(['18:30', '18:33', '18:52', '18:55']);
    // The intermission between them gives Ava the interval to change…
    expect(after.quickChanges).toEqual([]);
    expect(after.quickChangeGap).toBe(3);
    // …without it, Swing right after Fever is a quick change.
    const tight = (await s.a.put(`${S}/${evening}/order`, { order, intermissionAfter: null }))
      .body[1] as ShowRunningOrder;
    expect(tight.quickChanges).toEqual([
      expect.objectContaining({ dancer: 'Ava Adams', firstName: 'Fever', secondName: 'Swing', apart: 1 }),
    ]);
    const swing = (await orderOf(evening)).numbers.find((x) => x.id === n.Swing);
    expect(swing?.locked).toBe(true);
    const bad = await s.a.put(`${S}/${evening}/order`, { order: order.slice(1), intermissionAfter: null });
    expect(bad.status).toBe(422);
    const late = await s.a.put(`${S}/${evening}/order`, { order, intermissionAfter: 3 });
    expect(late.status).toBe(422);
  });

  it('gives each show its count and length on the board, of the numbers that need a show (decision 116)', async () => {
    await ok(
      s.a.put(`${S}/${evening}/order`, {
        order: (await orderOf(evening)).numbers.map((x) => x.id),
        intermissionAfter: 1,
      }),
    );
    const lengthOf = async (showId: string) => (await columnOf(showId)).shows.find((x) => x.id === showId)!;
    // Waltz 200 + Fever 180 + Swing 150 + Groove 170 s, three gaps of 30 s, 15 min after the second.
    expect(await lengthOf(evening)).toMatchObject({ numbers: 4, seconds: 700 + 90 + 900 });
    expect(await lengthOf(matinee)).toMatchObject({ numbers: 0, seconds: 0 });
    // A number placed without a dancer at the recital (Silent) is neither counted nor shown.
    const db = t.database.db;
    await db
      .insert(recitalShowNumbers)
      .values({ companyId: s.companyA, recitalId, showId: evening, danceNumberId: n.Silent!, position: 9 });
    const column = await columnOf(evening);
    expect(column.shows.find((x) => x.id === evening)).toMatchObject({ numbers: 4, seconds: 1690 });
    expect(column.numbers.map((x) => x.name)).toEqual(['Waltz', 'Fever', 'Swing', 'Groove']);
    expect(column.counts).toEqual({ numbers: 4, unassigned: 0 });
    // Groove's dancer leaves the recital: three numbers, the intermission still after the second.
    await db
      .update(danceNumberActivity)
      .set({ recital: false })
      .where(eq(danceNumberActivity.danceNumberId, n.Groove!));
    const fewer = await columnOf(evening);
    expect(fewer.shows.find((x) => x.id === evening)).toMatchObject({ numbers: 3, seconds: 530 + 60 + 900 });
    expect(fewer).toMatchObject({ total: 3, counts: { numbers: 3, unassigned: 0 } });
    await db
      .update(danceNumberActivity)
      .set({ recital: true })
      .where(eq(danceNumberActivity.danceNumberId, n.Groove!));
    await db.delete(recitalShowNumbers).where(eq(recitalShowNumbers.danceNumberId, n.Silent!));
    expect((await lengthOf(evening)).seconds).toBe(1690);
  });

  it('answers the programme and the backstage list', async () => {
    const programme = (await s.a.get(`${R}/${recitalId}/programme`)).body[1];
    const ev = programme.shows.find((x: { id: string }) => x.id === evening);
    expect(ev.numbers[0]).toMatchObject({
      place: 1,
      name: 'Waltz',
      songName: 'Waltz song',
      dancers: ['Cai Chen'],
    });
    const backstage = (await s.a.get(`${S}/${evening}/backstage-list`)).body[1];
    expect(backstage.numbers[2]).toMatchObject({
      place: 3,
      name: 'Swing',
      dancers: [
        { name: 'Ava Adams', familyName: expect.any(String), costume: null },
        { name: 'Ben Adams', familyName: expect.any(String), costume: null },
      ],
    });
  });

  it("prints one show's programme (decision 087): the same as that show's part of the whole", async () => {
    const whole = (await ok(s.a.get(`${R}/${recitalId}/programme`))) as RecitalProgramme;
    const one = (await ok(s.a.get(`${R}/${recitalId}/programme?show=${evening}`))) as RecitalProgramme;
    expect(one).toEqual({ recital: whole.recital, shows: whole.shows.filter((x) => x.id === evening) });
    expect((await s.a.get(`${R}/${recitalId}/programme?show=${UNKNOWN_ID}`)).status).toBe(404);
    expect((await s.b.get(`${R}/${recitalId}/programme?show=${evening}`)).status).toBe(404);
    expect((await s.a.get(`${R}/${recitalId}/programme?show=nope`)).status).toBe(400);
    // A show of another recital of the studio is not this recital's.
    const other = (
      await ok(s.a.post(R, { ...RECITAL, name: 'Winter Showcase', firstDay: day, lastDay: day }))
    ).id as string;
    expect((await s.a.get(`${R}/${other}/programme?show=${evening}`)).status).toBe(404);
    await ok(s.a.put(`${R}/${other}/archive`, { archived: true }));
  });

  it("answers a show's programme, running order and board column in the same statements and bytes when other shows grow", async () => {
    const paths = [`${R}/${recitalId}/programme?show=${evening}`, `${S}/${evening}/order`];
    const before = [];
    for (const path of paths) before.push(await countQueries(t, () => s.a.get(path)));
    const column = `${R}/${recitalId}/numbers?show=${evening}`;
    const columnBefore = await countQueries(t, () => s.a.get(column));
    // Another show with two numbers of new classes, and new families dancing them.
    const db = t.database.db;
    const finale = (await ok(s.a.post(`${R}/${recitalId}/shows`, { ...SHOW, name: 'Finale', day })))
      .id as string;
    for (const name of ['Lyrical', 'Contemporary']) {
      const cls = await insertClass(db, s.companyA, records, { name: `${name} class`, day: 4 });
      const [num] = await db
        .insert(danceNumbers)
        .values({ companyId: s.companyA, classId: cls, genreId: records.genreId, name, songLength: 120 })
        .returning({ id: danceNumbers.id });
      for (let i = 0; i < 3; i++) {
        const fam = (await createFamily(db, s.companyA, { email: `${name}${i}@example.com` })).id;
        const st = await createStudent(db, {
          companyId: s.companyA,
          familyId: fam,
          firstName: `${name}${i}`,
        });
        await registerInClass(db, { companyId: s.companyA, classId: cls, studentId: st.id });
      }
      await ok(s.a.put(`${R}/${recitalId}/numbers/${num!.id}`, { showId: finale, locked: false }));
    }
    expect((await boardOf()).shows.find((x) => x.id === finale)?.numbers).toBe(2);
    for (const [i, path] of paths.entries()) {
      const after = await countQueries(t, () => s.a.get(path));
      expect(after.result.status, path).toBe(200);
      expect(JSON.stringify(after.result.body), path).toBe(JSON.stringify(before[i]!.result.body));
      expect(after.statements.map(statementShape), path).toEqual(before[i]!.statements.map(statementShape));
    }
    // The board's column of the evening: its numbers as before (the shows' list has the finale now).
    const columnAfter = await countQueries(t, () => s.a.get(column));
    const numbersOf = (r: { body: unknown[] }) => JSON.stringify((r.body[1] as RecitalBoard).numbers);
    expect(numbersOf(columnAfter.result)).toBe(numbersOf(columnBefore.result));
    expect(columnAfter.statements.map(statementShape)).toEqual(columnBefore.statements.map(statementShape));
  });

  it("offers other parts a recital, a show and a show's lineup, each of the studio only", async () => {
    const db = t.database.db;
    const recital: RecitalRow = await recitalOfStudio(db, s.companyA, recitalId);
    expect(recital.name).toBe('Spring Recital');
    await expect(recitalOfStudio(db, s.companyB, recitalId)).rejects.toMatchObject({ code: 'not_found' });
    const found: { show: ShowRow; recital: RecitalRow } = await showOfStudio(db, s.companyA, evening);
    expect(found.show.name).toBe('Evening');
    expect(found.recital.id).toBe(recitalId);
    await expect(showOfStudio(db, s.companyB, evening)).rejects.toMatchObject({ code: 'not_found' });
    const lineup = await showLineup(db, s.companyA, evening);
    const numbers: LineupNumber[] = lineup.numbers;
    expect(numbers.map((x) => x.name)).toEqual(['Waltz', 'Fever', 'Swing', 'Groove']);
    const swing: LineupDancer[] = numbers[2]!.dancers;
    expect(swing.map((d) => d.name)).toEqual(['Ava Adams', 'Ben Adams']);
    expect(swing[0]!.familyId).toBe(swing[1]!.familyId);
    await expect(showLineup(db, s.companyB, evening)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('keeps a show whose orders are on the books; orders that came to nothing go with it', async () => {
    const order = (number: number, state: 'refunded' | 'expired') => ({
      companyId: s.companyA,
      recitalId,
      showId: evening,
      number,
      channel: 'public' as const,
      buyerName: 'A Neighbour',
      buyerEmail: 'neighbour@example.com',
      state,
      heldUntil: new Date('2026-11-20T12:00:00Z'),
      total: 2000,
    });
    const [refunded] = await t.database.db.insert(ticketOrders).values(order(901, 'refunded')).returning();
    await t.database.db.insert(ticketOrders).values(order(902, 'expired'));
    const kept = await s.a.delete(`${S}/${evening}`);
    expect(kept.status).toBe(422);
    expect(kept.body[1]).toBe(RECITAL_SHOWS_TEXT.showHasOrders);
    await t.database.db.delete(ticketOrders).where(eq(ticketOrders.id, refunded!.id));
  });

  it('removes a show, its numbers back to those that need a show', async () => {
    const res = await s.a.delete(`${S}/${evening}`);
    expect(res.status).toBe(200);
    const rows = await t.database.db
      .select()
      .from(recitalShowNumbers)
      .where(and(eq(recitalShowNumbers.recitalId, recitalId), eq(recitalShowNumbers.showId, evening)));
    expect(rows).toEqual([]);
    const board = await boardOf();
    expect(board.numbers.filter((x) => x.showId === null).length).toBe(4);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'recital.show.remove'));
    expect(audits).toHaveLength(1);
    // The expired order went with it.
    expect(
      await t.database.db.select().from(ticketOrders).where(eq(ticketOrders.recitalId, recitalId)),
    ).toEqual([]);
  });

  it('archives a recital, and refuses changes to it then', async () => {
    expect((await s.a.put(`${R}/${recitalId}/archive`, { archived: true })).status).toBe(200);
    const res = await s.a.post(`${R}/${recitalId}/shows`, {
      name: 'Encore',
      day,
      startsAt: '20:00',
      doorsAt: '19:30',
    });
    expect(res.status).toBe(422);
    expect(res.body[1]).toBe(RECITAL_SHOWS_TEXT.archived);
  });
});
