import { CSV_BOM, type CsvCell, csvText } from '@pirouette/domain';
import { type FileAnswer, safeFilename } from '../../http/file-route';
import { type ReportsCtx, reportBuyers, reportDancers, reportSummary } from './reports.service';

/**
 * The recital's reports as CSV files (decision 076), as the attendance reports write theirs (decisions
 * 052, 065): RFC 4180, CRLF, a byte-order mark, a text a spreadsheet would run as a formula defused
 * (csvField), money as 1234.56. Every row, no pages.
 */

const file = (studio: string, recital: string, what: string, lines: CsvCell[][]): FileAnswer => ({
  filename: safeFilename(`${studio}-${recital}-${what}`),
  text: CSV_BOM + csvText(lines),
});

export async function salesCsv(ctx: ReportsCtx, id: string): Promise<FileAnswer> {
  const r = await reportSummary(ctx, id);
  return file(r.studio, r.recital.name, 'tickets', [
    ['Show', 'Day', 'Curtain', 'Section', 'Seats', 'Sold', 'Comped', 'Held', 'Left', 'Ticket sales'],
    ...r.shows.flatMap((s) =>
      s.sections.map((c): CsvCell[] => [
        s.name,
        s.day,
        s.startsAt,
        c.section,
        String(c.seats),
        String(c.sold),
        String(c.comped),
        String(c.held),
        String(c.left),
        { cents: c.gross },
      ]),
    ),
  ]);
}

export async function incomeCsv(ctx: ReportsCtx, id: string): Promise<FileAnswer> {
  const r = await reportSummary(ctx, id);
  const row = (name: string, day: string, orders: number | null, m: (typeof r)['money']): CsvCell[] => [
    name,
    day,
    orders === null ? null : String(orders),
    { cents: m.gross },
    { cents: m.refunds },
    { cents: m.net },
    { cents: m.feesActual },
    { cents: m.feesEstimated },
    String(m.estimatedOrders),
  ];
  return file(r.studio, r.recital.name, 'income', [
    [
      'Show',
      'Day',
      'Orders',
      'Gross',
      'Refunds',
      'Net',
      'Processor fees (paid out)',
      'Processor fees (estimated)',
      'Orders estimated',
    ],
    ...r.shows.map((s) => row(s.name, s.day, s.orders, s.money)),
    row(
      'All shows',
      '',
      r.shows.reduce((n, s) => n + s.orders, 0),
      r.money,
    ),
  ]);
}

export async function buyersCsv(ctx: ReportsCtx, id: string): Promise<FileAnswer> {
  const r = await reportBuyers(ctx, id, null);
  return file(r.studio, r.recital, 'families', [
    ['Family', 'Orders', 'Tickets', 'Amount paid'],
    ...r.items.map((b): CsvCell[] => [b.family, String(b.orders), String(b.tickets), { cents: b.amount }]),
  ]);
}

export async function dancersCsv(ctx: ReportsCtx, id: string): Promise<FileAnswer> {
  const r = await reportDancers(ctx, id, null);
  return file(r.studio, r.recital, 'dancers', [
    ['Dancer', 'Family', 'Show', 'Day', 'Curtain', 'Number', 'Place'],
    ...r.items.flatMap((d) =>
      d.numbers.length === 0
        ? [[d.dancer, d.family, null, null, null, null, null] as CsvCell[]]
        : d.numbers.map((n): CsvCell[] => [
            d.dancer,
            d.family,
            n.show,
            n.day,
            n.startsAt,
            n.number,
            String(n.place),
          ]),
    ),
  ]);
}
