import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { LEO, riveraBuilder } from '../lib/builder.fixture';
import { liveQuote } from '../lib/quote';
import { emptySelection } from '../lib/selection';
import { ScheduleBuilder } from './schedule-builder';

function renderBuilder() {
  const builder = riveraBuilder();
  const selection = emptySelection();
  renderWithProviders(
    <ScheduleBuilder
      builder={builder}
      selection={selection}
      stdID={LEO}
      onStdID={() => {}}
      onToggle={() => {}}
      quote={liveQuote(builder, selection)}
    />,
  );
}

describe('the schedule builder’s week (issue 31 item 15)', () => {
  it('shows the location’s classes in every room, then by room, day and age', async () => {
    const user = userEvent.setup();
    renderBuilder();
    const week = screen.getByRole('region', { name: 'Week' });
    // Studio A's four classes and Studio B's Ballet 1, each card naming its room.
    for (const name of ['Ballet 1', 'Jazz 1', 'Hip Hop Teens', 'Tap 1', 'Lyrical 2']) {
      expect(within(week).getAllByText(name).length, name).toBeGreaterThan(0);
    }
    expect(within(week).getByText(/· Studio B$/)).toBeTruthy();

    await user.click(screen.getByRole('radio', { name: 'Studio B' }));
    expect(within(week).queryByText('Jazz 1')).toBeNull();
    expect(within(week).getByText('Ballet 1')).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'All rooms' }));

    await user.click(screen.getByRole('textbox', { name: 'Day' }));
    await user.click(await screen.findByRole('option', { name: 'Tuesday', hidden: true }));
    expect(within(week).getByText('Jazz 1')).toBeTruthy();
    expect(within(week).queryByText('Ballet 1')).toBeNull();
    await user.click(screen.getByRole('textbox', { name: 'Day' }));
    await user.click(await screen.findByRole('option', { name: 'Every day', hidden: true }));

    await user.click(screen.getByRole('textbox', { name: 'Age' }));
    await user.click(await screen.findByRole('option', { name: 'Age 15', hidden: true }));
    expect(within(week).getByText('Hip Hop Teens')).toBeTruthy();
    expect(within(week).queryByText('Jazz 1')).toBeNull();
  });
});
