import { describe, expect, it } from 'vitest';
import { BALLET, BALLET_REG, EMMA, JAZZ, LEO, riveraBuilder, TAP, TERMS_DOC } from './builder.fixture';
import { eligibilityFor } from './eligibility';
import { liveQuote, planPreviews } from './quote';
import { emptySelection, toggleClass } from './selection';
import { regListOf, submitBodyOf } from './submit-body';

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
});
