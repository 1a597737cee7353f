import { RECITAL_SHOWS_TEXT } from '@pirouette/domain';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';
import type { RecitalRow, ShowRow } from './recitals.queries';
import {
  type DancerLine,
  type NumberKey,
  type PlacementRow,
  placements,
  recitalById,
  recitalDancerLines,
  recitalNumberKeys,
  seasonTerms,
  showWithRecital,
} from './shows.queries';

/**
 * The dance numbers of a recital and of a show (issue 38, decision 072): what the board, the running
 * order, the programme, backstage and the reports read. A number needs a show when one of its active
 * dancers has the recital switch on; the numbers are those of the recital's season (`seasonTerms`).
 */

export type LineupDancer = {
  id: string;
  name: string;
  familyId: string;
  familyName: string;
  activityId: string;
};
export type LineupNumber = {
  id: string;
  name: string;
  className: string;
  genre: string;
  songName: string;
  songArtist: string;
  lengthSeconds: number;
  dancers: LineupDancer[];
};

/** The lines grouped by number, in the lines' order (class, number), dancers by name. */
export function numbersOfLines(lines: readonly DancerLine[]): LineupNumber[] {
  const byId = new Map<string, LineupNumber>();
  for (const l of lines) {
    const n = byId.get(l.numberId) ?? {
      id: l.numberId,
      name: l.name,
      className: l.className,
      genre: l.genre,
      songName: l.songName,
      songArtist: l.songArtist,
      lengthSeconds: l.songLength,
      dancers: [],
    };
    if (!n.dancers.some((d) => d.id === l.studentId)) {
      n.dancers.push({
        id: l.studentId,
        name: l.studentName,
        familyId: l.familyId,
        familyName: l.familyName,
        activityId: l.activityId,
      });
    }
    byId.set(l.numberId, n);
  }
  return [...byId.values()];
}

/** A recital of the studio, or 404. */
export async function recitalOfStudio(db: Db, companyId: string, recitalId: string): Promise<RecitalRow> {
  const recital = await recitalById(db, companyId, recitalId);
  if (!recital) throw notFound(RECITAL_SHOWS_TEXT.recitalNotFound);
  return recital;
}

/** A show of the studio with its recital, or 404. */
export async function showOfStudio(
  db: Db,
  companyId: string,
  showId: string,
): Promise<{ show: ShowRow; recital: RecitalRow }> {
  const found = await showWithRecital(db, companyId, showId);
  if (!found) throw notFound(RECITAL_SHOWS_TEXT.showNotFound);
  return found;
}

/** Every number of the recital that needs a show, and where the numbers are placed. Four queries. */
export async function recitalNumbers(db: Db, companyId: string, recital: RecitalRow) {
  const terms = await seasonTerms(db, companyId, recital.firstDay, recital.lastDay);
  const lines = await recitalDancerLines(
    db,
    companyId,
    terms.map((t) => t.id),
  );
  const places = await placements(db, companyId, recital.id);
  return { terms, numbers: numbersOfLines(lines), places };
}

/**
 * Every number of the recital that needs a show without its dancers, and where the numbers are placed
 * (decision 106): what the board counts and pages, and what a number placed by hand is checked against.
 * Three queries.
 */
export async function recitalNumberPlaces(db: Db, companyId: string, recital: RecitalRow) {
  const terms = await seasonTerms(db, companyId, recital.firstDay, recital.lastDay);
  const keys = await recitalNumberKeys(
    db,
    companyId,
    terms.map((t) => t.id),
  );
  const places = await placements(db, companyId, recital.id);
  return { terms, keys, places };
}

/** These numbers of the recital with their dancers (a page of the board), by class and name. One query. */
export async function pageNumbersWithDancers(
  db: Db,
  companyId: string,
  terms: readonly { id: string }[],
  numberIds: readonly string[],
): Promise<LineupNumber[]> {
  if (numberIds.length === 0) return [];
  const lines = await recitalDancerLines(
    db,
    companyId,
    terms.map((t) => t.id),
    numberIds,
  );
  return numbersOfLines(lines);
}

export type PlacedNumber = LineupNumber & { position: number; locked: boolean };

/** The show's numbers that need a show (with their dancers, or their keys alone), in running order. */
export function inOrder<N extends NumberKey>(
  numbers: readonly N[],
  places: readonly PlacementRow[],
  showId: string,
): (N & { position: number; locked: boolean })[] {
  const byId = new Map(numbers.map((n) => [n.id, n]));
  return places
    .filter((p) => p.showId === showId && byId.has(p.danceNumberId))
    .sort((a, b) => a.position - b.position)
    .map((p) => ({ ...byId.get(p.danceNumberId)!, position: p.position, locked: p.locked }));
}

/**
 * A show of the studio (404 otherwise) and its numbers in running order, each with its dancers (student
 * id, name, family): what backstage and the reports read. Four queries.
 */
export async function showLineup(db: Db, companyId: string, showId: string) {
  const { show, recital } = await showOfStudio(db, companyId, showId);
  const terms = await seasonTerms(db, companyId, recital.firstDay, recital.lastDay);
  const places = await placements(db, companyId, recital.id, showId);
  const lines = await recitalDancerLines(
    db,
    companyId,
    terms.map((t) => t.id),
    places.map((p) => p.danceNumberId),
  );
  return { show, recital, numbers: inOrder(numbersOfLines(lines), places, showId) };
}
