import type { CompetitionWorkingLists } from '@pirouette/domain';
import { describe, expect, it } from 'vitest';
import {
  classState,
  dancerState,
  EMPTY_SELECTION,
  requestsOf,
  toggleClassIn,
  toggleDancer,
  toggleWhole,
  wholeState,
} from './selection';

/**
 * The registration screen's selection (002 §4): a class toggles its unregistered numbers, a number its
 * unregistered dancers, a dancer alone; registered rows are never selected; what registering sends.
 */

const dancer = (dncNumID: string, acctStdID: string, isReg: 0 | 1) => ({
  id: `${dncNumID}-${acctStdID}`,
  dncNumID,
  acctStdID,
  studentName: acctStdID,
  coAcctMemID: 'f',
  isReg,
  stat: (isReg ? 2 : 0) as 0 | 2,
  regID: isReg ? 'r' : null,
});
const number = (id: string, total: number, registered: number) => ({
  id,
  clsSch_ID: 'jazz',
  name: id,
  nGenre: 'Jazz',
  nReg_tot: total,
  nReg_Students: registered,
  isReg: (total > 0 && total === registered ? 1 : 0) as 0 | 1,
});
const LISTS: CompetitionWorkingLists = {
  entry: { id: 'e', name: 'Group', priceStudio: 45, priceCustomer: 55, nDancersMin: 2, nDancersMax: 9 },
  cls: [{ id: 'jazz', name: 'Jazz', day: 1, timeStart: '16:30', nReg_tot: 5, nReg_Students: 2, isReg: 0 }],
  dnc: [number('fever', 3, 0), number('sing', 2, 2)],
  reg_cls: [
    dancer('fever', 'ava', 0),
    dancer('fever', 'ben', 0),
    dancer('fever', 'cara', 0),
    dancer('sing', 'ava', 1),
    dancer('sing', 'ben', 1),
  ],
  privs: [],
  reg_prv: [],
  reg_std: [],
};

describe('the registration selection', () => {
  it('a class selects its unregistered numbers, then unselects them; a registered number is never selected', () => {
    const once = toggleClassIn(LISTS, EMPTY_SELECTION, 'jazz');
    expect([...once.whole]).toEqual(['fever']);
    expect(classState(LISTS, once, LISTS.cls[0]!)).toEqual({ state: 1, partly: false });
    expect(wholeState(once, LISTS.dnc[1]!)).toBe(2);
    expect(requestsOf(LISTS, once)).toEqual({ whole: ['fever'], singles: [], count: 3 });
    expect([...toggleClassIn(LISTS, once, 'jazz').whole]).toEqual([]);
  });

  it('a dancer taken out of a whole number leaves the others selected one by one', () => {
    const whole = toggleWhole(LISTS, EMPTY_SELECTION, 'fever');
    const less = toggleDancer(LISTS, whole, 'fever', 'ben');
    expect([...less.whole]).toEqual([]);
    expect([...less.dancers].sort()).toEqual(['fever:ava', 'fever:cara']);
    expect(dancerState(less, LISTS.reg_cls[1]!)).toBe(0);
    expect(dancerState(less, LISTS.reg_cls[0]!)).toBe(1);
    expect(dancerState(less, LISTS.reg_cls[3]!)).toBe(2);
    expect(classState(LISTS, less, LISTS.cls[0]!)).toEqual({ state: 0, partly: true });
    expect(requestsOf(LISTS, less)).toEqual({
      whole: [],
      singles: [
        { pID: 'fever', acctStdID: 'ava' },
        { pID: 'fever', acctStdID: 'cara' },
      ],
      count: 2,
    });
    // A registered dancer is not selected.
    expect(toggleDancer(LISTS, less, 'sing', 'ava')).toBe(less);
    expect(toggleWhole(LISTS, EMPTY_SELECTION, 'sing').whole.size).toBe(0);
  });
});
