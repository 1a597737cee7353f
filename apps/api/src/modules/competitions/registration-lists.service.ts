import {
  COMPETITION_TEXT,
  type CompetitionRegisteredEvent,
  type CompetitionWorkingLists,
  centsToDollars,
  classRegistered,
  type competitionWorkingListsInput,
  numberRegistered,
  privateRegistered,
  type RegistrationType,
  regState,
} from '@pirouette/domain';
import type { z } from 'zod';
import { notFound } from '../../http/errors';
import { findEvent, listEntries } from './competitions.queries';
import {
  eventLines,
  findEntry,
  isPaid,
  numberDancersAt,
  numbersAt,
  privateDancersAt,
  privatesAt,
} from './registration.queries';
import { type CompetitionDeps, requireOwner } from './shared';

/**
 * The registration screen's reads (issue 19 point 2, decision 032; 002 §3 "Competition registration
 * working lists", §4): the working lists of an entry, and an event's registrations grouped by dancer.
 * Each is a fixed number of queries, whatever the number of dancers.
 */

const bit = (b: boolean) => (b ? 1 : 0) as 0 | 1;

/** `POST …/registration`: the lists of the type chosen (the others empty), with the spec's counts and `isReg`. */
export async function workingLists(
  { db, actor }: CompetitionDeps,
  body: z.output<typeof competitionWorkingListsInput>,
): Promise<CompetitionWorkingLists> {
  requireOwner(actor);
  const companyId = actor.companyId;
  const entry = await findEntry(db, companyId, body.entry);
  if (!entry) throw notFound(COMPETITION_TEXT.entryNotFound);
  const out: CompetitionWorkingLists = {
    entry: {
      id: entry.id,
      name: entry.name,
      priceStudio: centsToDollars(entry.priceStudio),
      priceCustomer: centsToDollars(entry.priceCustomer),
      nDancersMin: entry.dancersMin,
      nDancersMax: entry.dancersMax,
    },
    cls: [],
    dnc: [],
    reg_cls: [],
    privs: [],
    reg_prv: [],
    reg_std: [],
  };
  const students = new Map<string, { name: string; familyId: string; registered: number }>();
  const seeStudent = (d: { studentId: string; studentName: string; familyId: string }, reg: boolean) => {
    const s = students.get(d.studentId) ?? { name: d.studentName, familyId: d.familyId, registered: 0 };
    if (reg) s.registered += 1;
    students.set(d.studentId, s);
  };

  if ((body.type as RegistrationType) === 'prv') {
    const [lessons, dancers] = await Promise.all([
      privatesAt(db, companyId, body.yrTrm, body.loc),
      privateDancersAt(db, companyId, entry.id, body.yrTrm, body.loc),
    ]);
    for (const d of dancers) {
      seeStudent(d, d.regId !== null);
      out.reg_prv.push({
        id: d.id,
        privID: d.privateId,
        acctStdID: d.studentId,
        studentName: d.studentName,
        coAcctMemID: d.familyId,
        isReg: bit(d.regId !== null),
        stat: regState(d.regId !== null, false),
        regID: d.regId,
      });
    }
    for (const p of lessons) {
      const mine = dancers.filter((d) => d.privateId === p.id);
      const active = mine.filter((d) => d.active).length;
      // Counted among its active dancers: the rule compares the two (002 §4).
      const registered = mine.filter((d) => d.active && d.regId !== null).length;
      const reg = privateRegistered({ active, registered });
      out.privs.push({
        id: p.id,
        name: p.name,
        type: p.type,
        nPrvReg_act: active,
        nReg_Students: mine.filter((d) => d.regId !== null).length,
        nReg_tot: mine.length,
        isReg: bit(reg),
        stat: regState(reg, false),
        nSel: 0,
      });
    }
  } else {
    const [numbers, dancers] = await Promise.all([
      numbersAt(db, companyId, body.yrTrm, body.loc),
      numberDancersAt(db, companyId, entry.id, body.yrTrm, body.loc),
    ]);
    const counts = new Map<string, { total: number; registered: number }>();
    for (const d of dancers) {
      seeStudent(d, d.regId !== null);
      const c = counts.get(d.danceNumberId) ?? { total: 0, registered: 0 };
      c.total += 1;
      if (d.regId !== null) c.registered += 1;
      counts.set(d.danceNumberId, c);
      out.reg_cls.push({
        id: d.id,
        dncNumID: d.danceNumberId,
        acctStdID: d.studentId,
        studentName: d.studentName,
        coAcctMemID: d.familyId,
        isReg: bit(d.regId !== null),
        stat: regState(d.regId !== null, false),
        regID: d.regId,
      });
    }
    const byClass = new Map<string, { name: string; day: number; timeStart: string; ids: string[] }>();
    for (const n of numbers) {
      const c = counts.get(n.id) ?? { total: 0, registered: 0 };
      out.dnc.push({
        id: n.id,
        clsSch_ID: n.classId,
        name: n.name,
        nGenre: n.genre,
        nReg_tot: c.total,
        nReg_Students: c.registered,
        isReg: bit(numberRegistered(c)),
      });
      const cls = byClass.get(n.classId) ?? {
        name: n.className,
        day: n.day,
        timeStart: n.timeStart,
        ids: [],
      };
      cls.ids.push(n.id);
      byClass.set(n.classId, cls);
    }
    for (const [id, c] of byClass) {
      const its = c.ids.map((n) => counts.get(n) ?? { total: 0, registered: 0 });
      out.cls.push({
        id,
        name: c.name,
        day: c.day,
        timeStart: c.timeStart.slice(0, 5),
        nReg_tot: its.reduce((s, n) => s + n.total, 0),
        nReg_Students: its.reduce((s, n) => s + n.registered, 0),
        isReg: bit(classRegistered(its)),
      });
    }
  }
  for (const [id, s] of students) {
    out.reg_std.push({
      id,
      studentName: s.name,
      coAcctMemID: s.familyId,
      stat: regState(s.registered > 0, false),
      isReg: bit(s.registered > 0),
      nReg: s.registered,
    });
  }
  return out;
}

/**
 * `GET …/registered/event/{eventId}`: the event's lines by dancer (then entry), the classes, numbers,
 * lessons and entries they name, each dancer's fees and what is paid, and the event's money: what the
 * studio owes the competition (its studio prices) and what families are charged and have paid.
 */
export async function registeredOfEvent(
  { db, actor }: CompetitionDeps,
  eventId: string,
): Promise<CompetitionRegisteredEvent> {
  requireOwner(actor);
  const companyId = actor.companyId;
  if (!(await findEvent(db, companyId, eventId))) throw notFound(COMPETITION_TEXT.eventNotFound);
  const [lines, entries] = await Promise.all([
    eventLines(db, companyId, eventId),
    listEntries(db, companyId, eventId),
  ]);
  const classesSeen = new Map<string, string>();
  const numbers = new Map<string, { name: string; nGenre: string; clsSch_ID: string }>();
  const lessons = new Map<string, { name: string; type: number }>();
  const perEntry = new Map<string, number>();
  const byStudent = new Map<string, CompetitionRegisteredEvent['std_List'][number] & { cents: number[] }>();
  const totals = { priceStudio: 0, price: 0, paid: 0 };
  const reg_List = lines.map((l) => {
    if (l.danceNumberId && l.classId) {
      classesSeen.set(l.classId, l.className ?? '');
      numbers.set(l.danceNumberId, { name: l.numberName ?? '', nGenre: l.genre, clsSch_ID: l.classId });
    }
    if (l.privateId) lessons.set(l.privateId, { name: l.privateName ?? '', type: l.privateType ?? 1 });
    perEntry.set(l.entryId, (perEntry.get(l.entryId) ?? 0) + 1);
    const paid = Math.max(0, Math.min(l.paid, l.charged));
    totals.priceStudio += l.priceStudio;
    totals.price += l.price;
    totals.paid += paid;
    const s = byStudent.get(l.studentId) ?? {
      acctStdID: l.studentId,
      studentName: l.studentName,
      coAcctMemID: l.familyId,
      family: l.family,
      regIDs: [],
      price: 0,
      paid: 0,
      cents: [0, 0],
    };
    s.regIDs.push(l.id);
    s.cents = [s.cents[0]! + l.price, s.cents[1]! + paid];
    byStudent.set(l.studentId, s);
    return {
      id: l.id,
      type: l.type as RegistrationType,
      pID: (l.danceNumberId ?? l.privateId)!,
      compCoEntryID: l.entryId,
      acctStdID: l.studentId,
      studentName: l.studentName,
      coAcctMemID: l.familyId,
      family: l.family,
      price: centsToDollars(l.price),
      priceStudio: centsToDollars(l.priceStudio),
      paid: centsToDollars(paid),
      isPayed: bit(isPaid(l)),
    };
  });
  return {
    class_List: [...classesSeen].map(([id, name]) => ({ id, name })),
    dncNum_List: [...numbers].map(([id, n]) => ({ id, ...n })),
    private_List: [...lessons].map(([id, p]) => ({ id, ...p })),
    entry_List: entries.map((e) => ({
      cmpEntID: e.id,
      name: e.name,
      priceStudio: centsToDollars(e.priceStudio),
      priceCustomer: centsToDollars(e.priceCustomer),
      nDancersMin: e.dancersMin,
      nDancersMax: e.dancersMax,
      nReg: perEntry.get(e.id) ?? 0,
    })),
    reg_List,
    std_List: [...byStudent.values()].map(({ cents, ...s }) => ({
      ...s,
      price: centsToDollars(cents[0]!),
      paid: centsToDollars(cents[1]!),
    })),
    totals: {
      priceStudio: centsToDollars(totals.priceStudio),
      price: centsToDollars(totals.price),
      paid: centsToDollars(totals.paid),
    },
  };
}
