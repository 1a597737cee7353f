import {
  type ProposalNumber,
  proposeShows,
  RECITAL_BOARD_PAGE_SIZE,
  RECITAL_SHOWS_TEXT,
  type RecitalBoard,
  type RecitalNumber,
  type RecitalProposal,
  SHOW_LENGTH_TOLERANCE_SECONDS,
  showLength,
  songLengthText,
  UNASSIGNED_COLUMN,
  unsatisfiedSentence,
} from '@pirouette/domain';
import { notFound, unprocessable } from '../../http/errors';
import { audit } from '../../lib/audit';
import { boardOutline } from './board.queries';
import {
  inOrder,
  type LineupNumber,
  pageNumbersWithDancers,
  recitalNumberPlaces,
  recitalNumbers,
  recitalOfStudio,
} from './lineup';
import { presentRecitalDetail, presentShowDetail } from './recitals.presenters';
import type { ShowRow } from './recitals.queries';
import {
  appendPlacement,
  numberCostumes,
  type PlacementRow,
  removePlacement,
  replacePlacements,
  seasonTerms,
  setLocked,
  showsOfRecital,
} from './shows.queries';
import { openRecital, requireOwner, type ShowsDeps } from './shows.service';

/**
 * Which number dances in which show (issue 38 item 1, decision 072): the board, a number placed or
 * locked by hand, the proposal (computed, not saved) and the whole assignment saved.
 */

/**
 * `GET …/{recitalId}/numbers` (decisions 106, 116): the recital, its shows with their lengths and counts, and
 * one page of one column with each number's dancers and costumes. The column is a show's numbers in
 * running order, or those in no show of the recital by class and name; without a choice, the numbers in
 * no show when there are any, else the first show's; a show of another recital is 404. What the board
 * says of every number (the counts, each show's length) is summed in the database (`boardOutline`); only
 * the page's numbers are read with their dancers. Six queries.
 */
export async function getBoard(
  { db, actor }: ShowsDeps,
  recitalId: string,
  query: { show?: string; page: number },
): Promise<RecitalBoard> {
  requireOwner(actor);
  const companyId = actor.companyId;
  const recital = await recitalOfStudio(db, companyId, recitalId);
  const shows = await showsOfRecital(db, companyId, recitalId);
  const column = query.show === undefined ? 'default' : query.show === UNASSIGNED_COLUMN ? null : query.show;
  if (column !== null && column !== 'default' && !shows.some((s) => s.id === column))
    throw notFound(RECITAL_SHOWS_TEXT.showNotFound);
  const terms = await seasonTerms(db, companyId, recital.firstDay, recital.lastDay);
  const outline = await boardOutline(
    db,
    companyId,
    recitalId,
    terms.map((t) => t.id),
    { column, firstShowId: shows[0]?.id ?? null },
    { limit: RECITAL_BOARD_PAGE_SIZE, offset: (query.page - 1) * RECITAL_BOARD_PAGE_SIZE },
  );
  const pageIds = outline.page.map((p) => p.id);
  const numbers = new Map(
    (await pageNumbersWithDancers(db, companyId, terms, pageIds)).map((n) => [n.id, n]),
  );
  const costumeOf = new Map<string, string[]>();
  for (const c of await numberCostumes(db, companyId, pageIds))
    costumeOf.set(c.numberId, [...(costumeOf.get(c.numberId) ?? []), c.style]);
  const items: RecitalNumber[] = [];
  for (const p of outline.page) {
    const n = numbers.get(p.id);
    if (!n) continue;
    items.push({
      id: n.id,
      name: n.name,
      className: n.className,
      genre: n.genre,
      songName: n.songName,
      songArtist: n.songArtist,
      songLength: songLengthText(n.lengthSeconds),
      lengthSeconds: n.lengthSeconds,
      dancers: n.dancers.map(({ activityId: _, ...d }) => d),
      costume: (costumeOf.get(n.id) ?? []).join(', '),
      showId: p.showId,
      position: p.position,
      locked: p.locked,
    });
  }
  const sums = new Map(outline.shows.map((s) => [s.showId, s]));
  return {
    recital: presentRecitalDetail(recital),
    shows: shows.map((s) => {
      const { count = 0, songSeconds = 0 } = sums.get(s.id) ?? {};
      const seconds = showLength(
        count,
        songSeconds,
        recital.gapSeconds,
        s.intermissionAfter,
        recital.intermissionMinutes,
      );
      return { ...presentShowDetail(s), seconds, numbers: count };
    }),
    counts: { numbers: outline.numbers, unassigned: outline.unassigned },
    column: outline.column,
    numbers: items,
    total: outline.total,
    page: query.page,
    pageSize: RECITAL_BOARD_PAGE_SIZE,
    terms: terms.map((t) => t.name),
  };
}

/** `PUT …/{recitalId}/numbers/{numberId}`: in one transaction under the recital's lock. */
export async function placeNumber(
  { db, actor }: ShowsDeps,
  recitalId: string,
  numberId: string,
  { showId, locked }: { showId: string | null; locked: boolean },
) {
  requireOwner(actor);
  const companyId = actor.companyId;
  return db.transaction(async (tx) => {
    const recital = await openRecital(tx, actor, recitalId);
    const { keys, places } = await recitalNumberPlaces(tx, companyId, recital);
    if (!keys.some((n) => n.id === numberId)) throw notFound(RECITAL_SHOWS_TEXT.numberNotFound);
    if (showId !== null) {
      const shows = await showsOfRecital(tx, companyId, recitalId);
      if (!shows.some((s) => s.id === showId)) throw notFound(RECITAL_SHOWS_TEXT.showNotFound);
    } else if (locked) {
      throw unprocessable(RECITAL_SHOWS_TEXT.lockNeedsShow);
    }
    const current = places.find((p) => p.danceNumberId === numberId);
    if (current && current.showId === showId) {
      await setLocked(tx, companyId, recitalId, numberId, locked);
    } else {
      if (current) await removePlacement(tx, companyId, recitalId, numberId);
      if (showId !== null) await appendPlacement(tx, companyId, recitalId, showId, numberId, locked);
    }
    await audit(tx, {
      action: 'recital.number.place',
      companyId,
      userId: actor.userId,
      targetType: 'dance_number',
      targetId: numberId,
      detail: { recitalId, showId, locked },
    });
    return { msg: RECITAL_SHOWS_TEXT.numberSaved };
  });
}

const proposalNumbers = (
  numbers: readonly LineupNumber[],
  places: readonly PlacementRow[],
): ProposalNumber[] => {
  const placeOf = new Map(places.map((p) => [p.danceNumberId, p]));
  return numbers.map((n) => {
    const p = placeOf.get(n.id);
    return {
      id: n.id,
      name: n.name,
      lengthSeconds: n.lengthSeconds,
      dancers: n.dancers.map(({ activityId: _, ...d }) => d),
      lockedShowId: p?.locked ? p.showId : null,
    };
  });
};

/** `POST …/{recitalId}/proposal`: computed from the numbers, the shows and the locks; nothing saved. */
export async function propose({ db, actor }: ShowsDeps, recitalId: string): Promise<RecitalProposal> {
  requireOwner(actor);
  const companyId = actor.companyId;
  const recital = await recitalOfStudio(db, companyId, recitalId);
  const shows = await showsOfRecital(db, companyId, recitalId);
  if (shows.length === 0) throw unprocessable(RECITAL_SHOWS_TEXT.noShows);
  const { numbers, places } = await recitalNumbers(db, companyId, recital);
  const proposal = proposeShows({
    numbers: proposalNumbers(numbers, places),
    shows: shows.map((s) => ({ id: s.id, name: s.name })),
    gapSeconds: recital.gapSeconds,
  });
  return {
    ...proposal,
    numbers: numbers.map((n) => ({
      id: n.id,
      name: n.name,
      className: n.className,
      songLength: songLengthText(n.lengthSeconds),
    })),
    sentences: proposal.unsatisfied.map(unsatisfiedSentence),
    toleranceSeconds: SHOW_LENGTH_TOLERANCE_SECONDS,
  };
}

/** The list names each number that needs a show once, in shows of the recital, no locked number moved. */
function checkAssignment(
  list: readonly { numberId: string; showId: string }[],
  numbers: readonly LineupNumber[],
  shows: readonly ShowRow[],
  places: readonly PlacementRow[],
) {
  const needed = new Map(numbers.map((n) => [n.id, n]));
  const seen = new Set<string>();
  let unknown = 0;
  let twice = 0;
  for (const a of list) {
    if (!needed.has(a.numberId)) unknown += 1;
    else if (seen.has(a.numberId)) twice += 1;
    seen.add(a.numberId);
  }
  const missing = numbers.filter((n) => !seen.has(n.id)).length;
  if (unknown + twice + missing > 0)
    throw unprocessable(RECITAL_SHOWS_TEXT.notTheNumbers(missing, unknown, twice));
  const showIds = new Set(shows.map((s) => s.id));
  if (list.some((a) => !showIds.has(a.showId))) throw unprocessable(RECITAL_SHOWS_TEXT.notAShow);
  const target = new Map(list.map((a) => [a.numberId, a.showId]));
  for (const p of places) {
    if (p.locked && needed.has(p.danceNumberId) && target.get(p.danceNumberId) !== p.showId) {
      throw unprocessable(RECITAL_SHOWS_TEXT.lockedMoved(needed.get(p.danceNumberId)!.name));
    }
  }
  return target;
}

/**
 * `PUT …/{recitalId}/assignment`: the whole recital's, in one transaction under the recital's lock. In
 * each show, the numbers that stay keep their order and locks; those that come are put after them, in
 * the order given.
 */
export async function saveAssignment(
  { db, actor }: ShowsDeps,
  recitalId: string,
  list: { numberId: string; showId: string }[],
) {
  requireOwner(actor);
  const companyId = actor.companyId;
  return db.transaction(async (tx) => {
    const recital = await openRecital(tx, actor, recitalId);
    const shows = await showsOfRecital(tx, companyId, recitalId);
    const { numbers, places } = await recitalNumbers(tx, companyId, recital);
    const target = checkAssignment(list, numbers, shows, places);
    const rows: { showId: string; danceNumberId: string; position: number; locked: boolean }[] = [];
    for (const show of shows) {
      const stay = inOrder(numbers, places, show.id).filter((n) => target.get(n.id) === show.id);
      const stayIds = new Set(stay.map((n) => n.id));
      const come = list.filter((a) => a.showId === show.id && !stayIds.has(a.numberId));
      const next = [
        ...stay.map((n) => ({ id: n.id, locked: n.locked })),
        ...come.map((a) => ({ id: a.numberId, locked: false })),
      ];
      next.forEach((n, position) => {
        rows.push({ showId: show.id, danceNumberId: n.id, position, locked: n.locked });
      });
    }
    await replacePlacements(tx, companyId, recitalId, rows);
    await audit(tx, {
      action: 'recital.assignment.save',
      companyId,
      userId: actor.userId,
      targetType: 'recital',
      targetId: recitalId,
      detail: { numbers: rows.length },
    });
    return { msg: RECITAL_SHOWS_TEXT.assignmentSaved };
  });
}
