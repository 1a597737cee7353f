import { IMPORT_TEXT, type ImportBatch, messages } from '@pirouette/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../../test/flows';
import { UNKNOWN_ID } from '../../../test/studios';
import { useTwoStudios } from '../../../test/studios-base';
import { familyAccounts, familyPeople, students } from '../../db/schema/families';
import { importLinks } from '../../db/schema/imports';
import { ledgerTransactions } from '../../db/schema/ledger';
import { memberships } from '../../db/schema/memberships';
import { auditLog, oneTimeTokens } from '../../db/schema/security';
import { checkRecords, contact, dancer, diff, family, klass, tableCounts } from './imports.fixture';

const { t, s } = useTwoStudios();
const URL = '/api/mystudio/imports';
const db = () => t.database.db;
const run = (id: string, who = s.a) => who.post(`${URL}/${id}/run`);

/** A move of `n` families, a dancer each, a contact for the first, and two classes. */
const move = (p: string, n = 3) => {
  const families = Array.from({ length: n }, (_, i) => family(p, i));
  return {
    families,
    dancers: families.map((f, i) => dancer(p, i, f.ref)),
    contacts: [contact(p, 0, families[0]!.ref)],
    classes: [klass(p, 0), klass(p, 1)],
  };
};

/** The move, with each dancer in the first class and the first family owing $125.50. */
const moveWithMoney = (p: string, n = 3) => ({
  ...move(p, n),
  enrolments: Array.from({ length: n }, (_, i) => ({
    file: 'enrolments.csv',
    row: i + 2,
    dancerRef: `${p}D${i}`,
    classRef: `${p}C0`,
  })),
  balances: [{ file: 'balances.csv', row: 2, familyRef: `${p}F0`, amount: 12550, asOf: '2026-11-01' }],
});

describe('POST api/mystudio/imports (the check)', () => {
  it('answers each fate and writes nothing but the batch', async () => {
    const before = await tableCounts(t);
    const batch = await checkRecords(t, s, move('Chk'));
    expect(batch).toMatchObject({ status: 'checked', ready: true, sourceName: 'Jackrabbit' });
    expect(batch.totals.families).toEqual({ new: 3, matched: 0, changed: 0, skipped: 0, refused: 0 });
    expect(batch.totals.dancers.new).toBe(3);
    expect(batch.totals.classes.new).toBe(2);
    expect(diff(before, await tableCounts(t))).toEqual({});
    const rows = await s.a.get(`${URL}/${batch.id}/rows?kind=families`);
    expect(rows.status).toBe(200);
    expect(rows.body[1]).toMatchObject({ total: 3, page: 1, pages: 1 });
    expect(rows.body[1].rows[0]).toMatchObject({
      file: 'families.csv',
      row: 2,
      fate: 'new',
      label: 'ChkFamily0 family',
    });
  });

  it('refuses the rows it cannot write, each with its sentence and row', async () => {
    const f = family('Bad', 0);
    const batch = await checkRecords(t, s, {
      families: [
        f,
        family('Bad', 1, { email: f.email }),
        family('Bad', 2, { address: 'x'.repeat(10_000_000) }),
      ],
      dancers: [dancer('Bad', 0, 'nobody')],
    });
    expect(batch.totals.families).toMatchObject({ new: 1, refused: 2 });
    const refused = (await s.a.get(`${URL}/${batch.id}/rows?fate=refused`)).body[1].rows;
    expect(refused.map((r: { row: number; sentence: string }) => [r.row, r.sentence])).toEqual([
      [3, expect.stringContaining('already on families.csv row 2')],
      [4, expect.stringContaining('more than 1000 characters')],
      [2, 'No family nobody in the files or at the studio.'],
    ]);
  });

  it("refuses a parent (403), and another studio's batch is not found (404)", async () => {
    const batch = await checkRecords(t, s, move('Own', 1));
    expect((await s.parent.get(URL)).status).toBe(403);
    expect((await s.parent.post(URL, { source: 'x', files: [{ name: 'a.csv', content: 'a' }] })).status).toBe(
      403,
    );
    for (const res of [
      await s.b.get(`${URL}/${batch.id}`),
      await s.b.get(`${URL}/${batch.id}/rows`),
      await run(batch.id, s.b),
      await s.a.get(`${URL}/${UNKNOWN_ID}`),
    ])
      expect(res).toMatchObject({ status: 404, body: [false, IMPORT_TEXT.notFound] });
    expect((await s.b.get(URL)).body[1].some((b: { id: string }) => b.id === batch.id)).toBe(false);
  });

  it('takes a form upload like the JSON body', async () => {
    const boundary = '----pirouette';
    const payload = [
      `--${boundary}\r\nContent-Disposition: form-data; name="source"\r\n\r\njackrabbit\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="families.csv"\r\nContent-Type: text/csv\r\n\r\nFamily ID,Last Name\r\n1,Smith\r\n`,
      `--${boundary}--\r\n`,
    ].join('');
    const { token } = await signIn(t, 'owner@studio-a.example');
    const form = await t.call({
      method: 'POST',
      url: URL,
      headers: { 'x-access-token': token, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    const json = await s.a.post(URL, {
      source: 'jackrabbit',
      files: [{ name: 'families.csv', content: 'Family ID,Last Name\r\n1,Smith\r\n' }],
    });
    expect(form.status).toBe(200);
    expect(json.status).toBe(200);
    expect(form.body[1].files).toEqual(json.body[1].files);
  });
});

describe('POST api/mystudio/imports/:id/run', () => {
  it('writes exactly what the check said, mails nobody, and logs each family', async () => {
    const before = await tableCounts(t);
    const batch = await checkRecords(t, s, moveWithMoney('Run'));
    expect(batch.totals.enrolments).toMatchObject({ new: 3, refused: 0 });
    expect(batch.totals.balances).toMatchObject({ new: 1, refused: 0 });
    expect(batch.balances).toEqual({ families: 1, owed: 12550, credit: 0, net: 12550 });
    const res = await run(batch.id);
    expect(res.status).toBe(200);
    expect(res.body[1].batch).toMatchObject({ status: 'imported', importedAt: expect.any(String) });
    expect(diff(before, await tableCounts(t))).toEqual({
      family_accounts: 3,
      family_people: 4,
      students: 3,
      classes: 2,
      rooms: 1,
      teachers: 1,
      class_tuitions: 1,
      users: 3,
      memberships: 3,
      import_links: 3 + 3 + 1 + 3 + 2,
      class_registrations: 3,
      ledger_transactions: expect.any(Number),
    });
    const [f] = await db().select().from(familyAccounts).where(eq(familyAccounts.lastName, 'RunFamily0'));
    expect(f).toMatchObject({ address: '0 Main St', city: 'Newark', email: 'runparent0@import.example' });
    const parents = await db()
      .select({ pending: memberships.pending })
      .from(memberships)
      .where(and(eq(memberships.companyId, s.companyA), eq(memberships.familyId, f!.id)));
    expect(parents).toEqual([{ pending: true }]);
    const log = await db()
      .select({ action: auditLog.action, detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'family'), eq(auditLog.targetId, f!.id)));
    expect(log).toContainEqual({
      action: 'family.imported',
      detail: { source: 'Jackrabbit', batch: batch.id },
    });
    expect(log.filter((l) => l.action === 'family.imported')).toHaveLength(1);
  });

  it('runs a batch once; the same files again change nothing', async () => {
    const records = moveWithMoney('Again');
    const batch = await checkRecords(t, s, records);
    expect((await run(batch.id)).status).toBe(200);
    const after = await tableCounts(t);
    expect(await run(batch.id)).toMatchObject({ status: 409, body: [false, IMPORT_TEXT.alreadyRun] });
    const again = await checkRecords(t, s, records);
    expect(again.totals.families).toEqual({ new: 0, matched: 3, changed: 0, skipped: 0, refused: 0 });
    expect(again.totals.dancers.matched).toBe(3);
    expect(again.totals.classes.matched).toBe(2);
    expect(again.totals.enrolments).toMatchObject({ new: 0, matched: 3 });
    expect(again.totals.balances).toMatchObject({ new: 0, refused: 0 });
    expect(again.ready).toBe(false);
    expect(await run(again.id)).toMatchObject({ status: 422, body: [false, IMPORT_TEXT.notReady] });
    expect(diff(after, await tableCounts(t))).toEqual({});
  });

  it('a changed row updates only what changed, and leaves the owner’s own changes', async () => {
    const records = move('Chg', 2);
    expect((await run((await checkRecords(t, s, records)).id)).status).toBe(200);
    const [f0] = await db().select().from(familyAccounts).where(eq(familyAccounts.lastName, 'ChgFamily0'));
    // The owner fixes the address in Pirouette; the next export changes the city only.
    await db().update(familyAccounts).set({ address: '12 Owner Rd' }).where(eq(familyAccounts.id, f0!.id));
    const next = { ...records, families: [family('Chg', 0, { city: 'Montclair' }), records.families[1]!] };
    next.dancers = [dancer('Chg', 0, 'ChgF0', { dob: '2016-01-02' }), records.dancers[1]!];
    const before = await tableCounts(t);
    const batch = await checkRecords(t, s, next);
    expect(batch.totals.families).toMatchObject({ matched: 2, changed: 1 });
    expect(batch.totals.dancers).toMatchObject({ matched: 2, changed: 1 });
    expect((await run(batch.id)).status).toBe(200);
    expect(diff(before, await tableCounts(t))).toEqual({});
    const [f] = await db().select().from(familyAccounts).where(eq(familyAccounts.id, f0!.id));
    expect(f).toMatchObject({ city: 'Montclair', address: '12 Owner Rd' });
    const [d] = await db()
      .select()
      .from(students)
      .where(and(eq(students.familyId, f0!.id)));
    expect(d!.dob).toBe('2016-01-02');
  });

  it('matches a family the studio has by e-mail, and never makes it twice', async () => {
    const [made] = await db()
      .insert(familyAccounts)
      .values({ companyId: s.companyA, lastName: 'Desk', email: 'desk@import.example' })
      .returning();
    const batch = await checkRecords(t, s, {
      families: [family('Desk', 0, { email: 'desk@import.example' })],
    });
    expect(batch.totals.families).toMatchObject({ new: 0, matched: 1 });
    const before = await tableCounts(t);
    expect((await run(batch.id)).status).toBe(200);
    // The link is made, and the family's first parent (none had an address) is added.
    expect(diff(before, await tableCounts(t))).toEqual({
      import_links: 2,
      family_people: 1,
      users: 1,
      memberships: 1,
    });
    const people = await db().select().from(familyPeople).where(eq(familyPeople.familyId, made!.id));
    expect(people).toHaveLength(1);
  });

  it('rolls everything back when a row fails at write time, and says which', async () => {
    await db().execute(sql`create or replace function import_test_fault() returns trigger language plpgsql as $$
      begin if new.first_name = 'Boom' then raise exception 'boom'; end if; return new; end $$`);
    await db().execute(
      sql`create trigger import_test_fault before insert on students for each row execute function import_test_fault()`,
    );
    try {
      const records = move('Fail', 4);
      records.dancers[2] = dancer('Fail', 2, 'FailF2', { firstName: 'Boom' });
      const before = await tableCounts(t);
      const batch = await checkRecords(t, s, records);
      const res = await run(batch.id);
      expect(res.status).toBe(422);
      expect(res.body[1]).toContain('dancers.csv row 4');
      expect(diff(before, await tableCounts(t))).toEqual({});
      const read = (await s.a.get(`${URL}/${batch.id}`)).body[1] as ImportBatch;
      expect(read).toMatchObject({ status: 'failed', failure: res.body[1] });
      expect(await run(batch.id)).toMatchObject({ status: 409, body: [false, IMPORT_TEXT.failedBefore] });
    } finally {
      await db().execute(sql`drop trigger import_test_fault on students`);
    }
  });

  it('books a balance naming a new family by its e-mail, in any case', async () => {
    const batch = await checkRecords(t, s, {
      families: [family('Mail', 0), family('Mail', 1)],
      balances: [
        {
          file: 'balances.csv',
          row: 2,
          familyRef: 'MailParent0@Import.example',
          amount: 4000,
          asOf: '2026-11-01',
        },
        { file: 'balances.csv', row: 3, familyRef: 'mailf1', amount: 1000, asOf: '2026-11-01' },
      ],
    });
    expect(batch.totals.balances).toMatchObject({ new: 2, refused: 0 });
    expect((await run(batch.id)).status).toBe(200);
    for (const name of ['MailFamily0', 'MailFamily1']) {
      const [f] = await db().select().from(familyAccounts).where(eq(familyAccounts.lastName, name));
      const booked = await db()
        .select({ id: ledgerTransactions.id })
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.familyId, f!.id));
      expect(booked.length).toBeGreaterThan(0);
    }
  });

  it('refuses a family whose ref differs from another only in case', async () => {
    const batch = await checkRecords(t, s, {
      families: [family('Case', 0, { ref: 'A1' }), family('Case', 1, { ref: 'a1' })],
    });
    expect(batch.totals.families).toMatchObject({ new: 1, refused: 1 });
    const refused = (await s.a.get(`${URL}/${batch.id}/rows?fate=refused`)).body[1].rows;
    expect(refused.map((r: { row: number; sentence: string }) => [r.row, r.sentence])).toEqual([
      [3, 'The same family is on row 2 already.'],
    ]);
  });

  it('two runs at once write once', async () => {
    const before = await tableCounts(t);
    const batch = await checkRecords(t, s, move('Race', 2));
    const [one, two] = await Promise.all([run(batch.id), run(batch.id)]);
    expect([one.status, two.status].sort()).toEqual([200, 409]);
    expect(diff(before, await tableCounts(t))).toMatchObject({ family_accounts: 2, students: 2 });
  });

  it('only the latest check runs', async () => {
    const first = await checkRecords(t, s, move('Old', 1));
    await checkRecords(t, s, move('New', 1));
    expect(await run(first.id)).toMatchObject({ status: 409, body: [false, IMPORT_TEXT.replaced] });
  });
});

describe('imported parents and their invitations', () => {
  it('mails nobody until the owner sends them, then each parent once', async () => {
    const batch = await checkRecords(t, s, move('Inv', 3), 'b');
    expect((await run(batch.id, s.b)).status).toBe(200);
    const list = await s.b.get(`${URL}/parents?invited=0`);
    expect(list.status).toBe(200);
    expect(list.body[1]).toMatchObject({ total: 3, waiting: 3, page: 1 });
    expect(
      (await s.a.get(`${URL}/parents`)).body[1].parents.map((p: { email: string }) => p.email),
    ).not.toContain('invparent0@import.example');
    const before = await tableCounts(t);
    const picked = list.body[1].parents[0].id as string;
    expect(await s.a.post(`${URL}/invitations`, { ids: [picked] })).toMatchObject({ status: 404 });
    const one = await s.b.post(`${URL}/invitations`, { ids: [picked] });
    expect(one.body[1]).toMatchObject({ sent: 1 });
    const all = await s.b.post(`${URL}/invitations`, { all: true });
    expect(all.body[1]).toMatchObject({ sent: 2 });
    const again = await s.b.post(`${URL}/invitations`, { all: true });
    expect(again.body[1]).toEqual({ sent: 0, msg: IMPORT_TEXT.noInvitations });
    expect(diff(before, await tableCounts(t))).toMatchObject({ mail_outbox: 3, one_time_tokens: 3 });
    const mails = (await t.call({ method: 'GET', url: '/dev/mail.json' })).body[1] as {
      to: string;
      text: string;
    }[];
    const to = mails.filter((m) => m.to.startsWith('invparent'));
    expect(to.map((m) => m.to).sort()).toEqual([0, 1, 2].map((i) => `invparent${i}@import.example`));
    expect(to[0]!.text).toContain('/verify/email/pass/');
    expect((await s.b.get(`${URL}/parents?invited=0`)).body[1]).toMatchObject({ total: 0, waiting: 0 });
    expect((await s.parent.post(`${URL}/invitations`, { all: true })).body).toEqual([
      false,
      messages.forbidden,
    ]);
  });

  it('a later contacts file naming an invited parent neither lists them twice nor kills their link', async () => {
    const batch = await checkRecords(t, s, move('Twice', 1), 'b');
    expect((await run(batch.id, s.b)).status).toBe(200);
    expect((await s.b.post(`${URL}/invitations`, { all: true })).body[1]).toMatchObject({ sent: 1 });
    const [parent] = await db()
      .select({ id: familyPeople.id, userId: familyPeople.userId })
      .from(familyPeople)
      .where(eq(familyPeople.lastName, 'TwiceFamily0'));
    const named = contact('Twice', 5, 'TwiceF0', {
      kind: 'user',
      firstName: 'Pat',
      lastName: 'TwiceFamily0',
      email: 'twiceparent0@import.example',
    });
    const later = await checkRecords(t, s, { contacts: [named] }, 'b');
    expect(later.totals.contacts).toMatchObject({ matched: 1 });
    expect((await run(later.id, s.b)).status).toBe(200);
    const links = await db()
      .select({ kind: importLinks.kind, invitedAt: importLinks.invitedAt })
      .from(importLinks)
      .where(eq(importLinks.entityId, parent!.id));
    expect(links.map((l) => l.kind).sort()).toEqual(['contacts', 'parent']);
    const before = await tableCounts(t);
    const again = await s.b.post(`${URL}/invitations`, { all: true });
    expect(again.body[1]).toEqual({ sent: 0, msg: IMPORT_TEXT.noInvitations });
    const picked = await s.b.post(`${URL}/invitations`, { ids: [parent!.id] });
    expect(picked.body[1]).toEqual({ sent: 0, msg: IMPORT_TEXT.noInvitations });
    expect(diff(before, await tableCounts(t))).toEqual({});
    const tokens = await db()
      .select({ id: oneTimeTokens.id })
      .from(oneTimeTokens)
      .where(and(eq(oneTimeTokens.userId, parent!.userId!), isNull(oneTimeTokens.usedAt)));
    expect(tokens).toHaveLength(1);
    const list = (await s.b.get(`${URL}/parents`)).body[1];
    const mine = list.parents.filter((p: { id: string }) => p.id === parent!.id);
    expect(mine).toEqual([expect.objectContaining({ invitedAt: expect.any(String) })]);
    expect((await s.b.get(`${URL}/parents?invited=0`)).body[1].parents).not.toContainEqual(
      expect.objectContaining({ id: parent!.id }),
    );
  });

  it('lists a parent with two links not yet invited once, and mails them once', async () => {
    const batch = await checkRecords(t, s, move('Both', 1), 'b');
    expect((await run(batch.id, s.b)).status).toBe(200);
    const [parent] = await db()
      .select({ id: familyPeople.id })
      .from(familyPeople)
      .where(eq(familyPeople.lastName, 'BothFamily0'));
    const named = contact('Both', 5, 'BothF0', {
      kind: 'user',
      firstName: 'Pat',
      lastName: 'BothFamily0',
      email: 'bothparent0@import.example',
    });
    const later = await checkRecords(t, s, { contacts: [named] }, 'b');
    expect((await run(later.id, s.b)).status).toBe(200);
    const waiting = (await s.b.get(`${URL}/parents?invited=0`)).body[1].parents;
    expect(waiting.filter((p: { id: string }) => p.id === parent!.id)).toHaveLength(1);
    const before = await tableCounts(t);
    expect((await s.b.post(`${URL}/invitations`, { ids: [parent!.id] })).body[1]).toMatchObject({ sent: 1 });
    expect(diff(before, await tableCounts(t))).toEqual({ mail_outbox: 1, one_time_tokens: 1 });
    const links = await db()
      .select({ invitedAt: importLinks.invitedAt })
      .from(importLinks)
      .where(eq(importLinks.entityId, parent!.id));
    expect(links).toHaveLength(2);
    expect(links.every((l) => l.invitedAt !== null)).toBe(true);
  });
});
