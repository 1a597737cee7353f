import type { RecitalProgramme } from '@pirouette/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { intermissionFollows, ProgrammeSheet } from './print-sheets';

const number = (place: number) => ({
  place,
  name: `Number ${place}`,
  songName: '',
  songArtist: '',
  dancers: [`Dancer ${place}`],
});

const programme = (intermissionAfter: number | null, count = 4): RecitalProgramme => ({
  recital: {
    id: 'r1',
    name: 'Spring Recital',
    venueName: 'Paper Mill',
    venueAddress: '',
    firstDay: '2027-05-15',
    lastDay: '2027-05-15',
    gapSeconds: 30,
    intermissionMinutes: 15,
    archived: false,
  },
  shows: [
    {
      id: 's1',
      name: 'Matinee',
      day: '2027-05-15',
      startsAt: '14:00',
      doorsAt: '13:30',
      intermissionAfter,
      numbers: Array.from({ length: count }, (_, i) => number(i + 1)),
    },
  ],
});

describe('the printed programme', () => {
  it('marks the intermission between the numbers it comes between', () => {
    renderWithProviders(<ProgrammeSheet data={programme(1)} />);
    const items = within(screen.getByTestId('programme'))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items.map((t) => t?.split('Dancer')[0])).toEqual([
      '1. Number 1',
      '2. Number 2',
      'Intermission',
      '3. Number 3',
      '4. Number 4',
    ]);
  });

  it('prints no intermission when the show has none', () => {
    renderWithProviders(<ProgrammeSheet data={programme(null)} />);
    expect(screen.queryByTestId('intermission')).toBeNull();
  });

  it('places it by the show’s intermissionAfter, counted from 0, never after the last number', () => {
    expect(intermissionFollows(0, 1, 3)).toBe(true);
    expect(intermissionFollows(0, 2, 3)).toBe(false);
    expect(intermissionFollows(2, 3, 3)).toBe(false);
    expect(intermissionFollows(null, 1, 3)).toBe(false);
  });
});
