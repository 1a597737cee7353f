import {
  COMPETITION_OVERVIEW_TEXT,
  COMPETITION_TEXT,
  type CompetitionOverviewEvent,
  type CompetitionOverviewList,
  type CompetitionPerformance,
  type CompetitionRunningOrder,
  centsToDollars,
  DEFAULT_QUICK_CHANGE_GAP,
  performanceKey,
  quickChanges,
} from '@pirouette/domain';
import { notFound, unprocessable } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import { studioToday } from '../ledger';
import {
  linesOfEvents,
  type OverviewEventRow,
  type OverviewLine,
  overviewEvent,
  type PlaceRow,
  placesOfEvents,
  quickChangeGapOf,
  replacePlaces,
  saveQuickChangeGap,
  upcomingEvents,
} from './overview.queries';
import { type CompetitionDeps, requireOwner } from './shared';

/**
 * The competition overview (issue 19 point 4, decision 033): the season's upcoming events with their
 * figures, an event's running order — its performances (a registered dance number or private lesson on
 * one entry) in the order the owner set, those not placed after in the default order (entry, then
 * name) — each dancer's places, and the quick-change clashes of `quickChanges` at the studio's gap.
 * Each call is a fixed number of queries, whatever the number of events, performances or dancers.
 */

export type OverviewDeps = CompetitionDeps & { clock: Clock };

type Performance = {
  key: string;
  entryId: string;
  entry: string;
  entryPosition: number;
  kind: 'dnc' | 'prv';
  targetId: string;
  name: string;
  dancers: Map<string, string>;
};

export const keyOfLine = (l: { entryId: string; danceNumberId: string | null; privateId: string | null }) =>
  l.danceNumberId
    ? performanceKey(l.entryId, 'dnc', l.danceNumberId)
    : performanceKey(l.entryId, 'prv', l.privateId!);

/** An event's performances in running order: the placed ones by place, then the rest by entry and name. */
export function runningOrder(lines: OverviewLine[], places: PlaceRow[]) {
  const byKey = new Map<string, Performance>();
  for (const l of lines) {
    const key = keyOfLine(l);
    const p = byKey.get(key) ?? {
      key,
      entryId: l.entryId,
      entry: l.entry,
      entryPosition: l.entryPosition,
      kind: l.danceNumberId ? ('dnc' as const) : ('prv' as const),
      targetId: (l.danceNumberId ?? l.privateId)!,
      name: l.name,
      dancers: new Map<string, string>(),
    };
    p.dancers.set(l.studentId, l.studentName);
    byKey.set(key, p);
  }
  const placed: Performance[] = [];
  for (const r of places) {
    const p = byKey.get(keyOfLine(r));
    // A place whose performance has no dancers left is passed over.
    if (p && !placed.includes(p)) placed.push(p);
  }
  const rest = [...byKey.values()]
    .filter((p) => !placed.includes(p))
    .sort(
      (a, b) =>
        a.entryPosition - b.entryPosition ||
        a.entry.localeCompare(b.entry) ||
        a.name.localeCompare(b.name) ||
        a.key.localeCompare(b.key),
    );
  return { placed, order: [...placed, ...rest], byKey };
}

function clashesOf(order: Performance[], gap: number) {
  const place = new Map(order.map((p, i) => [p.key, i + 1]));
  const names = new Map<string, string>();
  for (const p of order) for (const [id, name] of p.dancers) names.set(id, name);
  return quickChanges(
    order.map((p) => ({ id: p.key, dancers: [...p.dancers.keys()] })),
    gap,
  ).map((c) => ({
    dancerId: c.dancer,
    dancer: names.get(c.dancer) ?? '',
    first: c.first,
    second: c.second,
    firstPlace: place.get(c.first)!,
    secondPlace: place.get(c.second)!,
    apart: c.apart,
  }));
}

/** An event's figures from its lines and its running order. */
function summaryOf(
  e: OverviewEventRow,
  lines: OverviewLine[],
  order: Performance[],
  clashes: number,
): CompetitionOverviewEvent {
  let studio = 0;
  let owed = 0;
  let paid = 0;
  for (const l of lines) {
    studio += l.priceStudio;
    owed += l.price;
    paid += Math.max(0, Math.min(l.paid, l.charged));
  }
  return {
    id: e.id,
    dateStart: e.dateStart,
    dateEnd: e.dateEnd,
    type: e.type,
    company: e.company,
    location: e.location,
    entries: e.entries,
    entriesUsed: new Set(lines.map((l) => l.entryId)).size,
    performances: order.length,
    dancers: new Set(lines.map((l) => l.studentId)).size,
    studioOwes: centsToDollars(studio),
    familiesOwe: centsToDollars(owed),
    familiesPaid: centsToDollars(paid),
    clashes,
  };
}

function orderAnswer(
  e: OverviewEventRow,
  lines: OverviewLine[],
  places: PlaceRow[],
  gap: number,
): CompetitionRunningOrder {
  const { placed, order } = runningOrder(lines, places);
  const clashes = clashesOf(order, gap);
  const performances: CompetitionPerformance[] = order.map((p, i) => ({
    key: p.key,
    place: i + 1,
    placed: placed.includes(p),
    entryId: p.entryId,
    entry: p.entry,
    kind: p.kind,
    targetId: p.targetId,
    name: p.name,
    dancers: [...p.dancers].map(([id, name]) => ({ id, name })),
  }));
  const dancers = new Map<string, { id: string; name: string; places: number[] }>();
  // The lines come by dancer (last, first name), so the map keeps that order.
  for (const l of lines) dancers.set(l.studentId, { id: l.studentId, name: l.studentName, places: [] });
  for (const p of performances) for (const d of p.dancers) dancers.get(d.id)?.places.push(p.place);
  return {
    event: summaryOf(e, lines, order, clashes.length),
    quickChangeGap: gap,
    performances,
    dancers: [...dancers.values()],
    clashes,
  };
}

/** `GET …/overview`: the events not ended by the studio's today, with their figures. Five queries. */
export async function overviewEvents({ db, actor, clock }: OverviewDeps): Promise<CompetitionOverviewList> {
  requireOwner(actor);
  const companyId = actor.companyId;
  const [today, gapSet] = await Promise.all([
    studioToday(db, companyId, clock),
    quickChangeGapOf(db, companyId),
  ]);
  const gap = gapSet ?? DEFAULT_QUICK_CHANGE_GAP;
  const events = await upcomingEvents(db, companyId, today);
  const ids = events.map((e) => e.id);
  const [lines, places] = await Promise.all([
    linesOfEvents(db, companyId, ids),
    placesOfEvents(db, companyId, ids),
  ]);
  const linesBy = groupBy(lines, (l) => l.eventId);
  const placesBy = groupBy(places, (p) => p.eventId);
  return {
    today,
    quickChangeGap: gap,
    events: events.map((e) => {
      const mine = linesBy.get(e.id) ?? [];
      const { order } = runningOrder(mine, placesBy.get(e.id) ?? []);
      return summaryOf(e, mine, order, clashesOf(order, gap).length);
    }),
  };
}

function groupBy<T>(rows: T[], key: (r: T) => string) {
  const out = new Map<string, T[]>();
  for (const r of rows) {
    const list = out.get(key(r)) ?? [];
    list.push(r);
    out.set(key(r), list);
  }
  return out;
}

/** `GET …/overview/event/{eventId}`: the event's running order. Four queries. */
export async function eventRunningOrder(
  { db, actor }: CompetitionDeps,
  eventId: string,
): Promise<CompetitionRunningOrder> {
  requireOwner(actor);
  const companyId = actor.companyId;
  const [event, lines, places, gap] = await Promise.all([
    overviewEvent(db, companyId, eventId),
    linesOfEvents(db, companyId, [eventId]),
    placesOfEvents(db, companyId, [eventId]),
    quickChangeGapOf(db, companyId),
  ]);
  if (!event) throw notFound(COMPETITION_TEXT.eventNotFound);
  return orderAnswer(event, lines, places, gap ?? DEFAULT_QUICK_CHANGE_GAP);
}

/**
 * `PUT …/overview/event/{eventId}`: the whole running order, every performance of the event once. In one
 * transaction, the event held first so that two saves of one event are made one after the other.
 */
export async function saveRunningOrder(
  { db, actor }: CompetitionDeps,
  eventId: string,
  keys: string[],
): Promise<CompetitionRunningOrder & { msg: string }> {
  requireOwner(actor);
  const companyId = actor.companyId;
  return db.transaction(async (tx) => {
    // One after the other: a transaction's statements share its one connection.
    const event = await overviewEvent(tx, companyId, eventId, true);
    if (!event) throw notFound(COMPETITION_TEXT.eventNotFound);
    const lines = await linesOfEvents(tx, companyId, [eventId]);
    const gapSet = await quickChangeGapOf(tx, companyId);
    const { byKey } = runningOrder(lines, []);
    const seen = new Set<string>();
    let unknown = 0;
    let twice = 0;
    for (const k of keys) {
      if (!byKey.has(k)) unknown += 1;
      else if (seen.has(k)) twice += 1;
      seen.add(k);
    }
    const missing = [...byKey.keys()].filter((k) => !seen.has(k)).length;
    if (unknown + twice + missing > 0) {
      throw unprocessable(COMPETITION_OVERVIEW_TEXT.notTheEvents(missing, unknown, twice));
    }
    const places = keys.map((k) => {
      const p = byKey.get(k)!;
      return {
        eventId,
        entryId: p.entryId,
        danceNumberId: p.kind === 'dnc' ? p.targetId : null,
        privateId: p.kind === 'prv' ? p.targetId : null,
        position: 0,
      };
    });
    await replacePlaces(tx, companyId, eventId, places);
    const answer = orderAnswer(
      event,
      lines,
      places.map((p, position) => ({ ...p, position })),
      gapSet ?? DEFAULT_QUICK_CHANGE_GAP,
    );
    return { ...answer, msg: COMPETITION_OVERVIEW_TEXT.saved };
  });
}

/** `GET …/overview/settings`. */
export async function overviewSettings({ db, actor }: CompetitionDeps) {
  requireOwner(actor);
  return { quickChangeGap: (await quickChangeGapOf(db, actor.companyId)) ?? DEFAULT_QUICK_CHANGE_GAP };
}

/** `PUT …/overview/settings`. */
export async function saveOverviewSettings({ db, actor }: CompetitionDeps, quickChangeGap: number) {
  requireOwner(actor);
  await saveQuickChangeGap(db, actor.companyId, quickChangeGap);
  return { quickChangeGap, msg: COMPETITION_OVERVIEW_TEXT.gapSaved };
}
