import { FAMILY_LOG_ACTIONS } from '@pirouette/domain';
import { and, eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../src/db/client';
import { familyAccounts, familyPeople, students, termsAcceptances } from '../src/db/schema/families';
import { memberships } from '../src/db/schema/memberships';
import { privateLessons, privateRegistrationActivity, privateRegistrations } from '../src/db/schema/privates';
import { classes, classRegistrations, danceNumberActivity, danceNumbers } from '../src/db/schema/schedule';
import { auditLog } from '../src/db/schema/security';
import { termsDocuments } from '../src/db/schema/terms';
import { privateTuitions } from '../src/db/schema/tuition';
import { users } from '../src/db/schema/users';
import { insertFamilyTerm, loadPricingRules, reviseFamily } from '../src/modules/class-registration';
import { lockBook, postCharge, recordPayment } from '../src/modules/ledger';
import { type Owner, setUpStudio } from '../src/modules/schedule/schedule.fixture';
import type { TestApp } from './build-test-app';
import { createPerson, joinFamily } from './factories';
import { signIn } from './flows';
import { type Caller, caller, twoStudios } from './studios';

/**
 * A studio of `size` rows of everything the owner's lists and the account overview show, written in
 * bulk: `size` classes in one room, `size` families (all active: each has a student in the class of
 * class info), `size` registrations in that class with activity in its three dance numbers, `size`
 * private lessons at the location. The overview family, which the studio's parent signs in to, holds
 * `size` class registrations, `size` log entries and `size` terms acceptances, spread over
 * min(size, 50) students, contacts and terms documents (the routes bound a family's people and
 * students at 200, the studio's documents at 50). Class registration (issue 15): the overview family
 * has a plan whose revision prices its `size` registrations, and every other family's dancer waits
 * for approval in a second class.
 */
export type SeededStudio = {
  size: number;
  owner: Owner;
  /** The parent of the overview family, signed in. */
  parent: Caller;
  term: string;
  location: string;
  room: string;
  /** The class of class info: `size` registrations, three dance numbers, activity in each. */
  classId: string;
  /** A private lesson with min(size, 200) registrations (the bound of a lesson's). */
  privateId: string;
  /** The overview family. */
  familyId: string;
  /** Another family, without a plan: its first registration has every terms document to accept. */
  otherFamilyId: string;
  /** How many of each the answers carry. */
  expect: {
    students: number;
    people: number;
    documents: number;
    privateRegistrations: number;
    /** The payments of the overview family's plan. */
    payments: number;
    /** Registrations waiting for approval: one of each other family's. */
    pending: number;
  };
};

const CHUNK = 500;

/** Inserts rows in a few statements, answering their ids in order. */
async function insertAll<T extends PgTable & { id: unknown }>(
  db: Db,
  table: T,
  rows: T['$inferInsert'][],
): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < rows.length; i += CHUNK) {
    const done = (await db
      .insert(table)
      .values(rows.slice(i, i + CHUNK))
      .returning({ id: (table as unknown as { id: never }).id })) as { id: string }[];
    ids.push(...done.map((r) => r.id));
  }
  return ids;
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i);
const pad = (i: number) => String(i).padStart(4, '0');

export async function seedStudio(
  t: TestApp,
  opts: { owner: Owner; term: { id: string }; size: number; parentEmail: string },
): Promise<SeededStudio> {
  const { owner, size } = opts;
  const db = t.database.db;
  const companyId = owner.companyId;
  const st = await setUpStudio(owner, opts.term);
  const yearTermId = st.term;
  const perFamily = Math.min(size, 50);
  // Approved (status 1, the column's default is 0: pending), so the overview family's are in its plan.
  const registered = {
    pr0: 6500,
    prI: 6500,
    prF: 6500,
    dateI: '2026-09-01',
    dateF: '2027-06-30',
    status: 1 as const,
  };

  const classIds = await insertAll(
    db,
    classes,
    range(size).map((i) => ({
      companyId,
      yearTermId,
      roomId: st.rooms[0],
      teacherId: st.teachers[i % 2]!,
      priceId: st.price,
      name: `Class ${pad(i)}`,
      day: i % 7,
      timeStart: '16:00:00',
      timeEnd: '17:00:00',
    })),
  );
  const classId = classIds[0]!;

  const familyIds = await insertAll(
    db,
    familyAccounts,
    range(size).map((i) => ({
      companyId,
      lastName: `Family ${pad(i)}`,
      email: `family${i}@size${size}.example`,
      city: 'Montclair',
      aboutUsOption: 'Google',
    })),
  );
  const familyId = familyIds[0]!;

  // The overview family's students first, then one student of every other family.
  const studentIds = await insertAll(db, students, [
    ...range(perFamily).map((i) => ({ companyId, familyId, firstName: `Kid ${pad(i)}`, dob: '2016-01-01' })),
    ...familyIds
      .slice(1)
      .map((id, i) => ({ companyId, familyId: id, firstName: `Child ${pad(i)}`, dob: '2016-01-01' })),
  ]);
  const overviewStudents = studentIds.slice(0, perFamily);
  const firstStudents = [overviewStudents[0]!, ...studentIds.slice(perFamily)];

  // The overview family in every class (its first student in the class of class info), every other
  // family's student in the class of class info.
  const registrationIds = await insertAll(db, classRegistrations, [
    ...classIds.map((id, c) => ({
      companyId,
      classId: id,
      studentId: overviewStudents[c % perFamily]!,
      ...registered,
    })),
    ...firstStudents.slice(1).map((studentId) => ({ companyId, classId, studentId, ...registered })),
  ]);
  const classRegistrationIds = [registrationIds[0]!, ...registrationIds.slice(size)];
  const numberIds = await insertAll(
    db,
    danceNumbers,
    range(3).map((i) => ({ companyId, classId, genreId: st.genres[i]!, name: `Number ${i}` })),
  );
  await insertAll(
    db,
    danceNumberActivity,
    numberIds.flatMap((danceNumberId) =>
      classRegistrationIds.map((classRegistrationId) => ({ companyId, danceNumberId, classRegistrationId })),
    ),
  );

  // A user of every other family, who signs in; the overview family's parent and contacts.
  const userIds = await insertAll(
    db,
    users,
    familyIds.slice(1).map((_, i) => ({
      email: `parent${i}@size${size}.example`,
      passwordHash: 'not-a-password-hash',
      firstName: 'Pat',
      lastName: `Family ${pad(i + 1)}`,
    })),
  );
  await insertAll(
    db,
    memberships,
    userIds.map((userId, i) => ({ companyId, userId, role: 'user' as const, familyId: familyIds[i + 1]! })),
  );
  await insertAll(db, familyPeople, [
    ...userIds.map((userId, i) => ({
      companyId,
      familyId: familyIds[i + 1]!,
      kind: 'user' as const,
      userId,
      firstName: 'Pat',
      lastName: `Family ${pad(i + 1)}`,
      role: 'Mother',
    })),
    ...range(perFamily - 1).map((i) => ({
      companyId,
      familyId,
      kind: 'contact' as const,
      firstName: `Contact ${pad(i)}`,
      role: 'Grandparent',
    })),
  ]);
  await joinFamily(db, { companyId, familyId, email: opts.parentEmail });

  // Terms documents, each accepted by the overview family in several versions; its log.
  const documentIds = await insertAll(
    db,
    termsDocuments,
    range(perFamily).map((i) => ({
      companyId,
      title: `Terms ${pad(i)}`,
      content: 'Be on time.',
      sortOrder: i - 1000,
    })),
  );
  await insertAll(
    db,
    termsAcceptances,
    range(size).map((i) => ({
      companyId,
      familyId,
      documentId: documentIds[i % perFamily]!,
      version: 1,
      accepted: true,
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
    })),
  );
  await insertAll(
    db,
    auditLog,
    range(size).map((i) => ({
      companyId,
      userId: owner.userId,
      action: 'family.contact_info_updated',
      targetType: 'family',
      targetId: familyId,
      detail: { changes: ['city'] },
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
    })),
  );

  // Private lessons at the location; the first with registrations of the families' first students.
  const [priceId] = await insertAll(db, privateTuitions, [
    { companyId, yearTermId, name: 'Solo', price: 7000 },
  ]);
  const privateIds = await insertAll(
    db,
    privateLessons,
    range(size).map((i) => ({
      companyId,
      yearTermId,
      locationId: st.location,
      teacherId: st.teachers[i % 2]!,
      priceId: priceId!,
      genreId: st.genres[0]!,
      name: `Private ${pad(i)}`,
      type: 1 + (i % 4),
    })),
  );
  const privateId = privateIds[0]!;
  const privateStudents = firstStudents.slice(0, Math.min(size, 200));
  const privateRegistrationIds = await insertAll(
    db,
    privateRegistrations,
    privateStudents.map((studentId) => ({
      companyId,
      privateId,
      studentId,
      price: 7000,
      dateStart: '2026-09-01',
      dateEnd: '2027-06-30',
    })),
  );
  await insertAll(
    db,
    privateRegistrationActivity,
    privateRegistrationIds.map((privateRegistrationId) => ({ companyId, privateRegistrationId })),
  );

  // The overview family's plan, written by the server's own revision from the term's start …
  const rules = await loadPricingRules(db, companyId, yearTermId);
  const planId = rules.paySys.find((p) => p.isDefault)!.id;
  const actor = { userId: owner.userId, companyId };
  const revised = await db.transaction(async (tx) => {
    await insertFamilyTerm(tx, { companyId, familyId, yearTermId, planId, chosenBy: owner.userId });
    return reviseFamily(tx, {
      companyId,
      familyId,
      yearTermId,
      effectiveDate: registered.dateI,
      reason: 'Registered',
      actor,
      rules,
    });
  });
  // … without its entry in the family's log, which holds `size` entries (the logs route counts them).
  await db
    .delete(auditLog)
    .where(and(eq(auditLog.targetId, familyId), eq(auditLog.action, FAMILY_LOG_ACTIONS.planRevised)));
  // Every other family's dancer waiting for approval in a second class (the class of class info keeps
  // its `size` registrations).
  await insertAll(
    db,
    classRegistrations,
    firstStudents.slice(1).map((studentId) => ({
      companyId,
      classId: classIds[1 % size]!,
      studentId,
      ...registered,
      status: 0 as const,
    })),
  );

  const session = await signIn(t, opts.parentEmail, 'Parent123');
  return {
    size,
    owner,
    parent: caller(t, session.token),
    term: yearTermId,
    location: st.location,
    room: st.rooms[0],
    classId,
    privateId,
    familyId,
    otherFamilyId: familyIds[1]!,
    expect: {
      students: perFamily,
      people: perFamily,
      documents: perFamily,
      privateRegistrations: privateStudents.length,
      payments: revised.plan.payments.length,
      pending: size - 1,
    },
  };
}

/**
 * The overview family's books (issue 16), posted by the ledger's own operations in one transaction (query-discipline's money panel, write-discipline's desk writes):
 * `size` costume charges due in November and a $5 cash payment for every second one, oldest first.
 */
export async function seedBooks(db: Db, studio: SeededStudio) {
  const companyId = studio.owner.companyId;
  const familyId = studio.familyId;
  await db.transaction(async (tx) => {
    const book = await lockBook(tx, companyId, familyId);
    if (!book) throw new Error('no overview family');
    const ctx = { tx, companyId, familyId, today: '2026-11-21', by: { system: 'Seed' } };
    for (let i = 0; i < studio.size; i++) {
      await postCharge(ctx, book, {
        category: 'costume',
        item: `Costume ${i + 1}`,
        amount: 1000,
        dueDate: '2026-11-01',
        lines: [{ label: `Costume ${i + 1}`, amount: 1000 }],
        key: `seed:costume:${i}`,
        reason: 'Recital',
      });
      if (i % 2 === 1) {
        await recordPayment(ctx, book, {
          method: 'cash',
          total: 500,
          reference: '',
          receivedOn: '2026-11-21',
          invoiceId: book.invoices[0]!.id,
          key: `seed:payment:${i}`,
          reason: 'Payment received',
        });
      }
    }
  });
}

/**
 * The two studios the discipline tests measure (query-discipline's pages, write-discipline's writes):
 * studio A's of 10 rows and studio B's of 500, each with its overview family's books.
 */
export async function smallAndBig(t: TestApp): Promise<{ small: SeededStudio; big: SeededStudio }> {
  const s = await twoStudios(t);
  await createPerson(t.database.db, {
    email: 'parent@studio-b.example',
    companyId: s.companyB,
    role: 'user',
  });
  const small = await seedStudio(t, {
    owner: s.a,
    term: s.termA,
    size: 10,
    parentEmail: 'parent@studio-a.example',
  });
  const big = await seedStudio(t, {
    owner: s.b,
    term: s.termB,
    size: 500,
    parentEmail: 'parent@studio-b.example',
  });
  await seedBooks(t.database.db, small);
  await seedBooks(t.database.db, big);
  return { small, big };
}
