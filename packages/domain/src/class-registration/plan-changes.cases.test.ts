import { describe, expect, it } from 'vitest';
import { FAMILY_LOG_ACTIONS } from '../families/log';
import {
  type ChangeRegistration,
  type ChangeStudent,
  checkFigures,
  checkPlaces,
  choosePlan,
  planChanges,
  type RequestedChanges,
  requestedDate,
  tellChanges,
} from './plan-changes';
import { APPROVAL, classRegistrationMessages as text } from './schema';

const term = { dateStart: '2026-09-01', dateEnd: '2027-06-30' };
const students: ChangeStudent[] = [
  { id: 'emma', firstName: 'Emma', dob: '2016-03-01' },
  { id: 'noah', firstName: 'Noah', dob: '2018-05-01' },
];
const reg = (id: string, over: Partial<ChangeRegistration> = {}): ChangeRegistration => ({
  id,
  studentId: 'emma',
  classId: `class-${id}`,
  className: `Class ${id}`,
  counts: true,
  dateI: '2026-09-01',
  ...over,
});
const registrations = [
  reg('jazz', { className: 'Jazz 1' }),
  reg('tap', { className: 'Tap', counts: false }),
  reg('late', { className: 'Ballet', dateI: '2026-12-01' }),
];
const none: RequestedChanges = { add: [], drop: [], restore: [] };

const plan = (changes: Partial<RequestedChanges>, over: { side?: 'parent' | 'owner'; date?: string } = {}) =>
  planChanges({
    side: over.side ?? 'parent',
    term,
    effectiveDate: over.date ?? '2026-10-15',
    ownerDate: over.side === 'owner' && over.date !== undefined,
    changes: { ...none, ...changes },
    students,
    registrations,
  });

describe('requestedDate', () => {
  it.each([
    ['a parent: today, whatever date is sent', 'parent', '2026-11-20', undefined, '2026-10-15'],
    ['the owner, within the month', 'owner', '2026-10-01', undefined, '2026-10-01'],
    ['the owner, to the term’s end', 'owner', '2027-06-30', undefined, '2027-06-30'],
    ['the owner, before the month', 'owner', '2026-09-30', 'dateOutside', null],
    ['the owner, after the term', 'owner', '2027-07-01', 'dateOutside', null],
  ] as const)('%s', (_, side, ownerDate, code, date) => {
    const got = requestedDate({ side, today: '2026-10-15', term, ownerDate, dropping: false });
    if (code) {
      expect(got).toMatchObject({ ok: false, refusal: { code, status: 'unprocessable' } });
      if (!got.ok) expect(got.refusal.message).toBe(text.startDateOutside('Oct 1, 2026', 'Jun 30, 2027'));
    } else expect(got).toEqual({ ok: true, value: date });
  });

  it('speaks of a drop date for a drop, and refuses a new day with a conflict', () => {
    const drop = requestedDate({
      side: 'owner',
      today: '2026-10-15',
      term,
      ownerDate: '2026-01-01',
      dropping: true,
    });
    expect(!drop.ok && drop.refusal.message).toBe(text.dropDateOutside('Oct 1, 2026', 'Jun 30, 2027'));
    const day = requestedDate({
      side: 'parent',
      today: '2026-10-15',
      term,
      dropping: false,
      clientRegDate: '2026-10-14',
    });
    expect(day).toEqual({
      ok: false,
      refusal: { code: 'dateChanged', status: 'conflict', message: text.dateChanged },
    });
  });
});

describe('planChanges refuses', () => {
  it.each([
    ['nothing asked', {}, 'noChanges', 'unprocessable'],
    [
      'a dancer of another family',
      { add: [{ studentId: 'zoe', classId: 'x' }] },
      'studentNotFound',
      'not_found',
    ],
    [
      'a class the dancer takes',
      { add: [{ studentId: 'emma', classId: 'class-jazz' }] },
      'alreadyRegistered',
      'conflict',
    ],
    ['a restore of an unknown registration', { restore: ['nope'] }, 'notRegistered', 'not_found'],
    ['a restore of a class not dropped', { restore: ['jazz'] }, 'notDropped', 'conflict'],
    ['a drop of an unknown registration', { drop: ['nope'] }, 'notRegistered', 'not_found'],
    ['a drop of a dropped class', { drop: ['tap'] }, 'alreadyDropped', 'conflict'],
    [
      'a drop before the start with another change',
      { drop: ['late', 'jazz'] },
      'dateOutside',
      'unprocessable',
    ],
  ] as const)('%s', (_, changes, code, status) => {
    expect(plan(changes)).toMatchObject({ ok: false, refusal: { code, status } });
  });

  it('says who is registered in what', () => {
    const got = plan({ add: [{ studentId: 'emma', classId: 'class-jazz' }] });
    expect(!got.ok && got.refusal.message).toBe(text.alreadyRegistered('Emma', 'Jazz 1'));
  });

  it('the owner’s own date before a registration’s start', () => {
    const got = plan({ drop: ['late'] }, { side: 'owner', date: '2026-10-15' });
    expect(!got.ok && got.refusal.message).toBe(text.dropDateOutside('Dec 1, 2026', 'Jun 30, 2027'));
  });
});

describe('planChanges plans', () => {
  it('a new class, a dropped one taken back by adding it, and a drop', () => {
    const got = plan({
      add: [
        { studentId: 'noah', classId: 'class-jazz' },
        { studentId: 'emma', classId: 'class-tap' },
      ],
      drop: ['jazz'],
    });
    expect(got.ok).toBe(true);
    if (!got.ok) return;
    expect(got.value.inserts).toEqual([{ studentId: 'noah', classId: 'class-jazz' }]);
    expect(got.value.restores.map((r) => r.id)).toEqual(['tap']);
    expect(got.value.drops.map((r) => r.id)).toEqual(['jazz']);
    expect(got.value.joining).toEqual([
      { studentId: 'noah', classId: 'class-jazz' },
      { studentId: 'emma', classId: 'class-tap' },
    ]);
    expect([...got.value.gaining]).toEqual([
      ['class-jazz', 1],
      ['class-tap', 1],
    ]);
    expect(got.value.effectiveDate).toBe('2026-10-15');
  });

  it('a registration taken back twice (added and restored) once', () => {
    const got = plan({ add: [{ studentId: 'emma', classId: 'class-tap' }], restore: ['tap'] });
    expect(got.ok && got.value.restores.map((r) => r.id)).toEqual(['tap']);
  });

  it('a lone drop of a class not yet started from its start', () => {
    const got = plan({ drop: ['late'] });
    expect(got.ok && got.value.effectiveDate).toBe('2026-12-01');
  });

  it('a change before the term from the term’s start', () => {
    const got = plan({ add: [{ studentId: 'noah', classId: 'x' }] }, { date: '2026-08-20' });
    expect(got.ok && [got.value.effectiveDate, got.value.startOn]).toEqual(['2026-08-20', '2026-09-01']);
  });
});

describe('checkPlaces', () => {
  const cls = { id: 'c', name: 'Jazz 1', isOpen: true, taken: 9, nMax: 10 };
  it.each([
    ['a place left', 'parent', 1, [cls], null],
    ['one too many', 'parent', 2, [cls], 'classFull'],
    ['a class gone', 'parent', 1, [], 'classNotFound'],
    ['a closed class, for a parent', 'parent', 1, [{ ...cls, isOpen: false }], 'classClosed'],
    ['a closed class, for the owner', 'owner', 1, [{ ...cls, isOpen: false }], null],
  ] as const)('%s', (_, side, n, locked, code) => {
    const got = checkPlaces(side, new Map([['c', n]]), locked);
    expect(got.ok ? null : got.refusal.code).toBe(code);
  });
});

describe('choosePlan', () => {
  const plans = [
    { id: 'monthly', name: 'Monthly' },
    { id: 'yearly', name: 'Yearly' },
  ];
  it.each([
    ['the family’s own, asked again', 'monthly', 'monthly', true, null, null],
    ['the family’s own, nothing asked', 'monthly', undefined, true, null, null],
    ['another than the family’s', 'monthly', 'yearly', true, 'planFixed', null],
    ['the first, chosen', null, 'yearly', true, null, 'yearly'],
    ['the first, not chosen', null, undefined, true, 'planRequired', null],
    ['the first, unknown', null, 'weekly', true, 'planNotFound', null],
    ['none, for a drop only', null, undefined, false, null, null],
  ] as const)('%s', (_, familyPlanId, askedPlanId, joining, code, chosen) => {
    const got = choosePlan({ familyPlanId, askedPlanId, plans, joining });
    expect(got.ok ? null : got.refusal.code).toBe(code);
    if (got.ok) expect(got.value).toBe(chosen);
  });
});

describe('checkFigures', () => {
  const now = {
    students: [{ id: 'emma', classes: [{ classId: 'c', Pr_f: 5000 }] }],
    total: 5000,
    planTotal: 50_000,
  };
  it.each([
    ['the same', new Map([['emma:c', 5000]]), 50_000, null],
    ['a price moved', new Map([['emma:c', 4500]]), 50_000, 'pricesChanged'],
    ['the plan’s total moved', new Map([['emma:c', 5000]]), 45_000, 'planChanged'],
    ['a price not shown', new Map<string, number>(), undefined, null],
  ] as const)('%s', (_, prices, planTotal, code) => {
    const got = checkFigures({ prices, planTotal }, now);
    expect(got.ok ? null : got.refusal.code).toBe(code);
  });
});

describe('tellChanges', () => {
  const planned = plan({ add: [{ studentId: 'noah', classId: 'class-jazz' }], drop: ['jazz'] });
  if (!planned.ok) throw new Error('planned');
  const tell = (over: { side?: 'parent' | 'owner'; approval?: boolean; warnings?: string[] } = {}) =>
    tellChanges({
      side: over.side ?? 'parent',
      approval: over.approval ?? false,
      plan: planned.value,
      restoreAsked: false,
      warnings: over.warnings ?? [],
      students,
      classNames: new Map([['class-jazz', 'Jazz 1']]),
    });

  it('names the classes, logs each side of the change and gives the revision its reason', () => {
    const story = tell();
    expect(story.reason).toBe('Jazz 1 (Noah) registered; Jazz 1 (Emma) dropped');
    expect(story.logs.map((l) => l.action)).toEqual([
      FAMILY_LOG_ACTIONS.classesRegistered,
      FAMILY_LOG_ACTIONS.classDropped,
    ]);
    expect([story.msg, story.status]).toEqual([text.registered, APPROVAL.approved]);
  });

  it('a parent’s change waits when the studio approves', () => {
    const story = tell({ approval: true });
    expect([story.waits, story.status, story.msg]).toEqual([true, APPROVAL.pending, text.awaitingApproval]);
    expect(story.reason).toMatch(/^Jazz 1 \(Noah\) requested/);
    expect(tell({ approval: true, side: 'owner' }).waits).toBe(false);
  });

  it('the owner’s warnings are logged and said', () => {
    const story = tell({ side: 'owner', warnings: ['Too young.'] });
    expect(story.msg).toBe(text.registeredWithWarnings);
    expect(story.logs[0]?.detail).toMatchObject({ warnings: 'Too young.' });
  });
});
