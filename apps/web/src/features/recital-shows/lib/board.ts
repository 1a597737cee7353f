import {
  clockOf,
  hhmmMinutes,
  type RecitalBoard,
  type RecitalNumber,
  type RecitalProposal,
  type RunningNumber,
  type ShowRunningOrder,
  showQuickChanges,
  showTiming,
} from '@pirouette/domain';

/**
 * The recital's board and running order as the screen edits them (decision 072): the numbers in columns
 * (a show each, then the unassigned), a proposal laid over the board, a running order moved one place at
 * a time with its start times and quick changes worked out again at once by the server's own rules.
 */

export type Column = { id: string | null; name: string; seconds: number; numbers: RecitalNumber[] };

/** One column per show (its numbers in running order), then the unassigned numbers. */
export function columnsOf(board: RecitalBoard): Column[] {
  const columns: Column[] = board.shows.map((s) => ({
    id: s.id,
    name: s.name,
    seconds: s.seconds,
    numbers: board.numbers
      .filter((n) => n.showId === s.id)
      .sort((a, b) => (a.position ?? 0) - (b.position ?? 0)),
  }));
  columns.push({
    id: null,
    name: 'Unassigned',
    seconds: 0,
    numbers: board.numbers.filter((n) => n.showId === null),
  });
  return columns;
}

/** The proposal's columns: each show's numbers as proposed, with the proposal's lengths. */
export function proposalColumns(board: RecitalBoard, proposal: RecitalProposal): Column[] {
  const showOf = new Map(proposal.assignment.map((a) => [a.numberId, a.showId]));
  const seconds = new Map(proposal.lengths.map((l) => [l.showId, l.seconds]));
  return board.shows.map((s) => ({
    id: s.id,
    name: s.name,
    seconds: seconds.get(s.id) ?? 0,
    numbers: board.numbers.filter((n) => showOf.get(n.id) === s.id),
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
