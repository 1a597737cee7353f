import { describe, expect, it } from 'vitest';
import {
  BALLET,
  BALLET_REG,
  balletRegistration,
  EMMA,
  JAZZ,
  LEO,
  riveraBuilder,
  TAP,
} from './builder.fixture';
import {
  classState,
  countingRegistrations,
  emptySelection,
  hasChanges,
  pairsAfter,
  reconcile,
  toggleClass,
} from './selection';

const b = riveraBuilder();

describe('the wizard’s selection', () => {
  it('a new class toggles selected and back', () => {
    const once = toggleClass(b, emptySelection(), LEO, JAZZ);
    expect([...once.added]).toEqual([`${LEO}:${JAZZ}`]);
    expect(classState(b, once, LEO, JAZZ)).toBe('selected');
    expect(classState(b, once, EMMA, JAZZ)).toBe('none');
    const twice = toggleClass(b, once, LEO, JAZZ);
    expect(twice.added.size).toBe(0);
    expect(hasChanges(twice)).toBe(false);
  });

  it('a registered class toggles dropped and back, by its registration id', () => {
    expect(classState(b, emptySelection(), EMMA, BALLET)).toBe('registered');
    const dropped = toggleClass(b, emptySelection(), EMMA, BALLET);
    expect([...dropped.dropped]).toEqual([BALLET_REG]);
    expect(dropped.added.size).toBe(0);
    expect(classState(b, dropped, EMMA, BALLET)).toBe('dropped');
    expect(pairsAfter(b, dropped)).toEqual([]);
    expect(toggleClass(b, dropped, EMMA, BALLET).dropped.size).toBe(0);
  });

  it('counts registrations not rejected, not dropped, not removed; a dropped one is picked as new', () => {
    const rejected = riveraBuilder({
      acctInfo: { ...b.acctInfo, regCls: [balletRegistration({ status: -1 })] },
    });
    const dropped = riveraBuilder({
      acctInfo: { ...b.acctInfo, regCls: [balletRegistration({ isDropped: true, droppedOn: '2026-10-01' })] },
    });
    const removed = riveraBuilder({
      acctInfo: { ...b.acctInfo, regCls: [balletRegistration({ iStatus: -2 })] },
    });
    const pending = riveraBuilder({
      acctInfo: { ...b.acctInfo, regCls: [balletRegistration({ status: 0 })] },
    });
    expect(countingRegistrations(rejected)).toEqual([]);
    expect(countingRegistrations(dropped)).toEqual([]);
    expect(countingRegistrations(removed)).toEqual([]);
    expect(countingRegistrations(pending).map((r) => r.clRegID)).toEqual([BALLET_REG]);
    expect([...toggleClass(dropped, emptySelection(), EMMA, BALLET).added]).toEqual([`${EMMA}:${BALLET}`]);
  });

  it('after the builder is read again, what is now registered leaves the selection', () => {
    let s = toggleClass(b, emptySelection(), LEO, JAZZ);
    s = toggleClass(b, s, EMMA, TAP);
    s = toggleClass(b, s, EMMA, BALLET);
    const fresh = riveraBuilder({
      acctInfo: {
        ...b.acctInfo,
        regCls: [
          balletRegistration({ isDropped: true }),
          balletRegistration({ clRegID: 'd0000000-0000-4000-8000-000000000009', clSchID: JAZZ, stdID: LEO }),
        ],
      },
    });
    const kept = reconcile(fresh, s);
    expect([...kept.added]).toEqual([`${EMMA}:${TAP}`]);
    expect(kept.dropped.size).toBe(0);
  });
});
