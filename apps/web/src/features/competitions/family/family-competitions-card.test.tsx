import type { FamilyCompetitionEvent, FamilyCompetitionsAnswer } from '@pirouette/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { FamilyCompetitionsView } from './family-competitions-card';

const regional = (over: Partial<FamilyCompetitionEvent> = {}): FamilyCompetitionEvent => ({
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
  runningOrder: true,
  entries: [
    {
      id: 'r1',
      entryID: 'n1',
      entry: 'Small Group',
      type: 'cls',
      dncNumID: 'd1',
      privateID: null,
      danced: 'Firework',
      fee: 45,
      feePaid: 45,
      isPaid: true,
      place: 3,
    },
  ],
  ...over,
});

/** The Patels: Anika at February's regional (paid, #3) and last spring's (unpaid); Dev's fee kept. */
const patels: FamilyCompetitionsAnswer = {
  coAcctMemID: 'f1',
  today: '2026-11-21',
  dancers: [
    {
      studentID: 'anika',
      studentName: 'Anika Patel',
      events: [
        regional(),
        regional({
          eventID: 'e0',
          name: 'Showstopper Regional',
          dateStart: '2026-04-17',
          dateEnd: '2026-04-19',
          upcoming: false,
          runningOrder: false,
          location: {
            name: '',
            address1: '900 Boylston St',
            address2: '',
            city: 'Boston',
            state: 'MA',
            zipcode: '',
          },
          entries: [
            {
              id: 'r0',
              entryID: 'n0',
              entry: 'Solo',
              type: 'prv',
              dncNumID: null,
              privateID: 'p1',
              danced: "Anika's solo",
              fee: 125,
              feePaid: 0,
              isPaid: false,
              place: null,
            },
          ],
        }),
      ],
    },
  ],
  feesKept: [
    {
      id: 'r9',
      item: 'Competition: Duo/Trio — Dev',
      detail:
        'Regional — Starpower at Meadowlands Expo, 2026-02-26: Duo/Trio, the dance number Rise Up — Dev Patel, $75.00',
      chargedOn: '2026-01-10',
      fee: 75,
      feePaid: 75,
      isPaid: true,
    },
  ],
  totals: { entries: 2, events: 2, upcomingEvents: 1, fees: 245, paid: 120, open: 125 },
};

describe('FamilyCompetitionsView', () => {
  it("shows the parent each dancer's competitions in plain words, without links to the studio's pages", () => {
    renderWithProviders(<FamilyCompetitionsView answer={patels} audience="parent" />);
    expect(screen.queryAllByRole('link')).toEqual([]);
    const [anika] = screen.getAllByTestId('competition-dancer');
    expect(within(anika!).getByText('Anika Patel')).toBeTruthy();
    const [feb, spring] = within(anika!).getAllByTestId('family-competition-event');
    expect(feb!.getAttribute('aria-label')).toBe(
      'Starpower Regional — Meadowlands Expo, Secaucus NJ, Fri 26 Feb – Sun 28 Feb 2027',
    );
    expect(within(feb!).getByText('Fri 26 Feb – Sun 28 Feb 2027')).toBeTruthy();
    expect(within(feb!).getByText('Meadowlands Expo')).toBeTruthy();
    expect(within(feb!).getByText('355 Plaza Dr, Secaucus, NJ 07094')).toBeTruthy();
    expect(within(feb!).getByText('Small Group — Firework')).toBeTruthy();
    expect(within(feb!).getByText('Fee $45.00 — paid')).toBeTruthy();
    expect(within(feb!).getByText('#3 in the running order')).toBeTruthy();
    expect(within(spring!).getByText('Past')).toBeTruthy();
    expect(within(spring!).getByText('900 Boylston St, Boston, MA')).toBeTruthy();
    expect(within(spring!).getByText("Solo — Anika's solo (private lesson)")).toBeTruthy();
    expect(within(spring!).getByText('Fee $125.00 — to pay')).toBeTruthy();
    const kept = screen.getByTestId('competition-fees-kept');
    expect(within(kept).getByText('Competition: Duo/Trio — Dev')).toBeTruthy();
    expect(within(kept).queryByText(/Rise Up/)).toBeNull();
    expect(
      within(kept).getByText('Removed after the event began, so its fee stays on your bill.'),
    ).toBeTruthy();
    expect(screen.getByLabelText('Your competition totals').textContent).toBe(
      'Entries2 in 2 competitionsFees$245.00Paid so far$120.00To pay now$125.00',
    );
  });

  it("links the owner's events to the overview (upcoming) or the registrations (past), in the studio's words", () => {
    renderWithProviders(<FamilyCompetitionsView answer={patels} audience="owner" />);
    const links = screen.getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Starpower Regional', '/accounts/admin/competition/overview?event=e1'],
      ['Showstopper Regional', '/accounts/admin/competition/registration?event=e0'],
    ]);
    expect(screen.getByText('Feb 26 – 28, 2027')).toBeTruthy();
    expect(screen.getByText('Fee $45.00 paid')).toBeTruthy();
    expect(screen.getByText('Fee $125.00 unpaid')).toBeTruthy();
    expect(screen.getByText(/Rise Up — Dev Patel/)).toBeTruthy();
    expect(screen.getByLabelText("The family's competition totals").textContent).toBe(
      'Entries2 in 2 eventsFees charged$245.00Paid$120.00Open$125.00',
    );
  });
});
