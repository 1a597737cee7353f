import { classRegistrationMessages, ownerRegistrationCalls } from '@pirouette/domain';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer } from '../../../test/fake-api';
import { mockApi, renderWithProviders } from '../../../test/render';
import { BALLET_REG, balletRegistration, FAMILY, riveraBuilder } from '../lib/builder.fixture';
import { AccountRegistrations } from './account-registrations';

const DROP = `PUT /api/mystudio/schedule/class/registration/drop/${BALLET_REG}`;

function api() {
  return mockApi((url, init) => {
    const key = `${init?.method ?? 'GET'} ${url}`;
    if (key === `GET /api/myStudio/schedule/class/registration/activity/${FAMILY}`) {
      const b = riveraBuilder();
      const dropped = balletRegistration({
        clRegID: 'd0000000-0000-4000-8000-000000000009',
        name: 'Tap 1',
        isDropped: true,
        droppedOn: '2026-10-15',
        iStatus: -1,
      });
      return answer(ownerRegistrationCalls.builder, {
        ...b,
        acctInfo: { ...b.acctInfo, regCls: [...b.acctInfo.regCls, dropped] },
      });
    }
    if (key === DROP)
      return answer(ownerRegistrationCalls.drop, {
        msg: classRegistrationMessages.dropped('Ballet 1 (Emma)'),
        regList: [],
        warnings: [],
      });
    return undefined;
  });
}

describe('AccountRegistrations', () => {
  it('drops a class from the date the owner chooses, within the current month to the term’s end', async () => {
    const user = userEvent.setup();
    const { calls } = api();
    renderWithProviders(<AccountRegistrations accountId={FAMILY} />);
    const rows = await screen.findAllByTestId('account-registration');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('$65.00/mo'),
      expect.stringContaining('dropped from Oct 15, 2026'),
    ]);
    // A dropped class has nothing left to drop.
    expect(within(rows[1]!).queryByRole('button', { name: /Drop/ })).toBeNull();
    await user.click(within(rows[0]!).getByRole('button', { name: 'Drop Ballet 1 (Emma)' }));
    const dialog = await screen.findByRole('dialog');
    const date = within(dialog).getByLabelText('Dropped from');
    expect((date as HTMLInputElement).value).toBe('2026-11-21');
    fireEvent.change(date, { target: { value: '2026-10-31' } });
    expect(within(dialog).getByRole('button', { name: 'Drop the class' }).hasAttribute('disabled')).toBe(
      true,
    );
    fireEvent.change(date, { target: { value: '2026-11-05' } });
    await user.click(within(dialog).getByRole('button', { name: 'Drop the class' }));
    expect(await screen.findByText(classRegistrationMessages.dropped('Ballet 1 (Emma)'))).toBeTruthy();
    const put = calls.find((c) => `${c.init?.method} ${c.url}` === DROP);
    expect(JSON.parse(String(put?.init?.body))).toEqual({ regDate: '2026-11-05' });
  });
});
