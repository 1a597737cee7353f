import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { ENTRY_BATCH_ERROR } from './rules';
import {
  COMPETITION_TEXT,
  competitionCompanyInput,
  competitionEntryInput,
  competitionEventEntriesInput,
  competitionLocationInput,
} from './schema';

/** The competition bodies (issue 19; 002 §5): what each refuses, in which words, at which field. */

const LOC = '11111111-1111-4111-8111-111111111111';
const solo = { name: 'Solo', priceStudio: 95, priceCustomer: 110, nDancersMin: 1, nDancersMax: 1 };
const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.success ? [] : r.error!.issues.map((i) => [i.path.join('.'), i.message]);

describe('an event with its entries', () => {
  it('keeps the event Regional by default, prices as cents, entries a performance unless told', () => {
    const r = competitionEventEntriesInput.parse({
      event: { compCoLocID: LOC.toUpperCase(), dateStart: '2027-03-05', dateEnd: '2027-03-07' },
      entry: [{ ...solo, priceStudio: 45.5, isPerformance: 0 }, solo],
    });
    expect(r.event).toEqual({
      compCoLocID: LOC,
      dateStart: '2027-03-05',
      dateEnd: '2027-03-07',
      type: 'Regional',
    });
    expect(r.entry.map((e) => [e.priceStudio, e.priceCustomer, e.isPerformance])).toEqual([
      [4550, 11000, false],
      [9500, 11000, true],
    ]);
  });

  it('points the spec’s sentence at each bad entry’s field', () => {
    const r = competitionEventEntriesInput.safeParse({
      event: { compCoLocID: LOC, dateStart: '2027-03-05', dateEnd: '2027-03-05' },
      entry: [solo, { ...solo, nDancersMin: 3, nDancersMax: 2 }, solo, { ...solo, priceCustomer: 90 }],
    });
    expect(issues(r)).toEqual([
      ['entry.1.nDancersMax', ENTRY_BATCH_ERROR],
      ['entry.3.priceCustomer', ENTRY_BATCH_ERROR],
    ]);
  });

  it('a missing field is insufficient data; an event’s bad day is the spec’s edit text', () => {
    expect(issues(competitionEntryInput.safeParse({ ...solo, compCoEventID: LOC, name: undefined }))).toEqual(
      [['name', messages.insufficientData]],
    );
    const r = competitionEventEntriesInput.safeParse({
      event: { compCoLocID: LOC, dateStart: '2027-02-30', dateEnd: '2027-03-01' },
      entry: [],
    });
    expect(issues(r)).toEqual([['event.dateStart', COMPETITION_TEXT.invalidEdit]]);
  });
});

describe('companies and locations', () => {
  it('a company needs its name and e-mail; the rest is tidied when given, left empty when not', () => {
    expect(issues(competitionCompanyInput.safeParse({ name: 'Starpower' }))).toEqual([
      ['email', messages.insufficientData],
    ]);
    expect(
      competitionCompanyInput.parse({
        name: ' Starpower ',
        email: 'A@B.example',
        phone: '1 (800) 555-0142',
        state: 'tx',
      }),
    ).toMatchObject({
      name: 'Starpower',
      email: 'a@b.example',
      phone: '8005550142',
      state: 'TX',
      zipcode: '',
    });
    expect(
      issues(competitionCompanyInput.safeParse({ name: 'S', email: 'a@b.example', zipcode: '123' })),
    ).toEqual([['zipcode', 'Please enter a 5-digit ZIP code']]);
  });

  it('a location needs a name or a first address line', () => {
    expect(issues(competitionLocationInput.safeParse({ city: 'Secaucus' }))).toEqual([
      ['name', COMPETITION_TEXT.locationNameOrAddress],
    ]);
    expect(competitionLocationInput.safeParse({ address_1: '1 Expo Dr' }).success).toBe(true);
  });
});
