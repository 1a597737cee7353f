import { COSTUME_TEXT, type CostumeCompanyItem, costumeCompanyCalls } from '@pirouette/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer } from '../../../test/fake-api';
import { mockApi, renderWithProviders } from '../../../test/render';
import { SizeChartDialog } from './size-chart-dialog';

const COMPANY: CostumeCompanyItem = {
  id: 'c1',
  name: 'Stagelight',
  email: '',
  phone: '',
  website: '',
  notes: '',
  sizes: ['CS', 'CM'],
  styles: 0,
};
const CHART_API = '/api/mystudio/costumes/company/size-chart/c1';
const range = {
  girthMin: null,
  girthMax: null,
  chestMin: null,
  chestMax: null,
  hipsMin: null,
  hipsMax: null,
};

/** The fake studio's chart: two sizes; a save answered as told, its body kept. */
function chartApi(refusal?: string) {
  const saved: unknown[] = [];
  mockApi((url, init) => {
    const method = init?.method ?? 'GET';
    if (!url.startsWith(CHART_API)) return undefined;
    if (method === 'GET')
      return answer(costumeCompanyCalls.sizeChart, {
        id: 'c1',
        name: 'Stagelight',
        chart: [
          { ...range, size: 'CS', girthMin: 40, girthMax: 43 },
          { ...range, size: 'CM', girthMin: 43.5, girthMax: 46 },
        ],
      });
    saved.push(JSON.parse(String(init?.body)));
    if (refusal) return [422, [false, refusal]];
    return answer(costumeCompanyCalls.saveSizeChart, {
      id: 'c1',
      name: 'Stagelight',
      chart: [],
      msg: 'Size chart saved.',
    });
  });
  return saved;
}

const rows = () => screen.getAllByTestId('chart-row');

describe('SizeChartDialog', () => {
  it('saves the chart as a whole in the order shown, a row moved and one added', async () => {
    const saved = chartApi();
    const user = userEvent.setup();
    renderWithProviders(<SizeChartDialog company={COMPANY} opened onClose={() => {}} />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Move CM up' }));
    await user.click(screen.getByRole('button', { name: 'Add size' }));
    const added = rows()[2]!;
    await user.type(within(added).getByRole('textbox', { name: 'Size' }), 'CL');
    await user.type(within(added).getByRole('textbox', { name: 'Girth from, size CL' }), '46.5');
    await user.click(screen.getByRole('button', { name: 'Save chart' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({
      chart: [
        { ...range, size: 'CM', girthMin: 43.5, girthMax: 46 },
        { ...range, size: 'CS', girthMin: 40, girthMax: 43 },
        { ...range, size: 'CL', girthMin: 46.5 },
      ],
    });
  });

  it('shows a bad row at the row before sending, and the server sentence at the size it names', async () => {
    const saved = chartApi(COSTUME_TEXT.sizeTwice('CM'));
    const user = userEvent.setup();
    renderWithProviders(<SizeChartDialog company={COMPANY} opened onClose={() => {}} />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    const first = rows()[0]!;
    const girthTo = within(first).getByRole('textbox', { name: 'Girth to, size CS' });
    await user.clear(girthTo);
    await user.type(girthTo, '39');
    await user.click(screen.getByRole('button', { name: 'Save chart' }));
    expect(await within(rows()[0]!).findByText(COSTUME_TEXT.rangeReversed('CS', 'girth'))).toBeTruthy();
    expect(saved).toHaveLength(0);

    // Fixed here, the server refuses with a sentence naming CM: it lands at CM's row.
    await user.clear(girthTo);
    await user.type(girthTo, '43');
    await user.click(screen.getByRole('button', { name: 'Save chart' }));
    expect(await within(rows()[1]!).findByText('Size CM is in the chart twice.')).toBeTruthy();
    expect(saved).toHaveLength(1);
  });
});
