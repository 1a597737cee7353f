import type { Calls } from './registration-scene';

/**
 * The family ledger (issue 16) for the route fuzzer's scene and the access matrix's rows: family A's
 * books made through the owner's own calls, on top of its registration (registration-scene.ts), which
 * charged the registration fee and the payment due at registration.
 */

export const LEDGER = {
  current: (familyId: string) => `/api/transactions/current/${familyId}/parent`,
  item: (familyId: string) => `/api/transactions/item/${familyId}`,
  payments: (familyId: string, billId: string) => `/api/transactions/payments/${familyId}/${billId}`,
  refund: (familyId: string) => `/api/transactions/refund/${familyId}`,
  returned: (familyId: string, paymentId: string) =>
    `/api/transactions/payments/${familyId}/${paymentId}/returned`,
  planPayments: '/api/mystudio/account/payments',
} as const;

// biome-ignore lint/suspicious/noExplicitAny: the data of a [true, data] answer
async function data(answer: Promise<{ status: number; body: any }>, what: string): Promise<any> {
  const res = await answer;
  if (res.status !== 200) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body).slice(0, 500)}`);
  return res.body[1];
}

type Bill = {
  id: string;
  items: { id: string; item: string; open: number }[];
  payments: { id: string; payProc_TransferID: string; allocations: { itemID: string; amount: number }[] }[];
};

/** The family's current bill (its transaction), as the owner sees it. */
export async function currentBill(owner: Calls, familyId: string): Promise<Bill> {
  const bill = await data(owner.get(LEDGER.current(familyId)), 'the current bill');
  if (!bill) throw new Error('the family has no bill');
  return bill;
}

let made = 0;
/** The owner adds an item to the family's current bill; its id. */
export async function addItem(
  owner: Calls,
  familyId: string,
  dollars = 25,
): Promise<{ bill: string; item: string }> {
  const name = `Recital costume ${++made}`;
  const bill: Bill = await data(
    owner.post(LEDGER.item(familyId), {
      item: { typeID: 'costume', item: name, amount: dollars, quantity: 1, total: dollars },
    }),
    'an item',
  );
  return { bill: bill.id, item: bill.items.find((i) => i.item === name)!.id };
}

/**
 * The owner records a payment for one item of the family (picked, so that it pays that item); the
 * payment's id and the bill's.
 */
export async function payItem(
  owner: Calls,
  familyId: string,
  item: { bill: string; item: string },
  payment: { type: 'cash' | 'check'; total: number },
): Promise<{ bill: string; payment: string }> {
  const reference = `#${5000 + ++made}`;
  const bill: Bill = await data(
    owner.post(LEDGER.payments(familyId, item.bill), {
      payments: [{ ...payment, reference, items: [item.item] }],
    }),
    'a payment',
  );
  const paid = bill.payments.find((p) => p.payProc_TransferID === reference)!;
  return { bill: bill.id, payment: paid.id };
}

/** A plan payment of the family not paid yet (the paid toggle's target). */
export async function unpaidPlanPayment(owner: Calls, familyId: string): Promise<string> {
  const list = await data(
    owner.get(`${LEDGER.planPayments}?family=${familyId}&filter=unpaid`),
    'plan payments',
  );
  const row = (list.items as { id: string; isPayed: number }[]).find((p) => p.isPayed === 0);
  if (!row) throw new Error(`no unpaid plan payment: ${JSON.stringify(list).slice(0, 300)}`);
  return row.id;
}

/** The scene's ledger records (fuzz/scene.ts): what the ledger routes act on. */
export type LedgerRecords = {
  /** Family A's current bill (a spec "transaction"): the fee and first payment of its registration. */
  bill: string;
  /** An item on it the owner added (a costume), not paid. */
  item: string;
  /** A check payment of family A for another item, which the fuzzer may refund or return. */
  payment: string;
  /** A plan payment of family A not paid yet. */
  planPayment: string;
};

export async function ledgerRecords(owner: Calls, x: { family: string }): Promise<LedgerRecords> {
  const paid = await addItem(owner, x.family, 40);
  const { payment } = await payItem(owner, x.family, paid, { type: 'check', total: 40 });
  const open = await addItem(owner, x.family, 45);
  return {
    bill: open.bill,
    item: open.item,
    payment,
    planPayment: await unpaidPlanPayment(owner, x.family),
  };
}
