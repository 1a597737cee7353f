import {
  type CompetitionCompanyItem,
  type CompetitionEntryItem,
  type CompetitionEventEntriesInput,
  type CompetitionEventItem,
  type CompetitionLocationItem,
  DEFAULT_EVENT_TYPE,
  dollarsText,
  type EntryValues,
  entryProblems,
  formatDateOnly,
  formatPhone,
} from '@pirouette/domain';

/**
 * The competition screen's pure logic (issue 19, decision 031): entries as the dialog holds them (prices
 * as typed, in dollars), each entry's problems by the spec's batch rules pointed at its fields, and the
 * plain words the lists show for a company, a location, an event's days and an entry.
 */

/** A number field as Mantine's NumberInput holds it: a number, or '' (or a half-typed text). */
export type Typed = number | string;

/** One entry row of the event dialog, as typed. `key` keeps a row's inputs when rows above go. */
export type EntryDraft = {
  key: string;
  name: string;
  priceStudio: Typed;
  priceCustomer: Typed;
  nDancersMin: Typed;
  nDancersMax: Typed;
  isPerformance: boolean;
  notes: string;
};
export type EntryField = 'name' | 'priceStudio' | 'priceCustomer' | 'nDancersMin' | 'nDancersMax';

let nextKey = 0;

/** A new row: one dancer, a performance, nothing priced yet. */
export function emptyEntry(over: Partial<Omit<EntryDraft, 'key'>> = {}): EntryDraft {
  nextKey += 1;
  return {
    key: `entry-${nextKey}`,
    name: '',
    priceStudio: '',
    priceCustomer: '',
    nDancersMin: 1,
    nDancersMax: 1,
    isPerformance: true,
    notes: '',
    ...over,
  };
}

/** An entry as the server gives it, as a row to edit. */
export const entryDraft = (e: CompetitionEntryItem): EntryDraft =>
  emptyEntry({
    name: e.name,
    priceStudio: e.priceStudio,
    priceCustomer: e.priceCustomer,
    nDancersMin: e.nDancersMin,
    nDancersMax: e.nDancersMax,
    isPerformance: e.isPerformance,
    notes: e.notes,
  });

/** A typed number: empty or not a number is 0, which the batch rules refuse as "no price", "no dancers". */
const numberOf = (v: Typed): number => {
  const n = typeof v === 'number' ? v : Number(String(v).replace(/[$,\s]/g, ''));
  return Number.isFinite(n) ? n : 0;
};
/** Dollars as typed, to cents: how the rules and the server compare prices. */
const centsOf = (v: Typed) => Math.round(numberOf(v) * 100);

/** The body of one entry: dollars and whole dancers, as the API takes them. */
export const entryBody = (d: EntryDraft) => ({
  name: d.name.trim(),
  priceStudio: numberOf(d.priceStudio),
  priceCustomer: numberOf(d.priceCustomer),
  nDancersMin: Math.trunc(numberOf(d.nDancersMin)),
  nDancersMax: Math.trunc(numberOf(d.nDancersMax)),
  isPerformance: d.isPerformance,
  notes: d.notes.trim(),
});

/** The body of `POST …/event/entry`: the event and its rows in order. */
export function eventEntriesBody(
  event: { compCoLocID: string; dateStart: string; dateEnd: string; type: string },
  drafts: readonly EntryDraft[],
): CompetitionEventEntriesInput {
  return { event: { ...event, type: event.type.trim() || DEFAULT_EVENT_TYPE }, entry: drafts.map(entryBody) };
}

const valuesOf = (d: EntryDraft): EntryValues => ({
  name: d.name,
  priceStudio: centsOf(d.priceStudio),
  priceCustomer: centsOf(d.priceCustomer),
  nDancersMin: Math.trunc(numberOf(d.nDancersMin)),
  nDancersMax: Math.trunc(numberOf(d.nDancersMax)),
});

/**
 * The problems of one entry by field, in words, by the spec's rules (002 §5, `entryProblems`); `{}` when
 * the entry may be saved. A limit or a price of 0 is said beside the field that is 0.
 */
export function entryFieldErrors(d: EntryDraft): Partial<Record<EntryField, string>> {
  const v = valuesOf(d);
  const out: Partial<Record<EntryField, string>> = {};
  const say = (field: EntryField, text: string) => {
    if (!out[field]) out[field] = text;
  };
  for (const p of entryProblems(v)) {
    if (p === 'name') say('name', 'At least 2 characters');
    if (p === 'dancersZero') {
      if (v.nDancersMin === 0) say('nDancersMin', 'At least 1 dancer');
      if (v.nDancersMax === 0) say('nDancersMax', 'At least 1 dancer');
    }
    if (p === 'dancersOrder') say('nDancersMax', 'Not below the minimum');
    if (p === 'priceZero') {
      if (v.priceStudio === 0) say('priceStudio', 'Enter a price');
      if (v.priceCustomer === 0) say('priceCustomer', 'Enter a price');
    }
    if (p === 'priceOrder') say('priceCustomer', "Not below the studio's price");
  }
  return out;
}

/** Every row's problems, by row; rows without a problem are left out. */
export function batchErrors(drafts: readonly EntryDraft[]): Map<string, Partial<Record<EntryField, string>>> {
  const out = new Map<string, Partial<Record<EntryField, string>>>();
  for (const d of drafts) {
    const errors = entryFieldErrors(d);
    if (Object.keys(errors).length > 0) out.set(d.key, errors);
  }
  return out;
}

/** "Mar 5 – 7, 2027", "Mar 30 – Apr 1, 2027", "Dec 30, 2027 – Jan 2, 2028", or one day. */
export function eventDays(start: string, end: string): string {
  if (start === end) return formatDateOnly(start);
  const [y1, m1] = start.split('-');
  const [y2, m2] = end.split('-');
  const day = (d: string, opts: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('en-US', { ...opts, timeZone: 'UTC' }).format(new Date(`${d}T00:00:00Z`));
  if (y1 !== y2) return `${formatDateOnly(start)} – ${formatDateOnly(end)}`;
  if (m1 !== m2)
    return `${day(start, { month: 'short', day: 'numeric' })} – ${day(end, { month: 'short', day: 'numeric' })}, ${y1}`;
  return `${day(start, { month: 'short', day: 'numeric' })} – ${day(end, { day: 'numeric' })}, ${y1}`;
}

/** City, ST 00000 — what of it is there. */
const cityLine = (p: { city: string; state: string; zipcode: string }) =>
  [p.city, [p.state, p.zipcode].filter(Boolean).join(' ')].filter(Boolean).join(', ');

/** A location's or a company's address in one line, or '' when none was given. */
export const addressLine = (p: {
  address_1: string;
  address_2: string;
  city: string;
  state: string;
  zipcode: string;
}) => [p.address_1, p.address_2, cityLine(p)].filter(Boolean).join(', ');

/** A location by its name, else its first address line (002 §5 asks one of them). */
export const locationName = (l: Pick<CompetitionLocationItem, 'name' | 'address_1'>) => l.name || l.address_1;

/** A company's contact in one line: e-mail, phone, director. */
export function companyContact(c: CompetitionCompanyItem): string {
  const director = c.director
    ? `Director ${c.director}${c.director_phone ? ` · ${formatPhone(c.director_phone)}` : ''}`
    : '';
  return [c.email, c.phone ? formatPhone(c.phone) : '', director].filter(Boolean).join(' · ');
}

export const countText = (n: number, one: string, many: string) =>
  `${n === 0 ? 'No' : n} ${n === 1 ? one : many}`;

/** "1 dancer", "4–9 dancers". */
export const dancersText = (min: number, max: number) =>
  min === max ? `${min} ${min === 1 ? 'dancer' : 'dancers'}` : `${min}–${max} dancers`;

/** What the studio keeps of an entry's price per dancer. */
export const marginText = (e: Pick<CompetitionEntryItem, 'priceStudio' | 'priceCustomer'>) =>
  dollarsText(Math.round((e.priceCustomer - e.priceStudio) * 100) / 100);

/** Events by first day, upcoming ones first then past ones (the latest past first), as of `today`. */
export function upcomingFirst(
  events: readonly CompetitionEventItem[],
  today: string,
): CompetitionEventItem[] {
  const coming = events
    .filter((e) => e.dateEnd >= today)
    .sort((a, b) => a.dateStart.localeCompare(b.dateStart));
  const past = events.filter((e) => e.dateEnd < today).sort((a, b) => b.dateStart.localeCompare(a.dateStart));
  return [...coming, ...past];
}

/** The categories most competitions list, with their usual dancers: a row starts from one in a click. */
export const ENTRY_PRESETS: readonly { name: string; min: number; max: number }[] = [
  { name: 'Solo', min: 1, max: 1 },
  { name: 'Duet/Trio', min: 2, max: 3 },
  { name: 'Small Group', min: 4, max: 9 },
  { name: 'Large Group', min: 10, max: 19 },
  { name: 'Line', min: 20, max: 39 },
  { name: 'Production', min: 40, max: 200 },
];
