import { cardCalls, cardLimitLabels } from '@pirouette/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer } from '../../../test/fake-api';
import { mockApi, renderWithProviders } from '../../../test/render';
import { CardLimitsPanel } from './card-limits-panel';

const LIMITS = '/api/mystudio/payments/limits?page=1&pageSize=5';

function api(items: Parameters<typeof answer<typeof cardCalls.limitHits>>[1]['items'], total = items.length) {
  return mockApi((url) =>
    url === LIMITS ? answer(cardCalls.limitHits, { items, total, page: 1, pageSize: 5 }) : undefined,
  );
}

describe('CardLimitsPanel', () => {
  it('lists the families a card limit stopped, each a link to its account, with the limit and when', async () => {
    api([
      {
        coAcctMemID: '11111111-1111-4111-8111-111111111111',
        family: 'Lopez',
        kind: 'declines',
        label: cardLimitLabels.declines,
        firstAt: '2026-11-21T15:00:00.000Z',
        lastAt: '2026-11-21T15:30:00.000Z',
        refused: 3,
      },
      {
        coAcctMemID: '22222222-2222-4222-8222-222222222222',
        family: 'Patel',
        kind: 'studio',
        label: cardLimitLabels.studio,
        firstAt: '2026-11-21T14:00:00.000Z',
        lastAt: '2026-11-21T14:00:00.000Z',
        refused: 1,
      },
    ]);
    renderWithProviders(<CardLimitsPanel timeZone="America/New_York" />);
    const rows = await screen.findAllByTestId('card-limit-hit');
    expect(rows).toHaveLength(2);
    const link = within(rows[0]!).getByRole('link', { name: 'Lopez family' });
    expect(link.getAttribute('href')).toBe('/accounts/admin/accounts/11111111-1111-4111-8111-111111111111');
    expect(within(rows[0]!).getByText(cardLimitLabels.declines)).toBeTruthy();
    expect(within(rows[0]!).getByText(/refused 3 times/)).toBeTruthy();
    expect(within(rows[1]!).getByText(cardLimitLabels.studio)).toBeTruthy();
  });

  it('says so calmly when no family reached a limit', async () => {
    api([]);
    renderWithProviders(<CardLimitsPanel />);
    expect(await screen.findByText('No family has reached a card limit.')).toBeTruthy();
  });
});
