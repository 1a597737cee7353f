import {
  type BackstageList,
  clockOf,
  hhmmMinutes,
  RECITAL_SHOWS_TEXT,
  type RecitalProgramme,
  type ShowRunningOrder,
  showQuickChanges,
  showTiming,
  songLengthText,
} from '@pirouette/domain';
import { notFound, unprocessable } from '../../http/errors';
import { audit } from '../../lib/audit';
import { studioQuickChangeGap } from '../competitions';
import {
  inOrder,
  type PlacedNumber,
  recitalNumbers,
  recitalOfStudio,
  showLineup,
  showOfStudio,
} from './lineup';
import { presentRecitalDetail, presentShowDetail } from './recitals.presenters';
import type { RecitalRow, ShowRow } from './recitals.queries';
import { assignedCostumes, replacePlacements, setIntermission, showsOfRecital } from './shows.queries';
import { openRecital, requireOwner, type ShowsDeps } from './shows.service';

/**
 * A show's running order (issue 38 item 2, decision 072): its numbers in order with their start times
 * reckoned from the curtain, the quick changes closer than the studio's gap (the competitions' rule and
 * setting), the intermission's place; the printed programme and the backstage list.
 */

function timingOf(recital: RecitalRow, show: ShowRow, order: readonly PlacedNumber[]) {
  const timing = showTiming(
    order.map((n) => n.lengthSeconds),
    recital.gapSeconds,
    show.intermissionAfter,
    recital.intermissionMinutes,
  );
  const curtain = (hhmmMinutes(show.startsAt) ?? 0) * 60;
  return { ...timing, curtain, startOf: (i: number) => clockOf(curtain + timing.starts[i]!) };
}

function orderAnswer(
  recital: RecitalRow,
  show: ShowRow,
  order: PlacedNumber[],
  gap: number,
): ShowRunningOrder {
  const t = timingOf(recital, show, order);
  return {
    recital: presentRecitalDetail(recital),
    show: presentShowDetail(show),
    quickChangeGap: gap,
    numbers: order.map((n, i) => ({
      id: n.id,
      place: i + 1,
      name: n.name,
      className: n.className,
      songName: n.songName,
      songArtist: n.songArtist,
      songLength: songLengthText(n.lengthSeconds),
      startsAt: t.startOf(i),
      locked: n.locked,
      dancers: n.dancers.map(({ activityId: _, ...d }) => d),
    })),
    endsAt: clockOf(t.curtain + t.seconds),
    seconds: t.seconds,
    quickChanges: showQuickChanges(order, gap, show.intermissionAfter),
  };
}

/** `GET /api/mystudio/recital-shows/{showId}/order`: five queries. */
export async function getOrder({ db, actor }: ShowsDeps, showId: string): Promise<ShowRunningOrder> {
  requireOwner(actor);
  const { show, recital, numbers } = await showLineup(db, actor.companyId, showId);
  const gap = await studioQuickChangeGap(db, actor.companyId);
  return orderAnswer(recital, show, numbers, gap);
}

function checkOrder(
  order: readonly string[],
  numbers: readonly PlacedNumber[],
  intermissionAfter: number | null,
) {
  const ids = new Set(numbers.map((n) => n.id));
  const seen = new Set<string>();
  let unknown = 0;
  let twice = 0;
  for (const id of order) {
    if (!ids.has(id)) unknown += 1;
    else if (seen.has(id)) twice += 1;
    seen.add(id);
  }
  const missing = numbers.filter((n) => !seen.has(n.id)).length;
  if (unknown + twice + missing > 0)
    throw unprocessable(RECITAL_SHOWS_TEXT.notTheShow(missing, unknown, twice));
  if (intermissionAfter !== null && intermissionAfter > numbers.length - 2) {
    throw unprocessable(RECITAL_SHOWS_TEXT.intermissionPlace);
  }
}

/**
 * `PUT /api/mystudio/recital-shows/{showId}/order`: every number of the show once and the intermission's
 * place, in one transaction under the recital's lock; each number keeps its lock.
 */
export async function saveOrder(
  { db, actor }: ShowsDeps,
  showId: string,
  { order, intermissionAfter }: { order: string[]; intermissionAfter: number | null },
): Promise<ShowRunningOrder & { msg: string }> {
  requireOwner(actor);
  const companyId = actor.companyId;
  return db.transaction(async (tx) => {
    const found = await showOfStudio(tx, companyId, showId);
    await openRecital(tx, actor, found.recital.id);
    const { show, recital, numbers } = await showLineup(tx, companyId, showId);
    checkOrder(order, numbers, intermissionAfter);
    const byId = new Map(numbers.map((n) => [n.id, n]));
    const ordered = order.map((id, position) => ({ ...byId.get(id)!, position }));
    await replacePlacements(
      tx,
      companyId,
      recital.id,
      ordered.map((n) => ({ showId, danceNumberId: n.id, position: n.position, locked: n.locked })),
      showId,
    );
    await setIntermission(tx, companyId, showId, intermissionAfter);
    await audit(tx, {
      action: 'recital.order.save',
      companyId,
      userId: actor.userId,
      targetType: 'recital_show',
      targetId: showId,
      detail: { numbers: order.length, intermissionAfter },
    });
    const gap = await studioQuickChangeGap(tx, companyId);
    return {
      ...orderAnswer(recital, { ...show, intermissionAfter }, ordered, gap),
      msg: RECITAL_SHOWS_TEXT.orderSaved,
    };
  });
}

type ProgrammeShow = RecitalProgramme['shows'][number];

const programmeShow = (show: ShowRow, order: readonly PlacedNumber[]): ProgrammeShow => ({
  ...presentShowDetail(show),
  numbers: order.map((n, i) => ({
    place: i + 1,
    name: n.name,
    songName: n.songName,
    songArtist: n.songArtist,
    dancers: n.dancers.map((d) => d.name),
  })),
});

/**
 * `GET …/{recitalId}/programme`: every show's (five queries, the whole recital read); with `showId`, the
 * programme printed for that show (four queries, its numbers alone: the same whatever the other shows).
 */
export async function getProgramme(
  { db, actor }: ShowsDeps,
  recitalId: string,
  showId?: string,
): Promise<RecitalProgramme> {
  requireOwner(actor);
  if (showId) {
    const { show, recital, numbers } = await showLineup(db, actor.companyId, showId);
    if (recital.id !== recitalId) throw notFound(RECITAL_SHOWS_TEXT.showNotFound);
    return { recital: presentRecitalDetail(recital), shows: [programmeShow(show, numbers)] };
  }
  const recital = await recitalOfStudio(db, actor.companyId, recitalId);
  const shows = await showsOfRecital(db, actor.companyId, recitalId);
  const { numbers, places } = await recitalNumbers(db, actor.companyId, recital);
  return {
    recital: presentRecitalDetail(recital),
    shows: shows.map((s) => programmeShow(s, inOrder(numbers, places, s.id))),
  };
}

/** `GET /api/mystudio/recital-shows/{showId}/backstage-list`: five queries. */
export async function getBackstageList({ db, actor }: ShowsDeps, showId: string): Promise<BackstageList> {
  requireOwner(actor);
  const { show, recital, numbers } = await showLineup(db, actor.companyId, showId);
  const costumes = await assignedCostumes(
    db,
    actor.companyId,
    numbers.flatMap((n) => n.dancers.map((d) => d.activityId)),
  );
  const costumeOf = new Map<string, string[]>();
  for (const c of costumes) {
    const label = c.color ? `${c.style}, ${c.color}` : c.style;
    costumeOf.set(c.activityId, [...(costumeOf.get(c.activityId) ?? []), label]);
  }
  const t = timingOf(recital, show, numbers);
  return {
    recital: presentRecitalDetail(recital),
    show: presentShowDetail(show),
    numbers: numbers.map((n, i) => ({
      place: i + 1,
      name: n.name,
      startsAt: t.startOf(i),
      dancers: n.dancers.map((d) => ({
        id: d.id,
        name: d.name,
        familyName: d.familyName,
        costume: costumeOf.get(d.activityId)?.join('; ') ?? null,
      })),
    })),
  };
}
