import {
  type CostumeOrder,
  centsText,
  countOf,
  csvRow,
  dollarsToCents,
  formatDateOnly,
  type OrderInput,
  type OrderLine,
  type ToOrderGroup,
} from '@pirouette/domain';

/**
 * The costume order screen's pure logic (issue 18 point 4, decision 029 "Orders"): what the owner has
 * chosen to put in the cart, the cart's lines as the `PUT` sends them, an order's sheet grouped by
 * style, size and colour with its totals, and the same sheet as CSV. Money is cents here; the calls
 * take and give dollars.
 */

type OrderItem = OrderInput['items'][number];

const cents = (dollars: number) => dollarsToCents(dollars);

// ——— To order: the groups the server made, and the costumes chosen from them ———

/** A group's choice: every costume of it chosen, some, or none. */
export function groupChoice(group: ToOrderGroup, chosen: ReadonlySet<string>): 'all' | 'some' | 'none' {
  const n = group.assignments.filter((a) => chosen.has(a.costumeAssignedID)).length;
  return n === 0 ? 'none' : n === group.assignments.length ? 'all' : 'some';
}

/** Ticking a group chooses all its costumes, unless all were chosen: then none. */
export function toggleGroup(group: ToOrderGroup, chosen: ReadonlySet<string>): Set<string> {
  const next = new Set(chosen);
  const all = groupChoice(group, chosen) === 'all';
  for (const a of group.assignments) {
    if (all) next.delete(a.costumeAssignedID);
    else next.add(a.costumeAssignedID);
  }
  return next;
}

export function toggleOne(id: string, chosen: ReadonlySet<string>): Set<string> {
  const next = new Set(chosen);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/** Only what is still to order stays chosen (the list changed under the choice). */
export function keepChosen(groups: readonly ToOrderGroup[], chosen: ReadonlySet<string>): Set<string> {
  const live = new Set(groups.flatMap((g) => g.assignments.map((a) => a.costumeAssignedID)));
  return new Set([...chosen].filter((id) => live.has(id)));
}

/**
 * The cart items of the costumes chosen (every one when `chosen` is null), each at its group's buy
 * price: the size-colour entry's, the price a cart line starts from.
 */
export function itemsToAdd(groups: readonly ToOrderGroup[], chosen: ReadonlySet<string> | null): OrderItem[] {
  return groups.flatMap((g) =>
    g.assignments
      .filter((a) => chosen === null || chosen.has(a.costumeAssignedID))
      .map((a) => ({ costumeAssignedID: a.costumeAssignedID, price_buy: g.price_buy })),
  );
}

/** What a group costs the studio at its buy price, in cents. */
export const groupCents = (g: Pick<ToOrderGroup, 'quantity' | 'price_buy'>) =>
  g.quantity * cents(g.price_buy);

/** The costumes left to order and what they cost the studio at their groups' buy prices. */
export function toOrderTotals(groups: readonly ToOrderGroup[]) {
  return {
    quantity: groups.reduce((n, g) => n + g.quantity, 0),
    totalCents: groups.reduce((sum, g) => sum + groupCents(g), 0),
  };
}

// ——— The cart: its lines as the PUT replaces them ———

/** The cart's lines as items, in their order. */
export const cartItems = (lines: readonly OrderLine[]): OrderItem[] =>
  lines.map((l) => ({ costumeAssignedID: l.costumeAssignedID, price_buy: l.price_buy }));

/** The cart's items with one costume's buy price changed (dollars). */
export const itemsWithPrice = (lines: readonly OrderLine[], id: string, price: number): OrderItem[] =>
  cartItems(lines).map((i) => (i.costumeAssignedID === id ? { ...i, price_buy: price } : i));

/** The cart's items without one costume. */
export const itemsWithout = (lines: readonly OrderLine[], id: string): OrderItem[] =>
  cartItems(lines).filter((i) => i.costumeAssignedID !== id);

/**
 * A buy price as typed, in dollars: a number of at most two decimals, not below 0; null when it does not
 * read as one (the field then says so, nothing is sent).
 */
export function priceTyped(value: number | string): number | null {
  const text = String(value).trim().replace(/^\$/, '').replace(/,/g, '');
  if (text === '' || !/^\d+(\.\d{0,2})?$/.test(text)) return null;
  return Number(text);
}

// ——— The order sheet ———

/** One row of the order sheet: a style in one size and colour, with how many and for whom. */
export type SheetGroup = {
  key: string;
  costumeID: string;
  styleNumber: string;
  styleName: string;
  size: string;
  color: string;
  quantity: number;
  /** The buy price of one, or null when the costumes of the group were agreed at different prices. */
  unitCents: number | null;
  totalCents: number;
  /** The dancers, by name, each with their dance number. */
  dancers: { id: string; name: string; danceNumber: string }[];
};

const byText = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' });

/**
 * The lines of an order grouped by style, size and colour (sizes and colours ignoring case, as the
 * server keeps them), ordered by style number, size and colour; each group's dancers by name.
 */
export function sheetGroups(lines: readonly OrderLine[]): SheetGroup[] {
  const groups = new Map<string, SheetGroup & { prices: Set<number> }>();
  for (const l of lines) {
    const key = `${l.costumeID}\u0000${l.size.toLowerCase()}\u0000${l.color.toLowerCase()}`;
    const g = groups.get(key) ?? {
      key,
      costumeID: l.costumeID,
      styleNumber: l.styleNumber,
      styleName: l.styleName,
      size: l.size,
      color: l.color,
      quantity: 0,
      unitCents: null,
      totalCents: 0,
      dancers: [],
      prices: new Set<number>(),
    };
    const price = cents(l.price_buy);
    g.quantity += 1;
    g.totalCents += price;
    g.prices.add(price);
    g.dancers.push({ id: l.costumeAssignedID, name: l.dancer, danceNumber: l.danceNumber });
    groups.set(key, g);
  }
  return [...groups.values()]
    .map(({ prices, ...g }) => ({
      ...g,
      unitCents: prices.size === 1 ? [...prices][0]! : null,
      dancers: g.dancers.sort((a, b) => byText(a.name, b.name) || byText(a.danceNumber, b.danceNumber)),
    }))
    .sort(
      (a, b) =>
        byText(a.styleNumber, b.styleNumber) ||
        byText(a.styleName, b.styleName) ||
        byText(a.size, b.size) ||
        byText(a.color, b.color),
    );
}

export function sheetTotals(groups: readonly SheetGroup[]) {
  return {
    quantity: groups.reduce((n, g) => n + g.quantity, 0),
    totalCents: groups.reduce((sum, g) => sum + g.totalCents, 0),
  };
}

/** A group's unit price in words: "$45.00", or "Varies" when its costumes were agreed at different prices. */
export const unitText = (g: SheetGroup) => (g.unitCents === null ? 'Varies' : centsText(g.unitCents));

/** The style as the sheet names it: "#CC-101 Sparkle Tutu". */
export const styleText = (g: { styleNumber: string; styleName: string }) =>
  g.styleNumber ? `#${g.styleNumber} ${g.styleName}` : g.styleName;

/** Size and colour together: "CS, Pink"; "CS" with no colour. */
export const sizeColorText = (g: { size: string; color: string }) =>
  [g.size, g.color].filter(Boolean).join(', ');

export const CSV_HEADER = [
  'Style number',
  'Style',
  'Size',
  'Colour',
  'Quantity',
  'Buy price',
  'Total',
  'Dancers',
] as const;

const amount = (c: number) => (c / 100).toFixed(2);

/**
 * The order sheet as CSV, for the costume company or a spreadsheet: a title line naming the company and
 * the order, the header, a row a group, and the totals. Fields quoted and formulas defused by the same
 * `csvRow` as the ledger's export; CRLF line ends.
 */
export function sheetCsv(title: string, groups: readonly SheetGroup[]): string {
  const totals = sheetTotals(groups);
  const rows = [
    csvRow([title]),
    csvRow(CSV_HEADER),
    ...groups.map((g) =>
      csvRow([
        g.styleNumber,
        g.styleName,
        g.size,
        g.color,
        g.quantity,
        g.unitCents === null ? '' : amount(g.unitCents),
        amount(g.totalCents),
        g.dancers.map((d) => d.name).join('; '),
      ]),
    ),
    csvRow(['Total', '', '', '', totals.quantity, '', amount(totals.totalCents), '']),
  ];
  return `${rows.join('\r\n')}\r\n`;
}

/** The file's name: the order's, in plain letters ("curtain-call-costumes-order-3.csv"). */
export function sheetFilename(orderName: string): string {
  const slug = orderName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${slug || 'costume-order'}.csv`;
}

// ——— Placed orders ———

/** "Received 1 of 3", or "All 3 received". */
export function receivedText(order: Pick<CostumeOrder, 'received' | 'lines'>): string {
  const total = order.lines.length;
  if (total > 0 && order.received === total) return total === 1 ? 'Received' : `All ${total} received`;
  return `Received ${order.received} of ${total}`;
}

/** What is still missing, grouped: "2 × #CC-101 Sparkle Tutu (CS, Pink)". */
export function missingTexts(missing: readonly OrderLine[]): string[] {
  return sheetGroups(missing).map((g) => {
    const what = `${styleText(g)}${sizeColorText(g) ? ` (${sizeColorText(g)})` : ''}`;
    return `${g.quantity} × ${what}`;
  });
}

/** A shipment in one line: "Nov 24, 2026 · 2 costumes · Box 1 of 2". */
export function shipmentText(s: CostumeOrder['shipments'][number]): string {
  return [formatDateOnly(s.receivedOn), countOf(s.items.length, 'costume', 'costumes'), s.note.trim()]
    .filter(Boolean)
    .join(' · ');
}
