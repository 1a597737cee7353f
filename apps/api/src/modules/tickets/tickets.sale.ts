import {
  compsLeft,
  type FamilyTicketRecital,
  type PublicTicketRecital,
  rowSeatLabel,
  salesState,
  TICKETS_TEXT,
  type TicketBuyRefusal,
  type TicketMapSection,
  type TicketSalesState,
  type TicketSeatMap,
  wallInstant,
} from '@pirouette/domain';
import type { Db } from '../../db/client';
import { presentShow } from './tickets.presenters';
import {
  freeSeatsOf,
  pricesOf,
  type RecitalRow,
  recitalsOf,
  type ShowContext,
  type ShowRow,
  seatMapRows,
  showsOf,
} from './tickets.queries';

/**
 * What a buyer sees before holding seats (decision 074): the recitals on sale with their shows, prices,
 * comps and whether they may buy, and a show's seat map. Families buy from `family_sales_from`, the public
 * from `public_sales_from`, until `sales_until` or the show's doors.
 */

export type Channel = 'family' | 'public';

const opensFor = (recital: RecitalRow, channel: Channel) =>
  channel === 'family' ? (recital.familySalesFrom ?? recital.publicSalesFrom) : recital.publicSalesFrom;

/** Where a show's sales stand for the channel now. */
export function showSales(
  ctx: Pick<ShowContext, 'recital' | 'show' | 'timeZone'>,
  channel: Channel,
  now: Date,
) {
  return salesState(
    {
      opensAt: opensFor(ctx.recital, channel),
      salesUntil: ctx.recital.salesUntil,
      doorsAt: wallInstant(ctx.show.day, ctx.show.doorsAt, ctx.timeZone),
    },
    now,
  );
}

/** The recital's own state: open while a show is, coming while one is to open, else closed. */
function recitalSales(states: TicketSalesState[]): TicketSalesState {
  if (states.includes('open')) return 'open';
  return states.includes('coming') ? 'coming' : 'closed';
}

type Listed = { recital: RecitalRow; studioName: string; timeZone: string };

async function listed(db: Db, rows: Listed[], channel: Channel, now: Date) {
  const ids = rows.map((r) => r.recital.id);
  const [shows, prices] = await Promise.all([showsOf(db, ids), pricesOf(db, ids)]);
  const free = await freeSeatsOf(
    db,
    shows.map((s) => s.id),
    now,
  );
  return rows
    .filter((r) => opensFor(r.recital, channel) !== null)
    .map((r) => {
      const own = shows.filter((s) => s.recitalId === r.recital.id);
      const states = own.map((show) => showSales({ ...r, show }, channel, now));
      const opensAt = opensFor(r.recital, channel);
      return {
        row: r,
        own,
        states,
        base: {
          id: r.recital.id,
          name: r.recital.name,
          venueName: r.recital.venueName,
          venueAddress: r.recital.venueAddress,
          salesState: recitalSales(states),
          opensAt: opensAt && opensAt > now ? opensAt.toISOString() : null,
          salesUntil: r.recital.salesUntil?.toISOString() ?? null,
          prices: prices.get(r.recital.id) ?? [],
        },
        show: (s: ShowRow, i: number) => ({
          ...presentShow(s),
          onSale: states[i] === 'open',
          free: free.get(s.id) ?? 0,
        }),
      };
    })
    .filter((x) => x.own.length > 0 && (channel === 'public' || x.states.some((s) => s !== 'closed')));
}

/** The family's recitals on sale or coming, whether it may buy, and its comps per show. */
export async function familyRecitalsOf(
  db: Db,
  a: {
    companyId: string;
    now: Date;
    balance: number;
    comps: (ids: string[]) => Promise<{ dancers: Map<string, number>; taken: Map<string, number> }>;
  },
): Promise<FamilyTicketRecital[]> {
  const all = await listed(db, await recitalsOf(db, { companyId: a.companyId }), 'family', a.now);
  const comps = await a.comps(all.map((x) => x.row.recital.id));
  return all.map((x) => {
    const refusal = familyRefusal(x.row.recital, x.base.salesState, a.balance);
    return {
      ...x.base,
      shows: x.own.map((s, i) => {
        const dancers = comps.dancers.get(s.id) ?? 0;
        const taken = comps.taken.get(s.id) ?? 0;
        const allowed = x.row.recital.compsPerDancer * dancers;
        return {
          ...x.show(s, i),
          comps: { allowed, taken, available: compsLeft(x.row.recital.compsPerDancer, dancers, taken) },
        };
      }),
      mayBuy: refusal === null,
      refusal,
    };
  });
}

/** Why a family may not buy now (by code, with its sentence), or null. */
export function familyRefusal(
  recital: RecitalRow,
  state: TicketSalesState,
  balance: number,
): { code: TicketBuyRefusal; msg: string; balance: number | null } | null {
  if (state === 'coming') return { code: 'not_open', msg: TICKETS_TEXT.notOpen, balance: null };
  if (state === 'closed') return { code: 'closed', msg: TICKETS_TEXT.closed, balance: null };
  if (recital.settledFamiliesOnly && balance > 0)
    return { code: 'balance_owed', msg: TICKETS_TEXT.balanceOwed(balance), balance };
  return null;
}

/** A recital on public sale by its link. */
export async function publicRecitalOf(
  db: Db,
  token: string,
  now: Date,
): Promise<Omit<PublicTicketRecital, 'tokenizer'> | null> {
  const rows = await recitalsOf(db, { token });
  const [x] = await listed(db, rows, 'public', now);
  if (!x) return null;
  return { ...x.base, studioName: x.row.studioName, shows: x.own.map((s, i) => x.show(s, i)) };
}

/** A show's seat map: sections, rows, seats (the asking buyer's held seats `mine`) and prices. Two queries. */
export async function seatMapOf(
  db: Db,
  ctx: ShowContext,
  now: Date,
  mine: Map<string, Date>,
): Promise<TicketSeatMap> {
  const [rows, prices] = await Promise.all([
    seatMapRows(db, ctx.recital.id, ctx.show.id, now),
    pricesOf(db, [ctx.recital.id]),
  ]);
  const sections: TicketMapSection[] = [];
  let free = 0;
  let myOrder: TicketSeatMap['myOrder'] = null;
  for (const r of rows) {
    let section = sections.at(-1);
    if (!section || section.name !== r.section) {
      section = { name: r.section, order: r.sectionOrder, rows: [] };
      sections.push(section);
    }
    let row = section.rows.at(-1);
    if (!row || row.name !== r.row) {
      row = { name: r.row, order: r.rowOrder, seats: [] };
      section.rows.push(row);
    }
    const state = r.blocked ? 'blocked' : (r.state ?? 'free');
    if (state === 'free') free++;
    const isMine = state === 'held' && r.orderId !== null && mine.has(r.orderId);
    if (isMine && !myOrder) myOrder = { id: r.orderId!, heldUntil: mine.get(r.orderId!)!.toISOString() };
    row.seats.push({
      id: r.id,
      label: rowSeatLabel(r.row, r.number),
      number: r.number,
      col: r.col,
      accessible: r.accessible,
      state,
      mine: isMine,
    });
  }
  return {
    showId: ctx.show.id,
    recitalId: ctx.recital.id,
    sections,
    prices: prices.get(ctx.recital.id) ?? [],
    free,
    myOrder,
  };
}
