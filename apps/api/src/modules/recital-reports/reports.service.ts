import {
  type Actor,
  can,
  cardCostOf,
  type MoneyFigures,
  RECITAL_REPORT_PAGE_SIZE,
  type RecitalBuyers,
  type RecitalDancers,
  type RecitalReportSummary,
  type SectionFigures,
  RECITAL_REPORT_TEXT as TEXT,
} from '@pirouette/domain';
import type { Db } from '../../db/client';
import { forbidden, notFound } from '../../http/errors';
import { transferFees } from '../books';
import {
  buyerRows,
  dancerNumbers,
  dancerPage,
  findReportRecital,
  moneyOrders,
  type Page,
  reportShows,
  sellableSeats,
  ticketCounts,
} from './reports.queries';

export type ReportsCtx = { db: Db; actor: Actor };

/** The reports are the owner's (money in them): the route says so, and the service checks it again. */
async function recitalOf(ctx: ReportsCtx, id: string) {
  if (!can(ctx.actor, 'studio:manage')) throw forbidden();
  const r = await findReportRecital(ctx.db, ctx.actor.companyId, id);
  if (!r) throw notFound(TEXT.recitalNotFound);
  return r;
}

const pageOf = (page: number | null): Page =>
  page === null ? null : { limit: RECITAL_REPORT_PAGE_SIZE, offset: (page - 1) * RECITAL_REPORT_PAGE_SIZE };

const emptyMoney = (): MoneyFigures => ({
  gross: 0,
  refunds: 0,
  net: 0,
  feesActual: 0,
  feesEstimated: 0,
  estimatedOrders: 0,
});

function addMoney(into: MoneyFigures, m: MoneyFigures): void {
  into.gross += m.gross;
  into.refunds += m.refunds;
  into.net += m.net;
  into.feesActual += m.feesActual;
  into.feesEstimated += m.feesEstimated;
  into.estimatedOrders += m.estimatedOrders;
}

/**
 * Per show and section: tickets sold, comped and held, seats left; income (gross, refunds, net) and the
 * processor's fees, actual for transfers paid out (the books' `transferFees`), estimated (CARD_COST) for
 * card orders not paid out yet. Six queries whatever the number of shows, seats and orders.
 */
export async function reportSummary(
  ctx: ReportsCtx,
  id: string,
): Promise<RecitalReportSummary & { studio: string }> {
  const r = await recitalOf(ctx, id);
  const companyId = ctx.actor.companyId;
  const shows = await reportShows(ctx.db, companyId, r.id);
  const seats = await sellableSeats(ctx.db, companyId, r.id);
  const tickets = await ticketCounts(ctx.db, companyId, r.id);
  const orders = await moneyOrders(ctx.db, companyId, r.id);
  const fees = await transferFees(
    ctx.db,
    companyId,
    orders.flatMap((o) => (o.transferId ? [o.transferId] : [])),
  );
  const money = emptyMoney();
  const showFigures = shows.map((show) => {
    const sections: SectionFigures[] = seats.map((s) => {
      const of = tickets.filter((t) => t.showId === show.id && t.section === s.section);
      const n = (pick: (t: (typeof of)[number]) => boolean) => of.filter(pick).reduce((x, t) => x + t.n, 0);
      const sold = n((t) => t.state === 'sold' && t.kind !== 'comp');
      const comped = n((t) => t.state === 'sold' && t.kind === 'comp');
      const held = n((t) => t.state === 'held');
      const gross = of.filter((t) => t.state === 'sold').reduce((x, t) => x + t.amount, 0);
      return {
        section: s.section,
        seats: s.seats,
        sold,
        comped,
        held,
        left: Math.max(0, s.seats - sold - comped - held),
        gross,
      };
    });
    const totals = sections.reduce(
      (t, s) => ({
        seats: t.seats + s.seats,
        sold: t.sold + s.sold,
        comped: t.comped + s.comped,
        held: t.held + s.held,
        left: t.left + s.left,
        gross: t.gross + s.gross,
      }),
      { seats: 0, sold: 0, comped: 0, held: 0, left: 0, gross: 0 },
    );
    const showMoney = emptyMoney();
    const own = orders.filter((o) => o.showId === show.id);
    for (const o of own) {
      showMoney.gross += o.total;
      showMoney.refunds += o.refunded;
      const actual = o.transferId ? fees.get(o.transferId) : undefined;
      if (actual !== undefined) showMoney.feesActual += actual;
      else if (o.method === 'card' && o.total > 0) {
        showMoney.feesEstimated += cardCostOf(o.total);
        showMoney.estimatedOrders += 1;
      }
    }
    showMoney.net = showMoney.gross - showMoney.refunds;
    addMoney(money, showMoney);
    return {
      showId: show.id,
      name: show.name,
      day: show.day,
      startsAt: show.startsAt,
      sections,
      totals,
      money: showMoney,
      orders: own.length,
    };
  });
  return {
    studio: r.studio,
    recital: { id: r.id, name: r.name, firstDay: r.firstDay, lastDay: r.lastDay },
    shows: showFigures,
    money,
  };
}

/** The families who bought: orders, tickets, what they paid net of refunds. Two queries at most. */
export async function reportBuyers(
  ctx: ReportsCtx,
  id: string,
  page: number | null,
): Promise<RecitalBuyers & { studio: string; recital: string }> {
  const r = await recitalOf(ctx, id);
  const { rows, total } = await buyerRows(ctx.db, ctx.actor.companyId, r.id, pageOf(page));
  return {
    studio: r.studio,
    recital: r.name,
    items: rows.map(({ total: _, ...row }) => row),
    total,
    page: page ?? 1,
    pageSize: page === null ? total : RECITAL_REPORT_PAGE_SIZE,
  };
}

/** The per-dancer sheet: each dancer's numbers, shows and places (1 first). Three queries. */
export async function reportDancers(
  ctx: ReportsCtx,
  id: string,
  page: number | null,
): Promise<RecitalDancers & { studio: string; recital: string }> {
  const r = await recitalOf(ctx, id);
  const companyId = ctx.actor.companyId;
  const { rows, total } = await dancerPage(ctx.db, companyId, r.id, pageOf(page));
  const numbers = await dancerNumbers(
    ctx.db,
    companyId,
    r.id,
    rows.map((d) => d.studentId),
  );
  return {
    studio: r.studio,
    recital: r.name,
    items: rows.map((d) => ({
      studentId: d.studentId,
      dancer: `${d.firstName} ${d.lastName}`.trim(),
      family: d.family,
      numbers: numbers
        .filter((n) => n.studentId === d.studentId)
        .map((n) => ({
          showId: n.showId,
          show: n.show,
          day: n.day,
          startsAt: n.startsAt,
          number: n.number,
          place: n.position + 1,
        })),
    })),
    total,
    page: page ?? 1,
    pageSize: page === null ? total : RECITAL_REPORT_PAGE_SIZE,
  };
}
