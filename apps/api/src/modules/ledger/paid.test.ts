import { dueItemPaid, dueStandingOf, isDueItemPaid, windows } from '@pirouette/domain';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Caller, caller } from '../../../test/studios';
import { useTwoStudios } from '../../../test/studios-base';
import { memberships } from '../../db/schema/memberships';
import { sessions } from '../../db/schema/sessions';
import { hashSecret, newToken } from '../../lib/secrets';
import { ok, registrationStudio } from '../class-registration/class-registration.fixture';
import { familyDueItems } from './billing';
import { readBook } from './book';
import { moveTo, payAtDesk, registeredFamilies, runBillingUntil } from './reports.fixture';

/**
 * What is paid of a plan payment (issue 31 item 5, decision 039), on every screen that shows it: the
 * owner's family tuition, the parent's tuition schedule and the owner's plan payments list answer what
 * the domain's rule (`packages/domain/src/ledger/paid.ts`) says of the family's books read in memory.
 * Six families registered on Nov 21 in Jazz 1 ($60 a month), billed to Jan 5: Full paid more than it
 * owed (the rest became credit, which paid December and January), Part paid all but $5 of November, Unpaid nothing, Waived
 * had December's charge removed, Refunded paid everything and had $10 of an item refunded in cash, Late
 * pays by the half year and paid nothing. Every family has payments not charged yet.
 */

const { t, s } = useTwoStudios();
const TODAY = '2027-01-05';
let owner: Caller;
let fams: Awaited<ReturnType<typeof registeredFamilies>>;
const parents = new Map<string, Caller>();

const cents = (dollars: number) => Math.round(dollars * 100);

/** A new session for a family's parent (the fixture's end after 12 hours of the test clock). */
async function parentOf(fam: { id: string; userId: string }): Promise<Caller> {
  const db = t.database.db;
  const [member] = await db
    .select({ id: memberships.id })
    .from(memberships)
    .where(and(eq(memberships.userId, fam.userId), eq(memberships.familyId, fam.id)));
  const token = newToken();
  await db.insert(sessions).values({
    tokenHash: hashSecret(token),
    userId: fam.userId,
    companyId: s.companyA,
    membershipId: member!.id,
    expiresAt: new Date(t.clock.now().getTime() + windows.sessionHours * 3600_000),
  });
  return caller(t, token);
}

const balanceOf = async (familyId: string) => (await readBook(t.database.db, s.companyA, familyId)).balance;

beforeAll(async () => {
  const setting = await registrationStudio(s);
  fams = await registeredFamilies(t, s, setting, [
    { name: 'Full' },
    { name: 'Part' },
    { name: 'Unpaid' },
    { name: 'Waived' },
    { name: 'Refunded' },
    { name: 'Late', plan: 'other' },
  ]);
  const [full, part, , waived, refunded] = fams;
  // Full pays $150 more than it owes: credit that pays the next charges as they post.
  await payAtDesk(s.a, full!.id, (await balanceOf(full!.id)) / 100 + 150);
  // Part pays all but $5: the fee, then part of November ($15).
  await payAtDesk(s.a, part!.id, (await balanceOf(part!.id)) / 100 - 5);
  await payAtDesk(s.a, refunded!.id, (await balanceOf(refunded!.id)) / 100);
  ({ a: owner } = await moveTo(t, TODAY));
  await runBillingUntil(t, TODAY);

  const db = t.database.db;
  // Waived: December's charge removed by the owner.
  const waivedBook = await readBook(db, s.companyA, waived!.id);
  const december = waivedBook.charges.find((c) => c.category === 'tuition' && c.dueDate === '2026-12-01')!;
  await ok(
    owner.delete(
      `/api/transactions/item/${december.invoiceId}/${december.id}?reason=${encodeURIComponent('Studio closed')}`,
    ),
  );
  // Refunded: $10 of the first tuition charge its payment paid goes back in cash; the charge stays paid.
  const refundedBook = await readBook(db, s.companyA, refunded!.id);
  const paidCharge = refundedBook.charges.find((c) => c.category === 'tuition' && c.paid > 0)!;
  const payment = refundedBook.payments.find((p) => p.method === 'cash')!;
  await ok(
    owner.post(`/api/transactions/refund/${refunded!.id}`, {
      paymentID: payment.id,
      itemID: paidCharge.id,
      total: 10,
      to: 'cash',
      reason: 'Class cancelled',
    }),
  );
  for (const fam of fams) parents.set(fam.id, await parentOf(fam));
});

type Figures = { charged: number; paid: number; isPayed: 0 | 1 };

/** What the rule says of each plan payment of the family (by name and due date), from its books in memory. */
async function expected(familyId: string): Promise<Map<string, Figures>> {
  const db = t.database.db;
  const book = await readBook(db, s.companyA, familyId);
  const out = new Map<string, Figures>();
  for (const item of await familyDueItems(db, s.companyA, familyId)) {
    const charges = book.charges.filter((c) => c.dueKey === item.dueKey);
    const standing =
      charges.length === 0
        ? undefined
        : dueStandingOf(charges.map((c) => ({ total: c.total, removed: c.removed !== null, paid: c.paid })));
    out.set(`${item.name} ${item.dateDue}`, {
      charged: standing?.charged ?? 0,
      paid: dueItemPaid(standing),
      isPayed: isDueItemPaid(item.val, standing) ? 1 : 0,
    });
  }
  return out;
}

type Shown = { name: string; charged: number; paid: number; isPayed: 0 | 1 };
const shownAs = (rows: (Shown & { date: string })[]) =>
  new Map(
    rows.map((r) => [
      `${r.name} ${r.date}`,
      { charged: cents(r.charged), paid: cents(r.paid), isPayed: r.isPayed } satisfies Figures,
    ]),
  );

describe('what is paid of a plan payment', () => {
  it('the family has a mix: paid in full, part paid, charged unpaid, not charged, paid by credit, refunded, removed', async () => {
    const db = t.database.db;
    const all = (await Promise.all(fams.map((f) => expected(f.id)))).flatMap((m) => [...m.values()]);
    expect(all.some((f) => f.isPayed === 1 && f.paid > 0 && f.paid === f.charged)).toBe(true);
    expect(all.some((f) => f.paid > 0 && f.paid < f.charged)).toBe(true);
    expect(all.some((f) => f.charged > 0 && f.paid === 0 && f.isPayed === 0)).toBe(true);
    expect(all.some((f) => f.charged === 0 && f.isPayed === 0)).toBe(true);
    const [full, , , waived, refunded] = fams;
    const fullBook = await readBook(db, s.companyA, full!.id);
    const byCredit = fullBook.payments.filter((p) => p.method === 'credit' && p.applied > 0);
    expect(byCredit.length).toBeGreaterThan(0);
    expect((await readBook(db, s.companyA, refunded!.id)).refunds.length).toBe(1);
    expect((await readBook(db, s.companyA, waived!.id)).charges.some((c) => c.removed)).toBe(true);
  });

  it("the owner's family tuition, the parent's schedule and the plan payments list answer the rule", async () => {
    for (const fam of fams) {
      const want = await expected(fam.id);
      const ownerView = await ok(owner.get(`/api/mystudio/paymentSystem/account/${fam.id}`));
      const parentView = await ok(parents.get(fam.id)!.get('/api/parents/tuition/schedule'));
      const list = await ok(owner.get(`/api/mystudio/account/payments?family=${fam.id}&pageSize=100`));
      const tuitionRows = (view: { plan: { payments: (Shown & { dateDue: string })[] } }) =>
        shownAs(view.plan.payments.map((p) => ({ ...p, date: p.dateDue })));
      const listRows = shownAs(
        list.items.map((p: Shown & { dateDueBy: string }) => ({ ...p, date: p.dateDueBy })),
      );
      expect(tuitionRows(ownerView), `${fam.name}: the owner's family tuition`).toEqual(want);
      expect(tuitionRows(parentView), `${fam.name}: the parent's tuition schedule`).toEqual(want);
      expect(listRows, `${fam.name}: the plan payments list`).toEqual(want);
    }
  });
});
