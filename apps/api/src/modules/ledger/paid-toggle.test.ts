import { ledgerMessages, messages, type PlanPaymentRow } from '@pirouette/domain';
import { and, asc, count, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { UNKNOWN_ID } from '../../../test/studios';
import { useTwoStudios } from '../../../test/studios-base';
import { familyPlanPayments, familyPlanRevisions, familyTerms } from '../../db/schema/enrolment';
import { ledgerAllocations, ledgerCharges, ledgerPayments, ledgerTransactions } from '../../db/schema/ledger';
import { OWNER_REG, ok, registrationStudio } from '../class-registration/class-registration.fixture';
import { readBook } from './book';
import { paidToggleMessages } from './paid-toggle';
import { payAtDesk, registeredFamilies, runBillingUntil } from './reports.fixture';

/**
 * The plan payments list's paid toggle: the flag is what the ledger says, so marking a payment paid
 * posts its charge (when it is due later, as the billing day would) and a cash payment for it, and
 * marking it unpaid reverses that payment. The test clock stays on Nov 21, 2026.
 */

const { t, s } = useTwoStudios();
const LIST = '/api/mystudio/account/payments';
let fams: Awaited<ReturnType<typeof registeredFamilies>>;

beforeAll(async () => {
  const setting = await registrationStudio(s);
  fams = await registeredFamilies(t, s, setting, [
    { name: 'Toggle', plan: 'other' },
    { name: 'Desk' },
    { name: 'Monthly' },
  ]);
  // Tap from Nov 23: the first half (due Nov 21) stands and an adjustment due Nov 23 says the change.
  await ok(
    s.a.post(OWNER_REG, {
      regList: [{ stdID: fams[0]!.students[0], clSchID: setting.classes.thursday, isNew: true, price: 45 }],
      aMemID: fams[0]!.id,
      dateStart: '2026-11-23',
    }),
  );
});

const toggle = (id: string, status: 0 | 1) => s.a.get(`${LIST}/${id}/${status}`);

async function rowsOf(familyId: string): Promise<PlanPaymentRow[]> {
  return (await ok(s.a.get(`${LIST}?pageSize=100&family=${familyId}`))).items;
}
const rowNamed = async (familyId: string, name: string) =>
  (await rowsOf(familyId)).find((r) => r.name === name)!;

/** The due item key of a plan payment, as billing names it (the options' keys; adjustments by order). */
async function planKey(paymentId: string) {
  const [row] = await t.database.db
    .select({ familyTermId: familyPlanRevisions.familyTermId, optionId: familyPlanPayments.optionId })
    .from(familyPlanPayments)
    .innerJoin(familyPlanRevisions, eq(familyPlanRevisions.id, familyPlanPayments.revisionId))
    .where(eq(familyPlanPayments.id, paymentId));
  return `${row!.familyTermId}:plan:${row!.optionId}`;
}

async function ledgerRows() {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.companyId, s.companyA));
  return row!.n;
}

const keyed = (key: string) =>
  t.database.db
    .select({
      id: ledgerTransactions.id,
      kind: ledgerTransactions.kind,
      key: ledgerTransactions.idempotencyKey,
    })
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.companyId, s.companyA), like(ledgerTransactions.idempotencyKey, key)))
    .orderBy(asc(ledgerTransactions.createdAt));

describe('GET api/mystudio/account/payments/{id}/1', () => {
  it('marks a payment due later paid: its charge posted as billing would, a cash payment for what is open', async () => {
    const fam = fams[0]!;
    const second = await rowNamed(fam.id, 'Second half');
    expect(second).toMatchObject({ state: 'upcoming', charged: 0, isPayed: 0, rev: 2 });
    const dueKey = await planKey(second.id);
    const before = await readBook(t.database.db, s.companyA, fam.id);

    expect(await ok(toggle(second.id, 1))).toEqual({ msg: ledgerMessages.paidToggledOn });
    expect(await rowNamed(fam.id, 'Second half')).toMatchObject({
      isPayed: 1,
      state: 'paid',
      charged: second.val,
      paid: second.val,
    });
    // The charge billing would have posted on Jan 1, under its key; the payment pays it and nothing else.
    expect(await keyed(`plan:${dueKey}:%`)).toMatchObject([{ kind: 'charge', key: `plan:${dueKey}:r2` }]);
    const [payment] = await keyed(`paid-toggle:${dueKey}:%`);
    expect(payment).toMatchObject({ kind: 'payment', key: `paid-toggle:${dueKey}:1` });
    const [paid] = await t.database.db
      .select()
      .from(ledgerPayments)
      .where(eq(ledgerPayments.txId, payment!.id));
    expect(paid).toMatchObject({
      method: 'cash',
      reference: 'Marked paid',
      total: Math.round(second.val * 100),
    });
    const allocations = await t.database.db
      .select({ charge: ledgerCharges.dueKey, amount: ledgerAllocations.amount })
      .from(ledgerAllocations)
      .innerJoin(ledgerCharges, eq(ledgerCharges.txId, ledgerAllocations.chargeTxId))
      .where(eq(ledgerAllocations.paymentTxId, payment!.id));
    expect(allocations).toEqual([{ charge: dueKey, amount: Math.round(second.val * 100) }]);
    // Charged and paid at once: the family owes what it owed, and holds no credit.
    const after = await readBook(t.database.db, s.companyA, fam.id);
    expect(after.balance).toBe(before.balance);
    expect(after.credit).toBe(0);

    // Twice: nothing more.
    const n = await ledgerRows();
    expect(await ok(toggle(second.id, 1))).toEqual({ msg: ledgerMessages.paidToggledOn });
    expect(await ledgerRows()).toBe(n);
  });

  it("marks a revision's adjustment paid under its own key, and a payment of an earlier revision names its item", async () => {
    const fam = fams[0]!;
    const adjustment = (await rowsOf(fam.id)).find((r) => r.kind === 'adjustment')!;
    expect(adjustment).toMatchObject({ dateDueBy: '2026-11-23', state: 'upcoming', rev: 2 });
    expect(adjustment.val).toBeGreaterThan(0);
    await ok(toggle(adjustment.id, 1));
    const [term] = await t.database.db
      .select({ id: familyTerms.id })
      .from(familyTerms)
      .where(eq(familyTerms.familyId, fam.id));
    expect(await keyed(`plan:${term!.id}:adj:1:%`)).toMatchObject([{ key: `plan:${term!.id}:adj:1:r2` }]);
    expect(await keyed(`paid-toggle:${term!.id}:adj:1:%`)).toHaveLength(1);
    expect((await rowsOf(fam.id)).find((r) => r.kind === 'adjustment')).toMatchObject({ isPayed: 1 });

    // The first half as revision 1 wrote it: the same due item as revision 2's.
    const [old] = await t.database.db
      .select({ id: familyPlanPayments.id })
      .from(familyPlanPayments)
      .innerJoin(familyPlanRevisions, eq(familyPlanRevisions.id, familyPlanPayments.revisionId))
      .where(
        and(
          eq(familyPlanRevisions.familyTermId, term!.id),
          eq(familyPlanRevisions.revision, 1),
          eq(familyPlanPayments.name, 'First half'),
        ),
      );
    const first = await rowNamed(fam.id, 'First half');
    expect(first).toMatchObject({ state: 'due', isPayed: 0 });
    expect(old!.id).not.toBe(first.id);
    await ok(toggle(old!.id, 1));
    expect(await rowNamed(fam.id, 'First half')).toMatchObject({ state: 'paid', isPayed: 1 });
    expect(await ok(toggle(first.id, 0))).toEqual({ msg: ledgerMessages.paidToggledOff });
    expect(await rowNamed(fam.id, 'First half')).toMatchObject({ state: 'due', isPayed: 0, paid: 0 });
  });

  it('the billing day later posts nothing for a payment marked paid ahead', async () => {
    const fam = fams[0]!;
    const second = await rowNamed(fam.id, 'Second half');
    const dueKey = await planKey(second.id);
    await runBillingUntil(t, '2027-01-20');
    expect(await keyed(`plan:${dueKey}:%`)).toHaveLength(1);
    // Paid on time: no late fee either.
    expect(await keyed(`late:${dueKey}`)).toHaveLength(0);
    expect(await rowNamed(fam.id, 'Second half')).toMatchObject({ isPayed: 1, state: 'paid' });
  });
});

describe('GET api/mystudio/account/payments/{id}/0', () => {
  it("reverses the toggle's payment; twice changes nothing; on again is a second payment", async () => {
    const fam = fams[2]!;
    const january = await rowNamed(fam.id, 'January 2027');
    const dueKey = await planKey(january.id);
    await ok(toggle(january.id, 1));
    const before = await readBook(t.database.db, s.companyA, fam.id);

    expect(await ok(toggle(january.id, 0))).toEqual({ msg: ledgerMessages.paidToggledOff });
    const [payment, reversal] = await t.database.db
      .select({
        id: ledgerTransactions.id,
        kind: ledgerTransactions.kind,
        reverses: ledgerTransactions.reversesId,
      })
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.companyId, s.companyA), eq(ledgerTransactions.familyId, fam.id)))
      .orderBy(asc(ledgerTransactions.createdAt))
      .then((rows) => rows.slice(-2));
    expect(payment).toMatchObject({ kind: 'payment' });
    expect(reversal).toMatchObject({ kind: 'reversal', reverses: payment!.id });
    // Charged and no longer paid: owed again (the charge stays; it falls due on Jan 1).
    const after = await readBook(t.database.db, s.companyA, fam.id);
    expect(after.balance).toBe(before.balance + Math.round(january.val * 100));
    expect(await rowNamed(fam.id, 'January 2027')).toMatchObject({
      isPayed: 0,
      paid: 0,
      charged: january.val,
    });

    const n = await ledgerRows();
    expect(await ok(toggle(january.id, 0))).toEqual({ msg: paidToggleMessages.nothingToReverse });
    expect(await ledgerRows()).toBe(n);

    expect(await ok(toggle(january.id, 1))).toEqual({ msg: ledgerMessages.paidToggledOn });
    expect((await keyed(`paid-toggle:${dueKey}:%`)).map((r) => r.key)).toEqual([
      `paid-toggle:${dueKey}:1`,
      `paid-toggle:${dueKey}:2`,
    ]);
    expect(await rowNamed(fam.id, 'January 2027')).toMatchObject({ isPayed: 1, state: 'paid' });
    expect((await readBook(t.database.db, s.companyA, fam.id)).balance).toBe(before.balance);
  });

  it('refuses to mark unpaid what a desk payment paid, and changes nothing', async () => {
    const fam = fams[1]!;
    const november = await rowNamed(fam.id, 'November 2026');
    expect(november).toMatchObject({ state: 'due', isPayed: 0 });
    await payAtDesk(s.a, fam.id, 50); // the registration fee and November
    expect(await rowNamed(fam.id, 'November 2026')).toMatchObject({ state: 'paid', isPayed: 1 });
    const n = await ledgerRows();
    expect(await toggle(november.id, 0)).toMatchObject({
      status: 422,
      body: [false, ledgerMessages.paidByOtherMeans],
    });
    // Already paid: marking it paid records nothing.
    expect(await ok(toggle(november.id, 1))).toEqual({ msg: ledgerMessages.paidToggledOn });
    expect(await ledgerRows()).toBe(n);
    expect(await rowNamed(fam.id, 'November 2026')).toMatchObject({ state: 'paid', isPayed: 1 });
  });
});

describe('the toggle refuses', () => {
  it('a bad status (400, the spec sentence), a bad id (400), an unknown payment (404)', async () => {
    const some = (await rowsOf(fams[2]!.id))[0]!;
    for (const url of [`${LIST}/${some.id}/2`, `${LIST}/${some.id}/yes`, `${LIST}/${some.id}/-1`]) {
      expect(await s.a.get(url), url).toMatchObject({
        status: 400,
        body: [false, ledgerMessages.invalidStatus],
      });
    }
    const badId = await s.a.get(`${LIST}/not-an-id/1`);
    expect(badId.status).toBe(400);
    expect(badId.body[1]).toBe('Invalid entry please try again.');
    expect(await toggle(UNKNOWN_ID, 1)).toMatchObject({
      status: 404,
      body: [false, ledgerMessages.paymentNotFound],
    });
  });

  it("another studio's owner (404) and a parent (403)", async () => {
    const some = (await rowsOf(fams[2]!.id)).find((r) => r.state === 'upcoming')!;
    const n = await ledgerRows();
    for (const status of [0, 1] as const) {
      expect(await s.b.get(`${LIST}/${some.id}/${status}`)).toMatchObject({
        status: 404,
        body: [false, ledgerMessages.paymentNotFound],
      });
      expect(await s.parent.get(`${LIST}/${some.id}/${status}`)).toMatchObject({
        status: 403,
        body: [false, messages.forbidden],
      });
    }
    expect(await ledgerRows()).toBe(n);
  });
});
