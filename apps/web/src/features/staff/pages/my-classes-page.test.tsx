import type { TeacherClasses } from '@pirouette/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '../../../test/render';
import { MyClassesPage } from './my-classes-page';

const ID = (n: number) => `${n}7777777-7777-4777-8777-777777777777`;
const mine: TeacherClasses = {
  today: '2026-11-21',
  term: '2026-2027',
  classes: [
    {
      id: ID(1),
      name: 'Ballet 1',
      day: 1,
      timeStart: '16:00',
      timeEnd: '17:00',
      room: 'Studio A',
      location: 'Main',
      dancers: [
        {
          id: ID(2),
          firstName: 'Mia',
          lastInitial: 'D.',
          age: 8,
          allergies: 'Peanuts',
          note: 'Shy at first',
          phones: [{ name: 'Dancer family', phone: '9735550150' }],
        },
      ],
    },
  ],
  privates: [{ id: ID(3), name: 'Solo Mia', location: 'Main', dancers: [] }],
};

const api = (answer: TeacherClasses) =>
  mockApi((url) => (url === '/api/teacher/classes' ? [200, [true, answer]] : undefined));

describe('MyClassesPage', () => {
  it('shows each class with its time, room, dancers, allergy and a number to tap', async () => {
    api(mine);
    renderWithProviders(<MyClassesPage />);
    const card = await screen.findByRole('region', { name: 'Ballet 1' });
    expect(within(card).getByText('Tuesday 4:00 – 5:00 PM')).toBeTruthy();
    expect(within(card).getByText('Studio A, Main')).toBeTruthy();
    expect(within(card).getByText('Mia D.')).toBeTruthy();
    expect(within(card).getByText('Age 8')).toBeTruthy();
    expect(within(card).getByText('Allergy: Peanuts')).toBeTruthy();
    expect(within(card).getByText('Shy at first')).toBeTruthy();
    const call = within(card).getByRole('link', { name: /Call Dancer family about Mia/ });
    expect(call.getAttribute('href')).toBe('tel:+19735550150');
    expect(screen.getByRole('heading', { name: 'Private lessons' })).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/\$/);
  });

  it('says so when the teacher has no class this season', async () => {
    api({ ...mine, classes: [], privates: [] });
    renderWithProviders(<MyClassesPage />);
    expect(await screen.findByText('No classes yet')).toBeTruthy();
  });
});
