import type { RecitalProposal } from '@pirouette/domain';
import { describe, expect, it } from 'vitest';
import { moved, proposalColumns } from './board';

const num = (id: string) => ({ id, name: id.toUpperCase(), className: 'Jazz', songLength: '2:00' });
const SHOWS = [
  { id: 'm', name: 'Matinee' },
  { id: 'e', name: 'Evening' },
];

describe('the board as the screen lays it out', () => {
  it("lists each show's proposed numbers in the proposal's order, with its length", () => {
    const proposal: RecitalProposal = {
      assignment: [
        { numberId: 'a', showId: 'e' },
        { numberId: 'b', showId: 'm' },
        { numberId: 'c', showId: 'e' },
        { numberId: 'd', showId: 'm' },
      ],
      numbers: [num('d'), num('c'), num('b'), num('a')],
      lengths: [
        { showId: 'm', seconds: 300 },
        { showId: 'e', seconds: 310 },
      ],
      unsatisfied: [],
      sentences: [],
      toleranceSeconds: 300,
    };
    expect(
      proposalColumns(SHOWS, proposal).map((c) => [c.name, c.seconds, c.numbers.map((n) => n.id)]),
    ).toEqual([
      ['Matinee', 300, ['d', 'b']],
      ['Evening', 310, ['c', 'a']],
    ]);
    // A show the proposal does not mention: no number, no length.
    expect(proposalColumns([{ id: 'x', name: 'Extra' }], proposal)).toEqual([
      { id: 'x', name: 'Extra', seconds: 0, numbers: [] },
    ]);
  });

  it('moves one place at a time and ignores a move off the list', () => {
    expect(moved(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
  });
});
