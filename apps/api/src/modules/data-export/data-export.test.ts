import { ARCHIVE_FILE, archiveToImportRecords, pirouetteArchive } from '@pirouette/domain';
import { sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/flows';
import { countQueries, repeatedStatements } from '../../../test/query-count';
import { useTwoStudios } from '../../../test/studios-base';
import { familyAccounts, familyPeople, students } from '../../db/schema/families';
import { recitalSeats, recitalShows, recitals, recitalTickets, ticketOrders } from '../../db/schema/recitals';
import { parseCsv } from '../books/csv.fixture';
import { familyOf, ok, registrationStudio } from '../class-registration/class-registration.fixture';
import { registerInJazz } from '../ledger/ledger.fixture';
import { saveTestCard, TEST_CARDS } from '../payments/payments.fixture';

/**
 * Moving out (issue 35 item 6, decision 057): the studio's archive and a parent's, through app.inject,
 * unzipped and read back file by file. Another studio's data never appears, a parent gets their own
 * family only, and no card number is anywhere in the bytes.
 */

const { t, s } = useTwoStudios();
const STUDIO = '/api/mystudio/export';
const PARENT = '/api/parents/export';

type Setting = Awaited<ReturnType<typeof registrationStudio>>;
let setting: Setting;
let jazz: Awaited<ReturnType<typeof registerInJazz>>;
let other: Awaited<ReturnType<typeof familyOf>>;

/** GET as one signed-in caller, the raw answer. */
const download = (token: string | undefined, url: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? { 'x-access-token': token } : {} });

/** The session tokens of the people who download. */
const tokens = { ownerA: '', ownerB: '', jazz: '', zed: '' };

/** The files of a ZIP answer, as text (a byte-order mark kept, to be checked). */
function filesOf(raw: Buffer): Record<string, string> {
  const files = unzipSync(new Uint8Array(raw));
  const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });
  return Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, utf8.decode(bytes)]));
}

/** A CSV's rows as objects by header (its byte-order mark checked and dropped). */
function rowsOf(text: string | undefined): Record<string, string>[] {
  expect(text?.startsWith('\uFEFF')).toBe(true);
  const [header, ...rows] = parseCsv(text!.slice(1));
  return rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i] ?? ''])));
}

beforeAll(async () => {
  setting = await registrationStudio(s);
  jazz = await registerInJazz(t, s, setting, 'jazz@export.example');
  await saveTestCard(t, jazz.fam.parent, TEST_CARDS.good);
  // $40.00 in cash at the desk: the $35.00 fee and $5.00 of November.
  const bill = (await ok(s.a.get(`/api/mystudio/account/${jazz.fam.id}/money`))).current.id;
  await ok(
    s.a.post(`/api/transactions/payments/${jazz.fam.id}/${bill}`, {
      payments: [{ type: 'cash', total: 40 }],
    }),
  );
  // A second family of studio A, and one of studio B that must never appear in A's export.
  await familyOf(t, s.companyA, 'quiet@export.example', [{ firstName: 'Ivy' }]);
  other = await familyOf(t, s.companyB, 'zed@studio-b.example', [{ firstName: 'Zebulon' }]);
  await saveTestCard(t, other.parent, TEST_CARDS.mastercard);
  const [a, b, parentA, parentB] = await Promise.all([
    signIn(t, 'owner@studio-a.example'),
    signIn(t, 'owner@studio-b.example'),
    signIn(t, 'jazz@export.example', 'Parent123'),
    signIn(t, 'zed@studio-b.example', 'Parent123'),
  ]);
  Object.assign(tokens, { ownerA: a.token, ownerB: b.token, jazz: parentA.token, zed: parentB.token });
});

describe("the studio's export", () => {
  it('answers a ZIP with the CSVs, the README and pirouette.json, under the studio and the day', async () => {
    const res = await download(tokens.ownerA, STUDIO);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="[a-z0-9.-]+-export-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    const files = filesOf(res.rawPayload);
    expect(Object.keys(files).sort()).toEqual(
      [
        'README.txt',
        'families.csv',
        'contacts.csv',
        'dancers.csv',
        'classes.csv',
        'enrolments.csv',
        'ledger.csv',
        'payments.csv',
        'costumes.csv',
        'competitions.csv',
        'recital-shows.csv',
        'recital-tickets.csv',
        'cards.csv',
        ARCHIVE_FILE,
      ].sort(),
    );

    const families = rowsOf(files['families.csv']);
    expect(families).toHaveLength(2);
    const smith = families.find((f) => f['Family ID'] === jazz.fam.id)!;
    expect(smith).toMatchObject({ Status: 'active', Phone: '(973) 555-0150', City: 'Newark', State: 'NJ' });
    const money = await ok(s.a.get(`/api/mystudio/account/${jazz.fam.id}/money`));
    expect(Number(smith.Balance)).toBe(money.balance);

    expect(
      rowsOf(files['dancers.csv'])
        .map((d) => d['First name'])
        .sort(),
    ).toEqual(['Emma', 'Ivy']);
    expect(rowsOf(files['contacts.csv']).map((p) => p.Kind)).toEqual(['User (signs in)', 'User (signs in)']);
    const classes = rowsOf(files['classes.csv']);
    expect(classes.map((c) => c.Class).sort()).toEqual(['Ballet 1', 'Jazz 1', 'Tap 1']);
    expect(classes.find((c) => c.Class === 'Jazz 1')).toMatchObject({
      Day: 'Tuesday',
      'Monthly price': '60.00',
    });
    expect(rowsOf(files['enrolments.csv'])).toEqual([
      expect.objectContaining({ Dancer: 'Emma Dancer', Class: 'Jazz 1', Day: 'Tuesday', State: 'Enrolled' }),
    ]);
    const ledger = rowsOf(files['ledger.csv']);
    expect(ledger.length).toBeGreaterThan(0);
    expect(ledger.every((l) => l['Family ID'] === jazz.fam.id)).toBe(true);
    expect(ledger.reduce((sum, l) => sum + Math.round(Number(l.Amount) * 100), 0)).toBe(
      Math.round(money.balance * 100),
    );
    const payment = ledger.find((l) => l.Kind === 'Payment')!;
    expect(payment).toMatchObject({ Amount: '-40.00' });
    expect(payment.Pays).toContain('Registration fee');
    expect(payment.Pays).toContain('November 2026');
    expect(rowsOf(files['payments.csv'])).toEqual([
      expect.objectContaining({ 'Family ID': jazz.fam.id, Method: 'Cash', Amount: '40.00', Reversed: 'no' }),
    ]);
    expect(rowsOf(files['cards.csv'])).toEqual([
      expect.objectContaining({
        'Family ID': jazz.fam.id,
        Brand: 'Visa',
        'Last four': '0006',
        Expires: '12/2030',
      }),
    ]);
    expect(files['README.txt']).toContain('Card numbers never');
  });

  it("never holds another studio's data, nor any card number", async () => {
    const raw = (await download(tokens.ownerA, STUDIO)).rawPayload;
    const text = Object.values(filesOf(raw)).join('\n');
    expect(text).not.toContain(other.id);
    expect(text).not.toContain('Zebulon');
    expect(text).not.toContain('zed@studio-b.example');
    // The other studio's card ends in 4444. An id may hold those digits (53e7ba04-2f2b-4444-…, a CI run of
    // 2026-12-02); a card's last four stand alone, between commas or quotes.
    expect(text).not.toMatch(/(?<![\da-f-])4444(?![\da-f-])/i);
    for (const number of [TEST_CARDS.good, TEST_CARDS.mastercard]) {
      expect(text).not.toContain(number);
      expect(raw.includes(Buffer.from(number))).toBe(false);
    }
    // Studio B's export holds its own family, and none of A's.
    const b = Object.values(filesOf((await download(tokens.ownerB, STUDIO)).rawPayload)).join('\n');
    expect(b).toContain('Zebulon');
    expect(b).not.toContain(jazz.fam.id);
    expect(b).not.toContain('Emma');
  });

  it('pirouette.json reads as an archive and converts into the records of the same studio', async () => {
    const files = filesOf((await download(tokens.ownerA, STUDIO)).rawPayload);
    const archive = pirouetteArchive.parse(JSON.parse(files[ARCHIVE_FILE]!));
    expect(archive).toMatchObject({ format: 'pirouette-studio', version: 1 });
    expect(archive.term?.name).toBe(s.termA.name);
    expect(archive.classes.map((c) => c.name).sort()).toEqual(['Ballet 1', 'Jazz 1', 'Tap 1']);
    const out = archiveToImportRecords(files[ARCHIVE_FILE], '2099-01-01');
    if ('problem' in out) throw new Error(out.problem);
    expect(out.refusals).toEqual([]);
    const r = out.records;
    expect(r.families.map((f) => f.ref).sort()).toEqual(archive.families.map((f) => f.ref).sort());
    expect(r.families.find((f) => f.ref === jazz.fam.id)).toMatchObject({ email: 'jazz@export.example' });
    expect(r.dancers).toHaveLength(2);
    expect(r.enrolments).toEqual([
      expect.objectContaining({ dancerRef: jazz.fam.students[0], classRef: setting.classes.tuesday }),
    ]);
    const money = await ok(s.a.get(`/api/mystudio/account/${jazz.fam.id}/money`));
    const owed = Math.round(money.balance * 100);
    expect(r.balances).toEqual(
      owed === 0 ? [] : [expect.objectContaining({ familyRef: jazz.fam.id, amount: owed })],
    );
  });

  it('reads in a fixed number of statements, whatever the number of families', async () => {
    const { count, statements } = await countQueries(t, () => download(tokens.ownerA, STUDIO));
    expect(count).toBeLessThanOrEqual(24);
    expect(repeatedStatements(statements).filter((r) => r.times > 2)).toEqual([]);
  });

  it("is the owner's only: a parent is refused, and so is anyone signed out", async () => {
    expect((await download(tokens.jazz, STUDIO)).statusCode).toBe(403);
    expect((await download(undefined, STUDIO)).statusCode).toBe(401);
  });
});

describe("a parent's own data", () => {
  it('answers their family only: people, dancers, classes, the statement, the card by brand and last four', async () => {
    const res = await download(tokens.jazz, PARENT);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="[a-z0-9.-]+-data-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const files = filesOf(res.rawPayload);
    expect(Object.keys(files).sort()).toEqual(
      [
        'README.txt',
        'family.csv',
        'people.csv',
        'dancers.csv',
        'classes.csv',
        'statement.csv',
        'payments.csv',
        'costumes.csv',
        'competitions.csv',
        'recital-tickets.csv',
        'cards.csv',
      ].sort(),
    );
    expect(rowsOf(files['family.csv']).map((f) => f['Family ID'])).toEqual([jazz.fam.id]);
    expect(rowsOf(files['dancers.csv']).map((d) => d['First name'])).toEqual(['Emma']);
    expect(rowsOf(files['classes.csv'])).toEqual([
      expect.objectContaining({ Class: 'Jazz 1', Day: 'Tuesday', Room: expect.any(String) }),
    ]);
    const statement = rowsOf(files['statement.csv']);
    expect(statement[0]).toMatchObject({ Description: 'Opening balance', Balance: '0.00' });
    expect(statement.find((l) => l.Description === 'Closing balance')).toBeDefined();
    expect(rowsOf(files['cards.csv'])).toEqual([
      expect.objectContaining({ Brand: 'Visa', 'Last four': '0006' }),
    ]);
    const all = Object.values(files).join('\n');
    expect(all).not.toContain('Ivy');
    expect(all).not.toContain(TEST_CARDS.good);
    expect(res.rawPayload.includes(Buffer.from(TEST_CARDS.good))).toBe(false);
  });

  it("another studio's parent gets their own family, never studio A's", async () => {
    const files = filesOf((await download(tokens.zed, PARENT)).rawPayload);
    const all = Object.values(files).join('\n');
    expect(all).toContain('Zebulon');
    expect(all).not.toContain('Emma');
    expect(rowsOf(files['cards.csv'])).toEqual([
      expect.objectContaining({ Brand: 'Mastercard', 'Last four': '4444' }),
    ]);
  });

  it("is a parent's only: an owner's session is refused", async () => {
    expect((await download(tokens.ownerA, PARENT)).statusCode).toBe(403);
    expect((await download(undefined, PARENT)).statusCode).toBe(401);
  });
});

/** A recital of a studio with one show and one seat, a ticket sold on it to a family or to the public. */
async function soldTicket(
  companyId: string,
  buyer: { name: string; familyId: string | null; number: number },
) {
  const db = t.database.db;
  const [recital] = await db
    .insert(recitals)
    .values({
      companyId,
      name: `Recital ${buyer.number}`,
      venueName: 'Town Hall',
      firstDay: '2027-06-12',
      lastDay: '2027-06-12',
      publicToken: `token-${buyer.number}`,
    })
    .returning();
  const [show] = await db
    .insert(recitalShows)
    .values({
      companyId,
      recitalId: recital!.id,
      name: 'Matinee',
      day: '2027-06-12',
      startsAt: '13:00',
      doorsAt: '12:30',
    })
    .returning();
  const [seat] = await db
    .insert(recitalSeats)
    .values({ companyId, recitalId: recital!.id, section: 'Orchestra', row: 'B', number: buyer.number })
    .returning();
  const [order] = await db
    .insert(ticketOrders)
    .values({
      companyId,
      recitalId: recital!.id,
      showId: show!.id,
      number: buyer.number,
      channel: buyer.familyId ? 'family' : 'public',
      familyId: buyer.familyId,
      buyerName: buyer.name,
      buyerEmail: `${buyer.number}@buyer.example`,
      state: 'paid',
      heldUntil: new Date('2026-11-20T12:00:00Z'),
      total: 2000,
      paidAt: new Date('2026-11-20T12:00:00Z'),
    })
    .returning();
  await db.insert(recitalTickets).values({
    companyId,
    showId: show!.id,
    seatId: seat!.id,
    orderId: order!.id,
    kind: 'adult',
    price: 2000,
    state: 'sold',
    code: `code-${buyer.number}`,
  });
}

describe('recital tickets', () => {
  it('leave with the studio (every ticket, its seat and buyer) and with the buying family (theirs only)', async () => {
    await soldTicket(s.companyA, { name: 'Jazz Parent', familyId: jazz.fam.id, number: 7 });
    await soldTicket(s.companyA, { name: 'A Neighbour', familyId: null, number: 8 });
    await soldTicket(s.companyB, { name: 'Zed Parent', familyId: other.id, number: 9 });
    const studio = filesOf((await download(tokens.ownerA, STUDIO)).rawPayload);
    const tickets = rowsOf(studio['recital-tickets.csv']);
    expect(tickets.map((r) => [r.Buyer, r.Row, r.Seat, r.Price, r.State, r.Family])).toEqual([
      ['Jazz Parent', 'B', '7', '20.00', 'sold', expect.any(String)],
      ['A Neighbour', 'B', '8', '20.00', 'sold', ''],
    ]);
    expect(tickets[0]!['Family ID']).toBe(jazz.fam.id);
    expect(rowsOf(studio['recital-shows.csv'])).toEqual([]);
    const family = filesOf((await download(tokens.jazz, PARENT)).rawPayload);
    expect(rowsOf(family['recital-tickets.csv']).map((r) => r.Buyer)).toEqual(['Jazz Parent']);
  });
});

describe('a studio of 1,000 families', () => {
  it('exports in a few seconds, in as many statements as a studio of two', async () => {
    const before = await countQueries(t, () => download(tokens.ownerA, STUDIO));
    const db = t.database.db;
    const families = await db
      .insert(familyAccounts)
      .values(
        Array.from({ length: 1000 }, (_, i) => ({
          companyId: s.companyA,
          lastName: `Family${i}`,
          email: `family${i}@big.example`,
          phone: '9735550100',
          address: `${i} Long Road`,
          city: 'Newark',
          state: 'NJ',
          zipcode: '07102',
        })),
      )
      .returning({ id: familyAccounts.id });
    await db.insert(familyPeople).values(
      families.map((f, i) => ({
        companyId: s.companyA,
        familyId: f.id,
        kind: 'contact' as const,
        firstName: 'Grand',
        lastName: `Family${i}`,
        phone: '9735550101',
        role: 'Grandparent',
      })),
    );
    await db.insert(students).values(
      [...families, ...families.slice(0, 500)].map((f, i) => ({
        companyId: s.companyA,
        familyId: f.id,
        firstName: `Dancer${i}`,
        lastName: 'Big',
        dob: '2016-05-01',
      })),
    );
    // Three charges a family, balanced, written at once (the ledger's triggers check each transaction).
    await db.execute(sql`with f as (
        select id from family_accounts where company_id = ${s.companyA} and last_name like 'Family%'),
      t as (insert into ledger_transactions
          (company_id, family_id, kind, effective_date, idempotency_key, reason, created_by_name)
        select ${s.companyA}::uuid, f.id, 'charge', '2026-11-21'::date, 'big:' || f.id || ':' || g, 'Seeded', 'Test'
        from f cross join generate_series(1, 3) g
        returning id, family_id)
      insert into ledger_entries (tx_id, company_id, family_id, account, amount)
      select id, ${s.companyA}::uuid, family_id, 'receivable', 1000 from t
      union all select id, ${s.companyA}::uuid, family_id, 'revenue:tuition', -1000 from t`);
    // The same round trips for 1,000 families as for 2 (the time is the bench's to measure, not a test's).
    const after = await countQueries(t, () => download(tokens.ownerA, STUDIO));
    expect(after.result.statusCode).toBe(200);
    expect(after.count).toBe(before.count);
    const files = filesOf(after.result.rawPayload);
    expect(rowsOf(files['families.csv'])).toHaveLength(1002);
    expect(rowsOf(files['dancers.csv'])).toHaveLength(1502);
    const out = archiveToImportRecords(files[ARCHIVE_FILE], '2099-01-01');
    if ('problem' in out) throw new Error(out.problem);
    expect(out.records.families).toHaveLength(1002);
    expect(out.records.contacts).toHaveLength(1000);
    expect(rowsOf(files['ledger.csv']).length).toBeGreaterThanOrEqual(3000);
    expect(out.records.balances.filter((b) => b.amount === 3000)).toHaveLength(1000);
  });
});
