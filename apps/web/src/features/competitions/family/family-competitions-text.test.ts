import type {
  FamilyCompetitionEvent,
  FamilyCompetitionsAnswer,
  FamilyCompetitionTotals,
} from '@pirouette/domain';
import { describe, expect, it } from 'vitest';
import {
  entryText,
  eventAddress,
  eventDaysText,
  eventHref,
  eventSummary,
  eventWhere,
  feeLine,
  hasEntries,
  orderNote,
  placeText,
  totalFigures,
} from './family-competitions-text';

const event = (over: Partial<FamilyCompetitionEvent> = {}): FamilyCompetitionEvent => ({
  eventID: 'e1',
  name: 'Starpower Regional',
  type: 'Regional',
  company: 'Starpower',
  dateStart: '2027-02-26',
  dateEnd: '2027-02-28',
  upcoming: true,
  location: {
    name: 'Meadowlands Expo',
    address1: '355 Plaza Dr',
    address2: '',
    city: 'Secaucus',
    state: 'NJ',
    zipcode: '07094',
  },
  runningOrder: false,
  entries: [],
  ...over,
});

const totals = (over: Partial<FamilyCompetitionTotals> = {}): FamilyCompetitionTotals => ({
  entries: 3,
  events: 2,
  upcomingEvents: 1,
  fees: 0.3,
  paid: 0.1,
  open: 0.2,
  ...over,
});

describe("a family's competition words", () => {
  it('says the event as a parent reads it, and as the owner does', () => {
    expect(eventSummary(event(), 'parent')).toBe(
      'Starpower Regional — Meadowlands Expo, Secaucus NJ, Fri 26 Feb – Sun 28 Feb 2027',
    );
    expect(eventSummary(event(), 'owner')).toBe(
      'Starpower Regional — Meadowlands Expo, Secaucus NJ, Feb 26 – 28, 2027',
    );
    expect(eventDaysText(event({ dateStart: '2027-03-06', dateEnd: '2027-03-06' }), 'parent')).toBe(
      'Sat 6 Mar 2027',
    );
    expect(eventDaysText(event({ dateStart: '2027-12-30', dateEnd: '2028-01-02' }), 'parent')).toBe(
      'Thu 30 Dec 2027 – Sun 2 Jan 2028',
    );
    expect(eventAddress(event())).toBe('355 Plaza Dr, Secaucus, NJ 07094');
    // A location without a name goes by its first address line; one without a city by its name alone.
    const bare = event({
      location: { name: '', address1: '900 Boylston St', address2: '', city: '', state: '', zipcode: '' },
    });
    expect(eventWhere(bare)).toBe('900 Boylston St');
  });

  it('links an upcoming event to the overview opened on it, a past one to its registrations', () => {
    expect(eventHref(event())).toBe('/accounts/admin/competition/overview?event=e1');
    expect(eventHref(event({ upcoming: false }))).toBe('/accounts/admin/competition/registration?event=e1');
  });

  it.each([
    [{ fee: 45, feePaid: 45, isPaid: true }, 'parent', 'Fee $45.00 — paid', 'paid'],
    [{ fee: 45, feePaid: 45, isPaid: true }, 'owner', 'Fee $45.00 paid', 'paid'],
    [{ fee: 62, feePaid: 20.1, isPaid: false }, 'parent', 'Fee $62.00 — $20.10 paid, $41.90 to pay', 'due'],
    [{ fee: 62, feePaid: 20.1, isPaid: false }, 'owner', 'Fee $20.10 of $62.00 paid', 'due'],
    [{ fee: 62, feePaid: 0, isPaid: false }, 'parent', 'Fee $62.00 — to pay', 'due'],
    [{ fee: 62, feePaid: 0, isPaid: false }, 'owner', 'Fee $62.00 unpaid', 'due'],
    [{ fee: 0, feePaid: 0, isPaid: false }, 'parent', 'No fee to pay', 'plain'],
    [{ fee: 0, feePaid: 0, isPaid: false }, 'owner', 'Fee taken off the bill', 'plain'],
  ] as const)('fee %o for the %s: %s', (x, audience, text, tone) => {
    expect(feeLine(x, audience)).toEqual({ text, tone });
  });

  it('names what is danced and the place in the running order', () => {
    expect(entryText({ entry: 'Small Group', danced: 'Firework', type: 'cls' })).toBe(
      'Small Group — Firework',
    );
    expect(entryText({ entry: 'Solo', danced: "Ava's solo", type: 'prv' })).toBe(
      "Solo — Ava's solo (private lesson)",
    );
    expect(placeText({ place: 3 })).toBe('#3 in the running order');
    expect(placeText({ place: null })).toBeNull();
    expect(orderNote(event(), 'parent')).toBe(
      'The running order, with your dancer’s places in it, is set closer to the day',
    );
    expect(orderNote(event({ runningOrder: true }), 'owner')).toBeNull();
    expect(orderNote(event({ upcoming: false }), 'owner')).toBeNull();
  });

  it('totals read as a receipt, open in cents', () => {
    expect(totalFigures(totals(), 'owner')).toEqual([
      { label: 'Entries', value: '3 in 2 events', tone: 'plain' },
      { label: 'Fees charged', value: '$0.30', tone: 'plain' },
      { label: 'Paid', value: '$0.10', tone: 'plain' },
      { label: 'Open', value: '$0.20', tone: 'due' },
    ]);
    expect(totalFigures(totals({ entries: 1, events: 1, open: 0 }), 'parent')).toEqual([
      { label: 'Entries', value: '1 in 1 competition', tone: 'plain' },
      { label: 'Fees', value: '$0.30', tone: 'plain' },
      { label: 'Paid so far', value: '$0.10', tone: 'plain' },
      { label: 'To pay now', value: '$0.00', tone: 'paid' },
    ]);
  });

  it('has entries when a dancer has an event or a fee is kept', () => {
    const none: FamilyCompetitionsAnswer = {
      coAcctMemID: 'f1',
      today: '2026-11-21',
      dancers: [],
      feesKept: [],
      totals: totals({ entries: 0, events: 0 }),
    };
    expect(hasEntries(undefined)).toBe(false);
    expect(hasEntries(none)).toBe(false);
    expect(
      hasEntries({
        ...none,
        feesKept: [
          {
            id: 'r1',
            item: 'Competition: Solo — Ava',
            detail: '',
            chargedOn: '2026-11-21',
            fee: 110,
            feePaid: 0,
            isPaid: false,
          },
        ],
      }),
    ).toBe(true);
  });
});
