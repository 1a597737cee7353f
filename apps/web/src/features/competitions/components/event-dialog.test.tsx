import {
  type CompetitionLocationItem,
  competitionEventCalls,
  ENTRY_BATCH_ERROR,
  messages,
} from '@pirouette/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer } from '../../../test/fake-api';
import { mockApi, renderWithProviders } from '../../../test/render';
import { EventDialog } from './event-dialog';

const LOCATION: CompetitionLocationItem = {
  id: '11111111-1111-4111-8111-111111111111',
  compCoID: '22222222-2222-4222-8222-222222222222',
  name: 'Meadowlands Expo Center',
  address_1: '',
  address_2: '',
  city: 'Secaucus',
  state: 'NJ',
  zipcode: '',
  nEvents: 0,
};

/** The fake studio: the event with its entries answered as told, each body kept. */
function eventApi(refusal?: string) {
  const sent: unknown[] = [];
  mockApi((url, init) => {
    if (!url.startsWith('/api/mystudio/competition/event/entry')) return undefined;
    sent.push(JSON.parse(String(init?.body)));
    if (refusal) return [400, [false, refusal]];
    return answer(competitionEventCalls.addWithEntries, {
      id: 'e1',
      entries: ['n1', 'n2'],
      msg: messages.insertSuccessful,
    });
  });
  return sent;
}

function open() {
  renderWithProviders(
    <EventDialog
      state={{ mode: 'new', target: null, key: 1 }}
      opened
      onClose={() => {}}
      locations={[LOCATION]}
      locationId={LOCATION.id}
    />,
  );
}

/** A field's value entered at once (cleared, then pasted): one input event, not one per key. */
async function enter(user: ReturnType<typeof userEvent.setup>, label: string, text: string) {
  const field = screen.getByLabelText(label);
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
}

async function fillTwoEntries(user: ReturnType<typeof userEvent.setup>, customer2: string) {
  fireEvent.change(await screen.findByLabelText(/First day/), { target: { value: '2027-03-05' } });
  await enter(user, 'Name of entry 1', 'Solo');
  await enter(user, 'Studio pays of entry 1', '95');
  await enter(user, 'Family pays of entry 1', '110');
  await user.click(screen.getByRole('button', { name: 'Add entry' }));
  await enter(user, 'Name of entry 2', 'Small Group');
  await enter(user, 'Studio pays of entry 2', '45.50');
  await enter(user, 'Family pays of entry 2', customer2);
  await enter(user, 'Fewest dancers of entry 2', '4');
  await enter(user, 'Most dancers of entry 2', '9');
}

describe('EventDialog, a new event with its entries', () => {
  it('sends the event and its rows as one batch, Regional by default, the last day the first when left', async () => {
    const sent = eventApi();
    const user = userEvent.setup();
    open();
    await fillTwoEntries(user, '55');
    await user.click(screen.getByRole('button', { name: 'Add event and 2 entries' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      event: { compCoLocID: LOCATION.id, dateStart: '2027-03-05', dateEnd: '2027-03-05', type: 'Regional' },
      entry: [
        {
          name: 'Solo',
          priceStudio: 95,
          priceCustomer: 110,
          nDancersMin: 1,
          nDancersMax: 1,
          isPerformance: true,
          notes: '',
        },
        {
          name: 'Small Group',
          priceStudio: 45.5,
          priceCustomer: 55,
          nDancersMin: 4,
          nDancersMax: 9,
          isPerformance: true,
          notes: '',
        },
      ],
    });
  });

  it('sends nothing while an entry breaks a rule: the row is marked and the spec’s sentence said', async () => {
    const sent = eventApi();
    const user = userEvent.setup();
    open();
    await fillTwoEntries(user, '40');
    await user.click(screen.getByRole('button', { name: 'Add event and 2 entries' }));
    expect((await screen.findByRole('alert')).textContent).toContain(ENTRY_BATCH_ERROR);
    expect(screen.getAllByText("Not below the studio's price")).toHaveLength(1);
    const rows = screen.getAllByTestId('entry-row');
    expect(rows.map((r) => r.hasAttribute('data-bad'))).toEqual([false, true]);
    expect(sent).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Remove entry 2' }));
    await user.click(screen.getByRole('button', { name: 'Add event and its entry' }));
    await waitFor(() => expect(sent).toHaveLength(1));
  });

  it('says to pick a day when none is picked, and sends nothing', async () => {
    const sent = eventApi();
    const user = userEvent.setup();
    open();
    await user.type(await screen.findByLabelText('Name of entry 1'), 'Solo');
    await user.click(screen.getByRole('button', { name: 'Add event and its entry' }));
    expect((await screen.findAllByText('Pick a day')).length).toBeGreaterThan(0);
    expect(screen.queryByText(/Op's something went wrong/)).toBeNull();
    expect(sent).toEqual([]);
  });

  it('shows the server’s refusal in the dialog', async () => {
    eventApi(ENTRY_BATCH_ERROR);
    const user = userEvent.setup();
    open();
    await fillTwoEntries(user, '55');
    await user.click(screen.getByRole('button', { name: 'Add event and 2 entries' }));
    expect((await screen.findByRole('alert')).textContent).toContain(ENTRY_BATCH_ERROR);
  });
});
