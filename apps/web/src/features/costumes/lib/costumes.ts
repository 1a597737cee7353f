import {
  CHART_MEASURES,
  type ChartMeasure,
  type CostumeSettings,
  costumeDeposit,
  type DancerOutfit,
  type DepositSetting,
  dollarsText,
  formatDateOnly,
  type SizeChartInput,
  type SizeChartRow,
  sizeChartInput,
} from '@pirouette/domain';

/**
 * The costume screens' pure logic (issue 18, decision 029): the size chart as the editor holds it
 * (text fields, so a half-typed "24." stays on screen), the size a dancer's measurements suggest in
 * plain words, the deposit an assignment will ask, and a number's totals.
 */

export const MEASURE_LABELS: Record<ChartMeasure, string> = { girth: 'Girth', chest: 'Chest', hips: 'Hips' };

/** One row of the chart editor: the size and each bound as typed. `key` keeps a row's inputs when rows move. */
export type ChartRowDraft = { key: string; size: string } & {
  [K in ChartMeasure as `${K}Min` | `${K}Max`]: string;
};

export type ChartBound = Exclude<keyof ChartRowDraft, 'key' | 'size'>;
export const CHART_BOUNDS: ChartBound[] = CHART_MEASURES.flatMap((m) => [`${m}Min`, `${m}Max`] as const);

let nextKey = 0;
const newKey = () => `row-${++nextKey}`;

export function emptyChartRow(): ChartRowDraft {
  return {
    key: newKey(),
    size: '',
    girthMin: '',
    girthMax: '',
    chestMin: '',
    chestMax: '',
    hipsMin: '',
    hipsMax: '',
  };
}

/** The chart as the server gives it, as rows to edit. */
export function chartDrafts(chart: readonly SizeChartRow[]): ChartRowDraft[] {
  return chart.map((row) => {
    const draft = emptyChartRow();
    draft.size = row.size;
    for (const b of CHART_BOUNDS) draft[b] = row[b] === null ? '' : String(row[b]);
    return draft;
  });
}

/** A bound as typed: empty is open (null); anything not a number stays as typed, for the schema to refuse. */
function boundValue(text: string): number | null | string {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const n = Number(trimmed);
  return Number.isFinite(n) ? n : trimmed;
}

/** The body of `PUT …/company/size-chart/{id}` from the rows, in their order. */
export function chartBody(rows: readonly ChartRowDraft[]): SizeChartInput {
  return {
    chart: rows.map((row) => {
      const out: Record<string, unknown> = { size: row.size.trim() };
      for (const b of CHART_BOUNDS) out[b] = boundValue(row[b]);
      return out as SizeChartInput['chart'][number];
    }),
  };
}

/** Errors of one row: `size` or a bound, in the server's own sentences (the same schema). */
export type RowErrors = Partial<Record<'size' | ChartBound, string>>;

/** One pass of the schema over a chart body: each sentence at its row and field, the chart's own apart. */
function schemaIssues(body: SizeChartInput, count: number) {
  const result = sizeChartInput.safeParse(body);
  const rows: RowErrors[] = Array.from({ length: count }, () => ({}));
  let chart: string | null = null;
  if (!result.success) {
    for (const issue of result.error.issues) {
      const [, index, field] = issue.path;
      const target = typeof index === 'number' ? rows[index] : undefined;
      if (!target) {
        chart ??= issue.message;
        continue;
      }
      const key = (typeof field === 'string' ? field : 'size') as keyof RowErrors;
      // Something not a number typed in a bound reads as what is wanted there.
      target[key] ??= issue.code === 'invalid_type' ? 'Inches, e.g. 24.5' : issue.message;
    }
  }
  return { rows, chart };
}

/**
 * Checks the rows with the schema the server validates with: each sentence lands at its row and field;
 * a sentence about the chart as a whole (too many sizes) comes back apart. The schema checks sizes twice
 * and reversed ranges only once every field reads, so a second pass, with the unreadable fields left
 * out, finds those too: the person sees every mistake at once.
 */
export function chartErrors(rows: readonly ChartRowDraft[]): { rows: RowErrors[]; chart: string | null } {
  const body = chartBody(rows);
  const first = schemaIssues(body, rows.length);
  const unreadable = first.rows.some((r) => Object.keys(r).length);
  if (!unreadable) return first;
  const cleaned: SizeChartInput = {
    chart: body.chart.map((r, i) => {
      const out: Record<string, unknown> = { ...r };
      const bad = first.rows[i]!;
      for (const key of Object.keys(bad)) out[key] = key === 'size' ? `\u0000${i}` : null;
      return out as SizeChartInput['chart'][number];
    }),
  };
  const second = schemaIssues(cleaned, rows.length);
  second.rows.forEach((r, i) => {
    for (const [key, message] of Object.entries(r) as [keyof RowErrors, string][]) {
      if (!message.includes('\u0000')) first.rows[i]![key] ??= message;
    }
  });
  return { rows: first.rows, chart: first.chart ?? second.chart };
}

/**
 * The row a server sentence is about, when it names a size ("Size M is in the chart twice.", "Size M:
 * the smallest …"): the last row of that name, the one that repeats; -1 when it names none.
 */
export function rowOfMessage(rows: readonly ChartRowDraft[], message: string): number {
  const named = /^Size (.+?)(?: is in the chart twice\.|:)/.exec(message)?.[1];
  if (!named) return -1;
  for (let i = rows.length - 1; i >= 0; i--) {
    if (rows[i]!.size.trim().toLowerCase() === named.trim().toLowerCase()) return i;
  }
  return -1;
}

/** The rows with one moved up (-1) or down (+1); unchanged at either end. */
export function moveRow<T>(rows: readonly T[], index: number, step: -1 | 1): T[] {
  const to = index + step;
  if (to < 0 || to >= rows.length) return [...rows];
  const out = [...rows];
  [out[index], out[to]] = [out[to]!, out[index]!];
  return out;
}

/** A range as read: "22–24", "from 22", "up to 24", or "—". */
export function rangeText(min: number | null, max: number | null): string {
  if (min !== null && max !== null) return `${min}–${max}`;
  if (min !== null) return `from ${min}`;
  if (max !== null) return `up to ${max}`;
  return '—';
}

// ——— Sizes suggested ———

export type Suggestion = DancerOutfit['suggestions'][number];

/** What a suggestion says, in plain words, and the colour of its badge. */
export function suggestionText(s: Suggestion | undefined): {
  label: string;
  color: string;
  note: string | null;
} {
  const note = s?.stale ? 'Measurements are missing or more than 90 days old: measure again.' : null;
  if (!s || s.fit === 'none' || s.sizes.length === 0)
    return s?.stale !== false
      ? { label: 'Measure first', color: 'gray', note: 'No recent measurements: record them to get a size.' }
      : {
          label: 'No size to suggest',
          color: 'gray',
          note: 'The chart has no ranges for these measurements.',
        };
  if (s.fit === 'fits') return { label: `Fits ${s.sizes[0]}`, color: s.stale ? 'yellow' : 'teal', note };
  if (s.fit === 'between') return { label: `Between ${s.sizes.join(' and ')}`, color: 'yellow', note };
  return {
    label: `Outside the chart: nearest ${s.sizes[0]}`,
    color: 'orange',
    note,
  };
}

/**
 * A style's size-colour entries in the style's own order: its size groups (smallest first), then its
 * colours as listed; entries of a size or colour not listed come after, by name.
 */
export function sortedEntries<E extends { size: string; color: string }>(
  entries: readonly E[],
  sizeGroups: readonly string[],
  colors: readonly string[],
): E[] {
  const place = (list: readonly string[], value: string) => {
    const i = list.findIndex((v) => v.toLowerCase() === value.toLowerCase());
    return i < 0 ? list.length : i;
  };
  return [...entries].sort(
    (a, b) =>
      place(sizeGroups, a.size) - place(sizeGroups, b.size) ||
      a.size.localeCompare(b.size) ||
      place(colors, a.color) - place(colors, b.color) ||
      a.color.localeCompare(b.color),
  );
}

/** What the family has paid of a deposit, in words. */
export function depositPaidText(deposit: number, paid: number): string {
  if (deposit <= 0) return 'No deposit';
  const amount = dollarsText(deposit);
  if (paid >= deposit) return `Deposit ${amount}, paid`;
  if (paid <= 0) return `Deposit ${amount}, not paid yet`;
  return `Deposit ${amount}, ${dollarsText(paid)} paid`;
}

// ——— Deposits ———

/** The studio's settings as the deposit rule takes them (cents, basis points). */
export function depositSettingOf(settings: CostumeSettings | undefined): DepositSetting {
  if (!settings) return { kind: 'none' };
  if (settings.depositKind === 'amount')
    return { kind: 'amount', cents: Math.round(settings.depositAmount * 100) };
  if (settings.depositKind === 'percent')
    return { kind: 'percent', basisPoints: Math.round(settings.depositPercent * 100) };
  return { kind: 'none' };
}

/** The deposit (dollars) a costume at this sell price (dollars) will ask: the preview; the server's figure counts. */
export function depositPreview(settings: CostumeSettings | undefined, sellDollars: number): number {
  if (!Number.isFinite(sellDollars)) return 0;
  return costumeDeposit(depositSettingOf(settings), Math.round(sellDollars * 100)) / 100;
}

/** The deposit rule in a sentence, for the settings card and the assign form. */
export function depositRuleSentence(settings: CostumeSettings | undefined): string {
  if (!settings || settings.depositKind === 'none')
    return 'No deposit is charged when a costume is assigned.';
  const rule =
    settings.depositKind === 'amount'
      ? `${dollarsText(settings.depositAmount)} a costume (never more than its price)`
      : `${settings.depositPercent}% of the costume's price`;
  const until = settings.refundableUntil
    ? `, refundable until ${formatDateOnly(settings.refundableUntil)}`
    : ', always refundable when the costume is removed';
  return `Deposit: ${rule}${until}.`;
}

// ——— A number's totals ———

export type NumberTotals = {
  sell: number;
  buy: number;
  deposit: number;
  depositPaid: number;
  assigned: number;
};

/** Sums a number's outfits, in cents so the dollars add up exactly. */
export function numberTotals(dancers: readonly DancerOutfit[]): NumberTotals {
  const c = (d: number) => Math.round(d * 100);
  let sell = 0;
  let buy = 0;
  let deposit = 0;
  let depositPaid = 0;
  let assigned = 0;
  for (const d of dancers) {
    sell += c(d.sell_price);
    buy += c(d.total_buy);
    deposit += c(d.deposit);
    depositPaid += c(d.depositPaid);
    assigned += d.costumes.length;
  }
  return {
    sell: sell / 100,
    buy: buy / 100,
    deposit: deposit / 100,
    depositPaid: depositPaid / 100,
    assigned,
  };
}

// ——— The style form ———

/** A list typed with commas ("S, M, L") as its items, trimmed, without blanks or repeats ignoring case. */
export function splitList(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const part of text.split(',')) {
    const item = part.trim();
    if (item && !seen.has(item.toLowerCase())) {
      seen.add(item.toLowerCase());
      out.push(item);
    }
  }
  return out;
}

/** One size-colour price of the style form, as typed. */
export type PriceDraft = { size: string; color: string; buy: string; sell: string };

/**
 * The grid of size-colour prices for the sizes and colours typed: every pair (a size alone when there
 * are no colours), keeping the prices already typed for a pair and the first pair's prices for a new one.
 */
export function priceGrid(
  sizes: readonly string[],
  colors: readonly string[],
  previous: readonly PriceDraft[],
) {
  const find = (size: string, color: string) =>
    previous.find(
      (p) => p.size.toLowerCase() === size.toLowerCase() && p.color.toLowerCase() === color.toLowerCase(),
    );
  const fallback = previous[0];
  const pairs = sizes.flatMap((size) =>
    colors.length ? colors.map((color) => ({ size, color })) : [{ size, color: '' }],
  );
  return pairs.map(({ size, color }): PriceDraft => {
    const kept = find(size, color);
    return { size, color, buy: kept?.buy ?? fallback?.buy ?? '', sell: kept?.sell ?? fallback?.sell ?? '' };
  });
}

/**
 * The grid with one row's price changed. A price typed in the first row also fills the rows whose
 * price is still empty: most costumes cost the same in every size and colour.
 */
export function fillPrices(
  grid: readonly PriceDraft[],
  index: number,
  patch: Partial<Pick<PriceDraft, 'buy' | 'sell'>>,
) {
  return grid.map((p, i) => {
    if (i === index) return { ...p, ...patch };
    if (index !== 0) return p;
    const out = { ...p };
    if (patch.buy !== undefined && p.buy.trim() === '') out.buy = patch.buy;
    if (patch.sell !== undefined && p.sell.trim() === '') out.sell = patch.sell;
    return out;
  });
}

/** A price as typed, in dollars; NaN when it is not a number (the schema says so). */
export const priceValue = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
