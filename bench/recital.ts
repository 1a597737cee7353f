import type { FamilyTicketRecitals, RecitalList, TicketHoldAnswer, TicketSeatMap } from '@pirouette/domain';
import type { Target } from './load';

/**
 * The recital in the bench (issue 38; the large seed's recital, decision 079): what is read often — the
 * owner's board of shows and numbers (the column it opens on, decision 106), a show's running order and
 * programme (decision 087), the seat map of a show as a parent and as the public link see it, the
 * parent's recitals and tickets pages, the door's page of a show (its ticket codes for checking
 * offline), and the recital's reports and fee page. Before
 * they are measured, the parent (the Carters) takes their comps in a show through the API (takeComps),
 * so the tickets page, the door and the reports have an order to show; the show pages are that show's. The recital is
 * the studio's first (GET /api/mystudio/recitals); a studio without one adds no entry.
 */

type Call = (target: {
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  body?: () => string;
}) => Promise<{ data: unknown }>;

/**
 * The parent takes the comps their dancers have (one a dancer per show danced, decision 074) in the first
 * show where they have any: the first free seats of its map held, then paid at 0 (the large studio takes
 * no cards online, so a paid order is a comp order here). Answers the show, or null when none has comps.
 */
async function takeComps(
  call: Call,
  asParent: Record<string, string>,
): Promise<{ showId: string; seats: number } | null> {
  const json = { ...asParent, 'content-type': 'application/json' };
  const forSale = (await call({ method: 'GET', url: '/api/parents/recitals', headers: asParent }))
    .data as FamilyTicketRecitals;
  const show = forSale.recitals[0]?.shows.find((s) => s.onSale && s.comps.available > 0);
  if (!show) return null;
  const map = (
    await call({ method: 'GET', url: `/api/parents/recitals/shows/${show.id}/seats`, headers: asParent })
  ).data as TicketSeatMap;
  const seats = map.sections
    .flatMap((s) => s.rows.flatMap((r) => r.seats))
    .filter((seat) => seat.state === 'free')
    .slice(0, Math.min(4, show.comps.available));
  const held = (
    await call({
      method: 'POST',
      url: `/api/parents/recitals/shows/${show.id}/hold`,
      headers: json,
      body: () => JSON.stringify({ seatIds: seats.map((s) => s.id) }),
    })
  ).data as TicketHoldAnswer;
  await call({
    method: 'POST',
    url: `/api/parents/ticket-orders/${held.orderId}/pay`,
    headers: json,
    body: () =>
      JSON.stringify({
        tickets: held.seats.map((s) => ({ seatId: s.seatId, kind: 'comp' })),
        total: 0,
        method: 'card_on_file',
      }),
  });
  return { showId: show.id, seats: held.seats.length };
}

export async function recitalTargets(
  call: Call,
  asOwner: Record<string, string>,
  asParent: Record<string, string>,
): Promise<{ targets: (Target & { name: string })[]; comps: number }> {
  const list = (await call({ method: 'GET', url: '/api/mystudio/recitals', headers: asOwner }))
    .data as RecitalList;
  const recital = list.recitals[0];
  const first = recital?.shows[0]?.id;
  if (!recital || !first) return { targets: [], comps: 0 };
  const taken = await takeComps(call, asParent);
  const show = taken?.showId ?? first;
  const R = `/api/mystudio/recitals/${recital.id}`;
  const targets: (Target & { name: string })[] = [
    { name: 'recital board (owner)', method: 'GET', url: `${R}/numbers`, headers: asOwner },
    {
      name: 'recital running order (owner)',
      method: 'GET',
      url: `/api/mystudio/recital-shows/${show}/order`,
      headers: asOwner,
    },
    {
      name: 'recital programme (owner)',
      method: 'GET',
      url: `${R}/programme?show=${show}`,
      headers: asOwner,
    },
    {
      name: 'recital seat map (parent)',
      method: 'GET',
      url: `/api/parents/recitals/shows/${show}/seats`,
      headers: asParent,
    },
    {
      name: 'recital seat map (public link)',
      method: 'GET',
      url: `/api/tickets/${recital.publicToken}/shows/${show}/seats`,
    },
    { name: 'recital tickets (parent)', method: 'GET', url: '/api/parents/ticket-orders', headers: asParent },
    { name: 'recital for sale (parent)', method: 'GET', url: '/api/parents/recitals', headers: asParent },
    { name: 'recital door (show codes)', method: 'GET', url: `/api/mystudio/door/${show}`, headers: asOwner },
    { name: 'recital reports', method: 'GET', url: `${R}/reports`, headers: asOwner },
    { name: 'recital buyers', method: 'GET', url: `${R}/reports/buyers?page=1`, headers: asOwner },
    { name: 'recital dancer sheet', method: 'GET', url: `${R}/reports/dancers?page=1`, headers: asOwner },
    { name: 'recital fees', method: 'GET', url: `${R}/fees?page=1`, headers: asOwner },
  ];
  return { targets, comps: taken?.seats ?? 0 };
}
