import {
  clockOf,
  hhmmMinutes,
  type RecitalProposal,
  type RunningNumber,
  type ShowRunningOrder,
  showQuickChanges,
  showTiming,
} from '@pirouette/domain';

/**
 * The recital's board and running order as the screen edits them (decision 072): a proposal's shows
 * (the board itself shows one column a page, decision 106), a running order moved one place at a time
 * with its start times and quick changes worked out again at once by the server's own rules.
 */

/** A show of the proposal: its numbers as proposed, with the proposal's length. */
export type ProposedShow = {
  id: string;
  name: string;
  seconds: number;
  numbers: RecitalProposal['numbers'];
};

/** The proposal's shows, each with its numbers in the order the proposal lists them. */
export function proposalColumns(
  shows: readonly { id: string; name: string }[],
  proposal: RecitalProposal,
): ProposedShow[] {
  const showOf = new Map(proposal.assignment.map((a) => [a.numberId, a.showId]));
  const seconds = new Map(proposal.lengths.map((l) => [l.showId, l.seconds]));
  return shows.map((s) => ({
    id: s.id,
    name: s.name,
    seconds: seconds.get(s.id) ?? 0,
    numbers: proposal.numbers.filter((n) => showOf.get(n.id) === s.id),
  }));
}

/** The list with the item at `from` moved to `to` (both within the list). */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

const seconds = (mss: string) => {
  const m = /^(\d+):(\d{2})$/.exec(mss);
  return m ? Number(m[1]) * 60 + Number(m[2]) : 0;
};

/**
 * A running order as it stands on the screen: places renumbered, start times from the curtain (the
 * intermission after `intermissionAfter`), the quick changes at the studio's gap, the end.
 */
export function reckon(
  data: ShowRunningOrder,
  order: readonly RunningNumber[],
  intermissionAfter: number | null,
) {
  const timing = showTiming(
    order.map((n) => seconds(n.songLength)),
    data.recital.gapSeconds,
    intermissionAfter,
    data.recital.intermissionMinutes,
  );
  const curtain = (hhmmMinutes(data.show.startsAt) ?? 0) * 60;
  return {
    numbers: order.map((n, i) => ({ ...n, place: i + 1, startsAt: clockOf(curtain + timing.starts[i]!) })),
    endsAt: clockOf(curtain + timing.seconds),
    quickChanges: showQuickChanges(order, data.quickChangeGap, intermissionAfter),
  };
}
