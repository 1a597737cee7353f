import { classRegistrationMessages } from '@pirouette/domain';
import { describe, expect, it } from 'vitest';
import { BALLET, EMMA, JAZZ, LEO, LYRICAL, riveraBuilder } from './builder.fixture';
import { ownerClassesProblem, ownerStart } from './owner';
import { emptySelection, toggleClass } from './selection';

const b = riveraBuilder();

describe('the owner’s wizard starts', () => {
  it('with nothing picked, at the first dancer', () => {
    const start = ownerStart(b, null);
    expect(start.stdID).toBe(EMMA);
    expect([...start.selection.added]).toEqual([]);
  });

  it('from a class: picked for the first dancer', () => {
    const start = ownerStart(b, JAZZ);
    expect(start.stdID).toBe(EMMA);
    expect([...start.selection.added]).toEqual([`${EMMA}:${JAZZ}`]);
  });

  it('from a class the first dancer already takes: for the next one', () => {
    const start = ownerStart(b, BALLET);
    expect(start.stdID).toBe(LEO);
    expect([...start.selection.added]).toEqual([`${LEO}:${BALLET}`]);
  });

  it('from a full class, or one not this term: nothing picked', () => {
    expect([...ownerStart(b, LYRICAL).selection.added]).toEqual([]);
    expect(ownerStart(b, 'c0000000-0000-4000-8000-0000000000ff')).toEqual({
      stdID: EMMA,
      selection: emptySelection(),
    });
  });
});

describe('what stops step 0', () => {
  const picked = toggleClass(b, emptySelection(), LEO, JAZZ);
  const base = { dateOk: true, warnings: 0, override: false, selectOne: classRegistrationMessages.selectOne };

  it('nothing picked: the spec’s sentence', () => {
    expect(ownerClassesProblem({ ...base, selection: emptySelection() })).toBe(
      'To continue, please select at least one class.',
    );
  });

  it('a date outside the window, then warnings not accepted; none once ticked', () => {
    expect(ownerClassesProblem({ ...base, selection: picked, dateOk: false })).toMatch(/start date/);
    expect(ownerClassesProblem({ ...base, selection: picked, warnings: 1 })).toMatch(/Register anyway/);
    expect(ownerClassesProblem({ ...base, selection: picked, warnings: 1, override: true })).toBeNull();
  });
});
