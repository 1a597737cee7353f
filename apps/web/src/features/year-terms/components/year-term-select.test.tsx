import { type YearTerm, yearTermMessages } from '@pirouette/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { session, yearTerm } from '../../../test/fixtures';
import { mockApi, renderWithProviders } from '../../../test/render';
import { YearTermSelect } from './year-term-select';

const next: YearTerm = {
  ...yearTerm,
  id: '77777777-7777-4777-8777-777777777777',
  name: '2027-2028',
  dateStart: '2027-09-01',
  dateEnd: '2028-06-30',
  isCurrent: false,
};

function studio(put: () => [number, unknown] = () => [200, [true, { ...next, isCurrent: true }]]) {
  return mockApi((url, init) => {
    if (url === '/api/auth/me') return [200, [true, session('owner')]];
    if (url === '/api/mystudio/yearTerms') return [200, [true, [yearTerm, next]]];
    if (url === '/api/mystudio/yearTerms/counts')
      return [
        200,
        [
          true,
          [
            { id: yearTerm.id, nCls: 12, nPriv: 3, nActive: 40 },
            { id: next.id, nCls: 0, nPriv: 0, nActive: 0 },
          ],
        ],
      ];
    if (init?.method === 'PUT') return put();
    return undefined;
  });
}

const puts = (api: ReturnType<typeof studio>) => api.calls.filter((c) => c.init?.method === 'PUT');

async function pick(user: ReturnType<typeof userEvent.setup>, name: string) {
  const box = await screen.findByRole('textbox', { name: 'Current year term' });
  await user.click(box);
  const list = await waitFor(() => document.getElementById(box.getAttribute('aria-controls') ?? '')!);
  await user.click(await within(list).findByRole('option', { name, hidden: true }));
}

describe('YearTermSelect', () => {
  it('asks before changing the whole studio’s term, saying what changes; Cancel changes nothing', async () => {
    const api = studio();
    const user = userEvent.setup();
    renderWithProviders(<YearTermSelect session={session('owner')} />);
    await pick(user, '2027-2028');

    const dialog = await screen.findByRole('dialog', { name: 'Make 2027-2028 the current year term?' });
    expect(
      within(dialog).getByText(
        'This changes the current year term for the whole studio, not only for you: everyone who works in Demo Dance Academy will see 2027-2028 instead of 2026-2027.',
      ),
    ).toBeTruthy();
    expect(
      await within(dialog).findByText(
        'The list of accounts counts a family as active by its registrations in 2027-2028: 0 families would be active, where 40 are now.',
      ),
    ).toBeTruthy();
    expect(
      within(dialog).getByText(
        '2027-2028 has no classes or private lessons yet, so no family will be active until families register in it.',
      ),
    ).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(puts(api)).toHaveLength(0);
    // The select still shows the term that is current.
    expect((screen.getByRole('textbox', { name: 'Current year term' }) as HTMLInputElement).value).toBe(
      '2026-2027',
    );
  });

  it('makes the term current once confirmed, naming the term the owner saw as current', async () => {
    const api = studio();
    const user = userEvent.setup();
    renderWithProviders(<YearTermSelect session={session('owner')} />);
    await pick(user, '2027-2028');
    const dialog = await screen.findByRole('dialog', { name: 'Make 2027-2028 the current year term?' });
    await user.click(within(dialog).getByRole('button', { name: 'Make 2027-2028 current' }));

    await waitFor(() => expect(puts(api)).toHaveLength(1));
    expect(puts(api)[0]!.url).toBe(`/api/mystudio/yearTerms/set/${next.id}`);
    expect(JSON.parse(String(puts(api)[0]!.init?.body))).toEqual({ expectedID: yearTerm.id });
    expect(await screen.findByText('2027-2028 is now the current year term.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says so when another owner changed the term meanwhile', async () => {
    const refusal = yearTermMessages.currentChanged('Summer 2027');
    studio(() => [409, [false, refusal]]);
    const user = userEvent.setup();
    renderWithProviders(<YearTermSelect session={session('owner')} />);
    await pick(user, '2027-2028');
    const dialog = await screen.findByRole('dialog', { name: 'Make 2027-2028 the current year term?' });
    await user.click(within(dialog).getByRole('button', { name: 'Make 2027-2028 current' }));
    expect(await screen.findByText(refusal)).toBeTruthy();
  });
});
