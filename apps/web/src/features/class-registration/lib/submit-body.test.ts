import { describe, expect, it } from 'vitest';
import { BALLET, BALLET_REG, EMMA, JAZZ, LEO, riveraBuilder, TAP, TERMS_DOC } from './builder.fixture';
import { eligibilityFor } from './eligibility';
import { liveQuote, planPreviews } from './quote';
import { emptySelection, toggleClass } from './selection';
import { feeDue, ownerSubmitBodyOf, regListOf, submitBodyOf } from './submit-body';

const b = riveraBuilder();

describe('what the wizard sends', () => {
  it('regList: the new classes, the kept registration at its new price, in dollars', () => {
    let s = toggleClass(b, emptySelection(), LEO, JAZZ);
    s = toggleClass(b, s, EMMA, TAP);
    expect(regListOf(b, s, liveQuote(b, s))).toEqual([
      { idx: 0, stdID: LEO, clSchID: JAZZ, isNew: true, price: 50 },
      { idx: 1, stdID: EMMA, clSchID: TAP, isNew: true, price: 40.5 },
      { idx: 2, stdID: EMMA, clSchID: BALLET, clRegID: BALLET_REG, isNew: false, iStatus: 10, price: 65 },
    ]);
  });

  it('a dropped registration goes with iStatus -1 at the price it had', () => {
    const s = toggleClass(b, emptySelection(), EMMA, BALLET);
    expect(regListOf(b, s, liveQuote(b, s))).toEqual([
      { idx: 0, stdID: EMMA, clSchID: BALLET, clRegID: BALLET_REG, isNew: false, iStatus: -1, price: 65 },
    ]);
  });

  it('the body: the plan chosen with its total, today as the date, the terms in the version read', () => {
    const s = toggleClass(b, emptySelection(), LEO, JAZZ);
    const quote = liveQuote(b, s);
    const half = planPreviews(b, s, quote).find((p) => p.name === 'Half year')!;
    const body = submitBodyOf(b, s, quote, { plan: half, accepted: new Map([[TERMS_DOC, 2]]) });
    expect(body.tuitList).toEqual({ id: half.planId, total: half.revision.total / 100 });
    expect(body.regDate).toBe('2026-11-21');
    expect(body.terms).toEqual([{ coTermID: TERMS_DOC, accepted: true, version: 2 }]);
    // A version other than the one shown is not sent as accepted.
    expect(submitBodyOf(b, s, quote, { plan: half, accepted: new Map([[TERMS_DOC, 1]]) }).terms).toEqual([]);
  });
});

describe('the registration fee', () => {
  it('is due with the family’s first new classes of the term, and sent in dollars', () => {
    const s = toggleClass(b, emptySelection(), LEO, JAZZ);
    expect(feeDue(b, s)).toBe(3500);
    expect(submitBodyOf(b, s, liveQuote(b, s), { plan: null, accepted: new Map() }).registration).toBe(35);
  });

  it('is not due once paid, nor for a change that only drops', () => {
    const s = toggleClass(b, emptySelection(), LEO, JAZZ);
    expect(feeDue(riveraBuilder({ feePaid: true }), s)).toBe(0);
    const drop = toggleClass(b, emptySelection(), EMMA, BALLET);
    expect(feeDue(b, drop)).toBe(0);
    expect(submitBodyOf(b, drop, liveQuote(b, drop), { plan: null, accepted: new Map() }).registration).toBe(
      0,
    );
  });
});

describe('what the owner’s wizard sends', () => {
  it('the family, the effective date, the plan’s total from that date and the override', () => {
    const s = toggleClass(b, emptySelection(), LEO, JAZZ);
    const quote = liveQuote(b, s);
    const fromToday = planPreviews(b, s, quote).find((p) => p.name === 'Monthly')!;
    const fromFirst = planPreviews(b, s, quote, '2026-11-01').find((p) => p.name === 'Monthly')!;
    // Registered from the month's first day, the family pays November's lessons in full.
    expect(fromFirst.revision.total).toBeGreaterThan(fromToday.revision.total);
    const body = ownerSubmitBodyOf(b, s, quote, {
      plan: fromFirst,
      aMemID: b.acctInfo.id,
      dateStart: '2026-11-01',
      override: true,
    });
    expect(body).toEqual({
      regList: [
        { idx: 0, stdID: LEO, clSchID: JAZZ, isNew: true, price: 50 },
        { idx: 1, stdID: EMMA, clSchID: BALLET, clRegID: BALLET_REG, isNew: false, iStatus: 10, price: 65 },
      ],
      tuitList: { id: fromFirst.planId, total: fromFirst.revision.total / 100 },
      aMemID: b.acctInfo.id,
      dateStart: '2026-11-01',
      override: true,
    });
  });
});

describe('who may take a class', () => {
  it('says why a class is not open to the dancer, on today’s date once the term has begun', () => {
    const classes = b.sched.cls;
    const leo = eligibilityFor(b, emptySelection(), LEO, classes);
    expect(leo.get(JAZZ)).toEqual({ ok: true, reasons: [] });
    expect(leo.get('c0000000-0000-4000-8000-000000000004')).toEqual({
      ok: false,
      reasons: ['Leo is 7 on Nov 21, 2026; this class is for ages 13 to 18.'],
    });
  });

  it('on the owner’s effective date when one is given', () => {
    const leo = eligibilityFor(b, emptySelection(), LEO, b.sched.cls, '2026-11-02');
    expect(leo.get('c0000000-0000-4000-8000-000000000004')?.reasons).toEqual([
      'Leo is 7 on Nov 2, 2026; this class is for ages 13 to 18.',
    ]);
  });
});
