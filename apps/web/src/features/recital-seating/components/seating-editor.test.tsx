import { seatingCalls } from '@pirouette/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer } from '../../../test/fake-api';
import { mockApi, renderWithProviders } from '../../../test/render';
import { SeatingEditor } from './seating-editor';

const RECITAL = '11111111-1111-4111-8111-111111111111';
const layout = {
  sections: [
    {
      name: 'Orchestra',
      rows: [
        {
          label: 'A',
          seats: 4,
          firstNumber: 1,
          numbering: 'ltr' as const,
          aisles: [],
          blocked: [],
          accessible: [],
        },
      ],
    },
  ],
};

describe('SeatingEditor', () => {
  it('blocks a seat and marks another accessible with a tap each, and saves the venue whole', async () => {
    const user = userEvent.setup();
    const puts: unknown[] = [];
    mockApi((_url, init) => {
      if (init?.method === 'PUT') {
        puts.push(JSON.parse(String(init.body)));
        return answer(seatingCalls.save, { msg: 'The seating is saved.', seats: 4 });
      }
      return undefined;
    });
    renderWithProviders(<SeatingEditor recitalId={RECITAL} initial={layout} stored={[]} />);
    await user.click(screen.getByRole('button', { name: 'Orchestra, row A, seat 2' }));
    expect(screen.getByRole('button', { name: 'Orchestra, row A, seat 2, blocked' })).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'Accessible' }));
    await user.click(screen.getByRole('button', { name: 'Orchestra, row A, seat 3' }));
    expect(screen.getByRole('button', { name: 'Orchestra, row A, seat 3, accessible' })).toBeTruthy();
    // A second tap opens the seat again.
    await user.click(screen.getByRole('button', { name: 'Orchestra, row A, seat 3, accessible' }));
    await user.click(screen.getByRole('button', { name: 'Orchestra, row A, seat 4' }));
    await user.click(screen.getByRole('button', { name: 'Save seating' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({
      sections: [
        { name: 'Orchestra', rows: [{ ...layout.sections[0]!.rows[0], blocked: [2], accessible: [4] }] },
      ],
    });
  });

  it('shows why a description cannot be drawn, and does not save it', async () => {
    const user = userEvent.setup();
    mockApi(() => undefined);
    renderWithProviders(
      <SeatingEditor
        recitalId={RECITAL}
        initial={{ sections: [...layout.sections, { ...layout.sections[0]! }] }}
        stored={[]}
      />,
    );
    expect(screen.getByText('Two sections have the same name: give each its own.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save seating' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getAllByRole('button', { name: 'Remove section Orchestra' })[1]!);
    expect(screen.getByTestId('seat-map')).toBeTruthy();
  });
});
