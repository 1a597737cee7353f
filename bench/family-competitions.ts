/**
 * A family's competition entries in the bench (issue 19 point 5, decision 034): the parent of the large
 * studio (the Carters, four dancers) reads their entries from the portal, and the owner the same on the
 * Carters' account overview. The large studio has no competitions of its own, so the owner enters the
 * Carters through the API, as a studio would: a competition company's venue with an event to come
 * (Solo, Small Group, Production) and one past (Production); a dance number on each of the Carters'
 * first two classes, each registered whole on the production entry of the event to come (every dancer
 * of the class, each family charged its fee), the first also at the past event, and one Carter dancer of
 * each number on the solo entry; then the event's running order saved, so the places are read too.
 * Answers how many entries the family has and in how many events.
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
  cls: { clsRegID: string; clSchID: string; acctStudentID: string; iStatus: number }[];
};

const C = '/api/mystudio/competition';

const ENTRIES = [
  { name: 'Solo', priceStudio: 110, priceCustomer: 125, nDancersMin: 1, nDancersMax: 1 },
  { name: 'Small Group', priceStudio: 55, priceCustomer: 62, nDancersMin: 4, nDancersMax: 9 },
  { name: 'Production', priceStudio: 45, priceCustomer: 50, nDancersMin: 1, nDancersMax: 100 },
];

export async function familyCompetitionScene(
  call: Call,
  headers: Record<string, string>,
  family: Family,
): Promise<{ entries: number; events: number }> {
  const send = async <T>(method: 'POST' | 'PUT', url: string, body: unknown) =>
    (await call({ method, url, headers, body: () => JSON.stringify(body) })).data as T;
  const get = async <T>(url: string) => (await call({ method: 'GET', url, headers })).data as T;

  const taking = family.cls.filter((c) => c.iStatus >= 0);
  const studentOf = new Map(taking.map((c) => [c.clsRegID, c.acctStudentID]));
  const classIds = [...new Set(taking.map((c) => c.clSchID))].slice(0, 2);
  if (classIds.length === 0) throw new Error('bench: the parent’s family takes no class');
  const [genre] = await get<{ id: string }[]>('/api/mystudio/genres');

  const company = await send<{ id: string }>('POST', `${C}/company`, {
    name: 'Showstopper Dance',
    email: 'hello@showstopper.example',
  });
  const location = await send<{ id: string }>('POST', `${C}/location/${company.id}`, {
    name: 'Hynes Convention Center',
    address_1: '900 Boylston St',
    city: 'Boston',
    state: 'MA',
    zipcode: '02115',
  });
  const event = (dateStart: string, dateEnd: string, entry: typeof ENTRIES) =>
    send<{ id: string; entries: string[] }>('POST', `${C}/event/entry`, {
      event: { compCoLocID: location.id, dateStart, dateEnd },
      entry,
    });
  const coming = await event('2099-04-17', '2099-04-19', ENTRIES);
  const past = await event('2020-04-17', '2020-04-19', [ENTRIES[2]!]);
  const [solo, , production] = coming.entries as [string, string, string];

  let entries = 0;
  for (const [i, classId] of classIds.entries()) {
    const number = await send<{ id: string; dncNumAct: { clsRegID: string }[] }>(
      'POST',
      '/api/mystudio/schedule/class/danceNumber',
      {
        clSchID: classId,
        name: `Family Competition ${i + 1}`,
        genreID: genre!.id,
        songName: 'Dancing Queen',
        songArtist: 'ABBA',
        costume: 0,
      },
    );
    const carters = number.dncNumAct.flatMap((a) => studentOf.get(a.clsRegID) ?? []);
    if (carters.length === 0) continue;
    await send('POST', `${C}/registration/class`, { entry: production, sReg: [number.id] });
    await send('POST', `${C}/registration/students`, {
      entry: solo,
      sReg: [{ pID: number.id, acctStdID: carters[0] }],
    });
    entries += carters.length + 1;
    if (i === 0) {
      await send('POST', `${C}/registration/class`, { entry: past.entries[0], sReg: [number.id] });
      entries += carters.length;
    }
  }
  if (entries === 0) throw new Error('bench: no dancer of the parent’s family in the numbers');

  // The running order as it stands, saved: the places are set.
  const order = await get<{ performances: { key: string }[] }>(`${C}/overview/event/${coming.id}`);
  await send('PUT', `${C}/overview/event/${coming.id}`, { order: order.performances.map((p) => p.key) });
  return { entries, events: 2 };
}

/** The parent's read of their family's entries (the portal's Competitions card), and the owner's. */
export const familyCompetitionTargets = (
  asParent: Record<string, string>,
  asOwner: Record<string, string>,
  familyId: string,
) => [
  {
    name: 'family competitions (parent)',
    method: 'GET' as const,
    url: '/api/parents/competitions',
    headers: asParent,
  },
  {
    name: 'family competitions (owner)',
    method: 'GET' as const,
    url: `/api/mystudio/account/${familyId}/competitions`,
    headers: asOwner,
  },
];
