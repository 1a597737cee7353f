import type { CompetitionCompanyItem, CompetitionEventItem } from '@pirouette/domain';
import { describe, expect, it } from 'vitest';
import {
  addressLine,
  batchErrors,
  companyContact,
  dancersText,
  emptyEntry,
  entryFieldErrors,
  eventDays,
  eventEntriesBody,
  marginText,
  upcomingFirst,
} from './competitions';

const solo = () =>
  emptyEntry({ name: 'Solo', priceStudio: 95, priceCustomer: 110, nDancersMin: 1, nDancersMax: 1 });

describe("an entry's problems, pointed at its fields (002 §5)", () => {
  it.each([
    ['a good entry', {}, {}],
    ['a name of one letter', { name: ' J ' }, { name: 'At least 2 characters' }],
    ['no studio price typed', { priceStudio: '' }, { priceStudio: 'Enter a price' }],
    ['no customer price typed', { priceCustomer: '' }, { priceCustomer: 'Enter a price' }],
    [
      'a customer price a cent below',
      { priceCustomer: 94.99 },
      { priceCustomer: "Not below the studio's price" },
    ],
    ['prices typed with a dollar sign', { priceStudio: '$95', priceCustomer: '95.00' }, {}],
    ['no dancers', { nDancersMin: 0 }, { nDancersMin: 'At least 1 dancer' }],
    [
      'a maximum below the minimum',
      { nDancersMin: 4, nDancersMax: 3 },
      { nDancersMax: 'Not below the minimum' },
    ],
    ['no maximum', { nDancersMax: '' }, { nDancersMax: 'At least 1 dancer' }],
  ] as const)('%s', (_, over, errors) => {
    expect(entryFieldErrors({ ...solo(), ...over })).toEqual(errors);
  });

  it('names the rows that break a rule, and only those', () => {
    const rows = [solo(), { ...solo(), nDancersMax: 0 }, solo(), { ...solo(), name: '' }];
    expect([...batchErrors(rows).keys()]).toEqual([rows[1]!.key, rows[3]!.key]);
    expect(batchErrors([solo(), solo()]).size).toBe(0);
  });

  it('a new row has a key of its own', () => {
    expect(emptyEntry().key).not.toBe(emptyEntry().key);
  });
});

describe('the body sent with the event', () => {
  it('trims, sends dollars and whole dancers, and the type Regional when left empty', () => {
    const body = eventEntriesBody(
      { compCoLocID: 'L', dateStart: '2027-03-05', dateEnd: '2027-03-07', type: ' ' },
      [
        {
          ...solo(),
          name: ' Small Group ',
          priceStudio: '45.50',
          nDancersMin: 4,
          nDancersMax: '9',
          notes: ' ',
        },
      ],
    );
    expect(body).toEqual({
      event: { compCoLocID: 'L', dateStart: '2027-03-05', dateEnd: '2027-03-07', type: 'Regional' },
      entry: [
        {
          name: 'Small Group',
          priceStudio: 45.5,
          priceCustomer: 110,
          nDancersMin: 4,
          nDancersMax: 9,
          isPerformance: true,
          notes: '',
        },
      ],
    });
  });
});

describe('words of the lists', () => {
  it.each([
    ['2027-03-05', '2027-03-05', 'Mar 5, 2027'],
    ['2027-03-05', '2027-03-07', 'Mar 5 – 7, 2027'],
    ['2027-03-30', '2027-04-01', 'Mar 30 – Apr 1, 2027'],
    ['2027-12-30', '2028-01-02', 'Dec 30, 2027 – Jan 2, 2028'],
  ])('the days %s to %s read %s', (start, end, text) => {
    expect(eventDays(start, end)).toBe(text);
  });

  it('an address and a contact say what is there, and nothing of what is not', () => {
    expect(
      addressLine({ address_1: '1 Expo Dr', address_2: '', city: 'Secaucus', state: 'NJ', zipcode: '07094' }),
    ).toBe('1 Expo Dr, Secaucus, NJ 07094');
    expect(addressLine({ address_1: '', address_2: '', city: '', state: 'NJ', zipcode: '' })).toBe('NJ');
    const company = { email: 'info@star.example', phone: '9735550100', director: 'Dee', director_phone: '' };
    expect(companyContact(company as CompetitionCompanyItem)).toBe(
      'info@star.example · (973) 555-0100 · Director Dee',
    );
  });

  it('dancers and what the studio keeps', () => {
    expect([dancersText(1, 1), dancersText(2, 2), dancersText(4, 9)]).toEqual([
      '1 dancer',
      '2 dancers',
      '4–9 dancers',
    ]);
    expect(marginText({ priceStudio: 45.5, priceCustomer: 55 })).toBe('$9.50');
  });

  it('upcoming events first by day, then past ones latest first', () => {
    const ev = (id: string, dateStart: string, dateEnd = dateStart) =>
      ({ id, dateStart, dateEnd }) as CompetitionEventItem;
    const list = [
      ev('past', '2026-01-10'),
      ev('later', '2027-05-01'),
      ev('now', '2026-11-20', '2026-11-24'),
      ev('older', '2025-03-01'),
    ];
    expect(upcomingFirst(list, '2026-11-24').map((e) => e.id)).toEqual(['now', 'later', 'past', 'older']);
  });
});
