import { randomUUID } from 'node:crypto';

/**
 * A family's costumes in the bench (issue 18 point 5): the parent of the large studio (the Carters, four
 * dancers) reads their costumes from the portal. The large studio has no costumes of its own, so the
 * owner gives the Carters some through the API, as a studio would, after the costume scene (its 50%
 * deposit): a dance number on each of the Carters' first classes, a Weissman style on each, every
 * Carter dancer of those numbers assigned one (each deposit on the family's books); half of them
 * ordered (their balances posted) and one shipment received. Answers how many costumes the family has.
 */

type Call = (target: {
  method: 'GET' | 'POST' | 'PUT';
  url: string;
  headers?: Record<string, string>;
  body?: () => string;
}) => Promise<{ data: unknown }>;

/** The parent's account answer, as run.ts reads it: the family and its students' classes. */
type Family = {
  acctInfo: { id: string };
  cls: { clsRegID: string; clSchID: string; iStatus: number }[];
};

const C = '/api/mystudio/costumes';

export async function familyCostumeScene(
  call: Call,
  headers: Record<string, string>,
  family: Family,
): Promise<{ costumes: number; received: number }> {
  const send = async <T>(method: 'POST' | 'PUT', url: string, body: unknown) =>
    (await call({ method, url, headers, body: () => JSON.stringify(body) })).data as T;
  const get = async <T>(url: string) => (await call({ method: 'GET', url, headers })).data as T;

  const registrations = new Set(family.cls.filter((c) => c.iStatus >= 0).map((c) => c.clsRegID));
  const classIds = [...new Set(family.cls.filter((c) => c.iStatus >= 0).map((c) => c.clSchID))].slice(0, 3);
  if (classIds.length === 0) throw new Error('bench: the parent’s family takes no class');
  const [genre] = await get<{ id: string }[]>('/api/mystudio/genres');
  const company = await send<{ id: string }>('POST', `${C}/company`, { name: 'Weissman' });

  const assignments: string[] = [];
  for (const [i, classId] of classIds.entries()) {
    const number = await send<{ id: string; dncNumAct: { dncNumActID: string; clsRegID: string }[] }>(
      'POST',
      '/api/mystudio/schedule/class/danceNumber',
      {
        clSchID: classId,
        name: `Family Showcase ${i + 1}`,
        genreID: genre!.id,
        songName: 'Shine',
        songArtist: 'Take That',
        costume: 1,
      },
    );
    // The same style on every number: the company's style of that number is reused.
    const style = await send<{ sizeColors: { priceID: string }[] }>('POST', `${C}/v2/style`, {
      costCoID: company.id,
      styleNumber: 'W-2206',
      styleName: 'Lyrical Wrap Dress',
      dncNumID: number.id,
      sizeColors: ['SC', 'MC', 'LC'].map((size) => ({
        size,
        color: 'Lavender',
        price_buy: 44,
        price_sell: 72,
      })),
    });
    for (const [j, act] of number.dncNumAct.filter((a) => registrations.has(a.clsRegID)).entries()) {
      const assigned = await send<{ id: string }>('POST', `${C}/style/assign`, {
        dncNumActID: act.dncNumActID,
        priceID: style.sizeColors[j % style.sizeColors.length]!.priceID,
      });
      assignments.push(assigned.id);
    }
  }
  if (assignments.length === 0) throw new Error('bench: no dancer of the parent’s family in the numbers');

  const ordered = assignments.slice(0, Math.ceil(assignments.length / 2));
  const orderId = randomUUID();
  await send('POST', `${C}/v2/order/${orderId}`, {
    costumeCompanyID: company.id,
    items: ordered.map((costumeAssignedID) => ({ costumeAssignedID, price_buy: 44 })),
  });
  await send('PUT', `${C}/v2/order/${orderId}/complete`, {});
  const received = ordered.slice(0, Math.ceil(ordered.length / 2));
  await send('PUT', `${C}/v2/order/${orderId}/shipment`, { items: received });
  return { costumes: assignments.length, received: received.length };
}
