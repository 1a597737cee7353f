import { accountMessages, centsText, ledgerMessages, messages } from '@pirouette/domain';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTwoStudios } from '../../../test/studios-base';
import { ledgerEntries, ledgerTransactions } from '../../db/schema/ledger';
import { payAtDesk } from '../ledger/reports.fixture';
import { ACCOUNT, deskFamily, familyRow, ok } from './accounts.fixture';

/**
 * Balances on the account list (issue 16): each family's balance is the sum of its receivable entries,
 * the "owes money" filter keeps those above zero, and a family that owes money or holds credit cannot
 * be deleted (one whose books are square can, and its ledger stays).
 */

const { t, s } = useTwoStudios();
const fam = { owens: '', credley: '', squires: '', plain: '' };

const charge = (familyId: string, amount: number) =>
  ok(
    s.a.post(`/api/transactions/item/${familyId}`, {
      item: { typeID: 'costume', item: 'Recital costume', amount, quantity: 1, total: amount },
    }),
  );

beforeAll(async () => {
  const family = (lastName: string) => deskFamily(s.a, { user: { lastName } });
  fam.owens = await family('Owens');
  fam.credley = await family('Credley');
  fam.squires = await family('Squires');
  fam.plain = await family('Plainfield');
  // Owens owes $25; Credley paid $10 too much (credit); Squires paid exactly; Plainfield never charged.
  await charge(fam.owens, 40);
  await payAtDesk(s.a, fam.owens, 15);
  await charge(fam.credley, 20);
  await payAtDesk(s.a, fam.credley, 30);
  await charge(fam.squires, 20);
  await payAtDesk(s.a, fam.squires, 20, 'check');
});

const list = (query = '') => ok(s.a.get(`${ACCOUNT}/list/incomplete?pageSize=100${query}`));
const byName = (items: { lastName: string; balance: number | null }[]) =>
  Object.fromEntries(items.map((i) => [i.lastName, i.balance]));

/** A family's balance straight from the ledger: the sum of its receivable entries, dollars. */
async function ledgerBalance(familyId: string) {
  const rows = await t.database.db
    .select({ amount: ledgerEntries.amount })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.familyId, familyId), eq(ledgerEntries.account, 'receivable')));
  return rows.reduce((a, r) => a + r.amount, 0) / 100;
}

describe('the account list with balances', () => {
  it("shows each family's balance, the sum of its receivable entries", async () => {
    const data = await list();
    expect(byName(data.items)).toEqual({ Credley: 0, Owens: 25, Plainfield: 0, Squires: 0 });
    for (const item of data.items) expect(item.balance).toBe(await ledgerBalance(item.id));
  });

  it('keeps the families that owe money with owes=true, in the list and in the filter call', async () => {
    const all = await list();
    for (const yes of ['true', '1', 'TRUE']) {
      const owing = await list(`&owes=${yes}`);
      expect(owing.items.map((i: { lastName: string }) => i.lastName)).toEqual(['Owens']);
      expect(owing.total).toBe(1);
      // The tabs count every family, whatever the filter.
      expect(owing.counts).toEqual(all.counts);
    }
    expect((await list('&owes=false')).total).toBe(all.total);
    expect((await list('&owes=true&q=Owens')).total).toBe(1);
    expect((await list('&owes=true&q=Squires')).total).toBe(0);
    expect((await ok(s.a.get(`${ACCOUNT}/list/active?owes=true`))).total).toBe(0);
    expect(await s.a.get(`${ACCOUNT}/list/incomplete?owes=maybe`)).toMatchObject({
      status: 400,
      body: [false, 'The owes filter is true or false.'],
    });

    const filtered = await ok(
      s.a.post(`${ACCOUNT}/filter/accounts`, { status: 'incomplete', filter: { owes: true } }),
    );
    expect(filtered.ids).toEqual([fam.owens]);
    const everyone = await ok(s.a.post(`${ACCOUNT}/filter/accounts`, { status: 'incomplete' }));
    expect(everyone.ids).toHaveLength(all.total);
  });

  it("another studio's list shows none of these families or their balances", async () => {
    const other = await ok(s.b.get(`${ACCOUNT}/list/incomplete?pageSize=100&owes=true`));
    expect(other.items).toEqual([]);
  });
});

describe('deleting a family with money on its books', () => {
  const remove = (id: string) => s.a.delete(`${ACCOUNT}/${id}/${id}`);

  it('is refused while it owes money or holds credit, and nothing is deleted', async () => {
    expect(await remove(fam.owens)).toMatchObject({
      status: 422,
      body: [false, ledgerMessages.familyOwes(centsText(2500))],
    });
    expect(await remove(fam.credley)).toMatchObject({
      status: 422,
      body: [false, ledgerMessages.familyHasCredit(centsText(1000))],
    });
    expect(await familyRow(t, fam.owens)).not.toBeNull();
    expect(await familyRow(t, fam.credley)).not.toBeNull();
    expect(byName((await list()).items)).toMatchObject({ Owens: 25, Credley: 0 });
  });

  it('goes through once its books are square; its ledger stays', async () => {
    const history = () =>
      t.database.db
        .select({ id: ledgerTransactions.id })
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.familyId, fam.squires));
    const before = (await history()).length;
    expect(before).toBeGreaterThan(0);
    expect(await ok(remove(fam.squires))).toEqual({ msg: accountMessages.deleted });
    expect(await familyRow(t, fam.squires)).toBeNull();
    expect(await history()).toHaveLength(before);
    // The studio's books still hold it: the accountant's export names it as a family deleted.
    const { csv } = await ok(s.a.get('/api/transactions/export?from=2026-11-21&to=2026-11-21'));
    const entries = await t.database.db
      .select({ id: ledgerEntries.id })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.familyId, fam.squires));
    expect((csv as string).split('\r\n').filter((l) => l.includes(',(family deleted),'))).toHaveLength(
      entries.length,
    );
    // Settled at the desk, Owens can go too.
    await payAtDesk(s.a, fam.owens, 25);
    expect(await ok(remove(fam.owens))).toEqual({ msg: accountMessages.deleted });
    expect(await s.b.delete(`${ACCOUNT}/${fam.credley}/${fam.credley}`)).toMatchObject({
      status: 404,
      body: [false, messages.accountNotFound],
    });
  });
});
