import type { RecitalBoard, RecitalProposal } from '@pirouette/domain';
import { describe, expect, it } from 'vitest';
import { columnsOf, moved, proposalColumns } from './board';

const num = (id: string, showId: string | null, position: number | null) => ({
  id,
  name: id,
  className: 'Jazz',
  genre: 'Jazz',
  songName: '',
  songArtist: '',
  songLength: '2:00',
  lengthSeconds: 120,
  dancers: [],
  costume: '',
  showId,
  position,
  locked: false,
});
const show = (id: string) => ({
  id,
  name: id.toUpperCase(),
  day: '2027-06-12',
  startsAt: '14:00',
  doorsAt: '13:30',
  intermissionAfter: null,
  seconds: 300,
  numbers: 0,
});
const BOARD = {
  recital: {} as RecitalBoard['recital'],
  shows: [show('m'), show('e')],
  numbers: [num('b', 'm', 1), num('a', 'm', 0), num('c', null, null), num('d', 'e', 0)],
  terms: [],
} as RecitalBoard;

describe('the board as the screen lays it out', () => {
  it('puts each show in a column in running order, the unassigned last', () => {
    expect(columnsOf(BOARD).map((c) => [c.name, c.numbers.map((n) => n.id)])).toEqual([
      ['M', ['a', 'b']],
      ['E', ['d']],
      ['Unassigned', ['c']],
    ]);
  });

  it('lays a proposal over the board', () => {
    const proposal: RecitalProposal = {
      assignment: [
        { numberId: 'a', showId: 'e' },
        { numberId: 'b', showId: 'm' },
        { numberId: 'c', showId: 'e' },
        { numberId: 'd', showId: 'm' },
      ],
      lengths: [
        { showId: 'm', seconds: 300 },
        { showId: 'e', seconds: 310 },
      ],
      unsatisfied: [],
      sentences: [],
      toleranceSeconds: 300,
    };
    expect(
      proposalColumns(BOARD, proposal).map((c) => [c.name, c.seconds, c.numbers.map((n) => n.id)]),
    ).toEqual([
      ['M', 300, ['b', 'd']],
      ['E', 310, ['a', 'c']],
    ]);
  });

  it('moves one place at a time and ignores a move off the list', () => {
    expect(moved(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
  });
});
