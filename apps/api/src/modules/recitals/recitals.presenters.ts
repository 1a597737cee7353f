import type { RecitalDetail, RecitalShowItem, RecitalSummary, ShowDetail } from '@pirouette/domain';
import type { RecitalRow, ShowRow } from './recitals.queries';

export const presentShow = (s: ShowRow): RecitalShowItem => ({
  id: s.id,
  name: s.name,
  day: s.day,
  startsAt: s.startsAt,
  doorsAt: s.doorsAt,
});

/** A recital with its shows (the shows given are of many recitals: its own are picked). */
export function presentRecital(r: RecitalRow, shows: readonly ShowRow[], owner: boolean): RecitalSummary {
  return {
    id: r.id,
    name: r.name,
    venueName: r.venueName,
    firstDay: r.firstDay,
    lastDay: r.lastDay,
    archived: r.archivedAt !== null,
    shows: shows.filter((s) => s.recitalId === r.id).map(presentShow),
    publicToken: owner ? r.publicToken : null,
  };
}

/** A recital's details, as the owner edits them (decision 072). */
export const presentRecitalDetail = (r: RecitalRow): RecitalDetail => ({
  id: r.id,
  name: r.name,
  venueName: r.venueName,
  venueAddress: r.venueAddress,
  firstDay: r.firstDay,
  lastDay: r.lastDay,
  gapSeconds: r.gapSeconds,
  intermissionMinutes: r.intermissionMinutes,
  archived: r.archivedAt !== null,
});

export const presentShowDetail = (s: ShowRow): ShowDetail => ({
  ...presentShow(s),
  intermissionAfter: s.intermissionAfter,
});
