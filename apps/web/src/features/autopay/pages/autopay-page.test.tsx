import { type AutopayPage, autopayCalls, autopayMessages, cardMessages } from '@pirouette/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer } from '../../../test/fake-api';
import { session } from '../../../test/fixtures';
import { mockApi, renderWithProviders } from '../../../test/render';
import { autopayPage, emptyPage, HARTLEY, OKAFOR, PATEL } from '../test/autopay-fixtures';
import { AutopayPage as AutopayPageScreen } from './autopay-page';

const PAGE_API = '/api/mystudio/autopay';
const PAGE = '/accounts/admin/accounts/payments-auto-charge';

type Refusal = { status: number; message: string };

/**
 * The fake studio: the page (its runs paged as asked), a retry answered as told, and pause, which
 * changes what the page says next.
 */
function autopayApi(
  options: { page?: (url: URL) => AutopayPage; retry?: Refusal; retryPending?: boolean } = {},
) {
  let paused = new Map<string, boolean>();
  const sent: { method: string; path: string; body: unknown }[] = [];
  const mock = mockApi((url, init) => {
    const at = new URL(url, 'http://localhost');
    const method = init?.method ?? 'GET';
    if (url === '/api/auth/me') return [200, [true, session('owner')]];
    if (method === 'GET' && at.pathname === PAGE_API) {
      const data = options.page?.(at) ?? autopayPage();
      return answer(autopayCalls.page, {
        ...data,
        enrolled: data.enrolled.map((f) => ({ ...f, paused: paused.get(f.coAcctMemID) ?? f.paused })),
      });
    }
    if (at.pathname.startsWith(`${PAGE_API}/`)) {
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      sent.push({ method, path: at.pathname, body });
      const [, familyId, action] = at.pathname.slice(PAGE_API.length).split('/');
      const family = autopayPage().enrolled.find((f) => f.coAcctMemID === familyId)?.family ?? '';
      if (action === 'retry') {
        if (options.retry) return [options.retry.status, [false, options.retry.message]];
        return answer(autopayCalls.retry, {
          msg: options.retryPending ? cardMessages.pending : cardMessages.paid('$159.50'),
          state: options.retryPending ? 'pending' : 'succeeded',
          amount: 159.5,
          card: '',
          transaction: null,
        });
      }
      if (action === 'pause') {
        paused = new Map(paused).set(familyId!, body.paused);
        return answer(autopayCalls.pause, {
          msg: body.paused ? autopayMessages.paused(family) : autopayMessages.resumed(family),
        });
      }
    }
    return undefined;
  });
  const pageCalls = () =>
    mock.calls
      .filter((c) => (c.init?.method ?? 'GET') === 'GET')
      .map((c) => c.url)
      .filter((u) => new URL(u, 'http://localhost').pathname === PAGE_API);
  return { ...mock, sent, pageCalls };
}

const section = (name: string) => screen.getByRole('region', { name });

const rowOf = async (testId: string, family: string) => {
  const rows = await screen.findAllByTestId(testId);
  const row = rows.find((r) => within(r).queryByRole('link', { name: family }));
  if (!row) throw new Error(`No ${testId} row for ${family}`);
  return row;
};

describe('AutopayPage', () => {
  it('shows the totals, the next charges with their cards, the families on auto-pay and the past runs', async () => {
    const api = autopayApi();
    renderWithProviders(<AutopayPageScreen />, PAGE);
    expect(await screen.findByRole('group', { name: 'Charged: $191.50, 2 charges' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Declined: $120.00, 1 decline' })).toBeTruthy();
    expect(
      screen.getByRole('group', { name: 'On auto-pay: 3 families, 1 paused by the studio' }),
    ).toBeTruthy();
    expect(
      screen.getByText('Payments charged automatically to the card on file on each due date.'),
    ).toBeTruthy();

    // The next billing day: each family's amount and card, an expiring card flagged, and the total.
    const next = section('Next automatic charges');
    expect(within(next).getByText(/^On Dec 1, 2026: 2 families, \$279\.50/)).toBeTruthy();
    const okaforNext = await rowOf('next-charge', 'Okafor');
    expect(within(okaforNext).getByText('Mastercard •••• 4444')).toBeTruthy();
    expect(within(okaforNext).getByText('Expired')).toBeTruthy();
    expect(within(okaforNext).getByText('$120.00')).toBeTruthy();
    expect(within(await rowOf('next-charge', 'Patel')).getByText('Expires soon')).toBeTruthy();
    expect(within(next).getByTestId('next-total').textContent).toBe('$279.50');

    // The families: a link to each account, its card, when it consented, the last result, paused or not.
    const hartley = await rowOf('enrolled-family', 'Hartley');
    expect(within(hartley).getByRole('link', { name: 'Hartley' }).getAttribute('href')).toBe(
      `/accounts/admin/accounts/${HARTLEY}`,
    );
    expect(within(hartley).getByText('Amex •••• 8431')).toBeTruthy();
    expect(within(hartley).getByText('Sep 3, 2026')).toBeTruthy();
    expect(within(hartley).getByText('Paused')).toBeTruthy();
    expect(within(hartley).getByText('Skipped')).toBeTruthy();
    expect(within(hartley).getByRole('button', { name: /^Resume/ })).toBeTruthy();
    const okafor = await rowOf('enrolled-family', 'Okafor');
    expect(within(okafor).getByText('Declined')).toBeTruthy();
    expect(within(okafor).queryByText('Paused')).toBeNull();
    expect(within(okafor).getByRole('button', { name: /^Pause/ })).toBeTruthy();
    expect(within(await rowOf('enrolled-family', 'Patel')).getByText('No charge yet')).toBeTruthy();

    // The runs: when, whose, which due date and try, how much, the result and why, the card.
    const runs = within(section('Past runs')).getAllByTestId('autopay-run');
    expect(runs.map((r) => r.textContent)).toEqual([
      'Nov 8, 2026OkaforNov 1, 2026Try 3$120.00DeclinedThe card was declined for insufficient funds.Mastercard •••• 4444',
      'Nov 5, 2026PatelNov 1, 2026By the studio$32.00Charged—Visa •••• 0006',
      'Nov 1, 2026HartleyNov 1, 2026Try 1—SkippedAutomatic payments are paused by the studio.—',
      'Nov 1, 2026PatelNov 1, 2026Try 2$159.50Processing—Visa •••• 0006',
    ]);
    expect(within(section('Past runs')).getByText('4 runs')).toBeTruthy();
    expect(api.pageCalls()).toEqual([`${PAGE_API}?page=1&pageSize=25`]);
  });

  it('says when nothing is coming up, no family is on auto-pay and nothing ran yet', async () => {
    autopayApi({ page: emptyPage });
    renderWithProviders(<AutopayPageScreen />, PAGE);
    expect(await screen.findByText('No automatic charges coming up')).toBeTruthy();
    expect(within(section('Families on auto-pay')).getByText('No family is on auto-pay yet')).toBeTruthy();
    expect(within(section('Past runs')).getByText('No automatic charges yet')).toBeTruthy();
    expect(screen.queryByTestId('autopay-run')).toBeNull();
    expect(screen.getByRole('group', { name: 'Charged: $0.00, 0 charges' })).toBeTruthy();
  });

  it('pages through past runs on the server, the page in the address', async () => {
    const user = userEvent.setup();
    const api = autopayApi({
      page: (url) => {
        const data = autopayPage();
        return { ...data, runs: { ...data.runs, total: 60, page: Number(url.searchParams.get('page')) } };
      },
    });
    renderWithProviders(<AutopayPageScreen />, PAGE);
    expect(await screen.findByText('1–25 of 60 runs')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(api.pageCalls()).toContain(`${PAGE_API}?page=3&pageSize=25`));
    expect(await screen.findByText('51–60 of 60 runs')).toBeTruthy();
  });

  it('charges now after saying how: the balance due today to the card on file, and shows the receipt', async () => {
    const user = userEvent.setup();
    const api = autopayApi();
    renderWithProviders(<AutopayPageScreen />, PAGE);
    const patel = await rowOf('enrolled-family', 'Patel');
    await user.click(within(patel).getByRole('button', { name: 'Charge the Patel family now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Charge the Patel family now?' });
    expect(within(dialog).getByText(/balance due today .* is charged now to Visa •••• 0006/)).toBeTruthy();
    expect(api.sent).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Charge now' }));
    expect(await screen.findByText(cardMessages.paid('$159.50'))).toBeTruthy();
    expect(screen.getByText('Patel family charged')).toBeTruthy();
    expect(api.sent).toEqual([{ method: 'POST', path: `${PAGE_API}/${PATEL}/retry`, body: {} }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The runs, totals and next charges are read again.
    await waitFor(() => expect(api.pageCalls()).toHaveLength(2));
  });

  it('says so when the processor is still deciding', async () => {
    const user = userEvent.setup();
    autopayApi({ retryPending: true });
    renderWithProviders(<AutopayPageScreen />, PAGE);
    await user.click(
      within(await rowOf('enrolled-family', 'Patel')).getByRole('button', { name: /^Charge/ }),
    );
    await user.click(await screen.findByRole('button', { name: 'Charge now' }));
    expect(await screen.findByText(cardMessages.pending)).toBeTruthy();
  });

  it('shows a decline in the processor’s words', async () => {
    const user = userEvent.setup();
    const reason = 'The card was declined: the bank said the card was reported lost.';
    autopayApi({ retry: { status: 402, message: reason } });
    renderWithProviders(<AutopayPageScreen />, PAGE);
    await user.click(
      within(await rowOf('enrolled-family', 'Okafor')).getByRole('button', { name: /^Charge/ }),
    );
    await user.click(await screen.findByRole('button', { name: 'Charge now' }));
    expect(await screen.findByText(reason)).toBeTruthy();
    expect(screen.getByText('Card declined')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says when nothing is due today, and charges nothing', async () => {
    const user = userEvent.setup();
    autopayApi({ retry: { status: 422, message: autopayMessages.nothingDue } });
    renderWithProviders(<AutopayPageScreen />, PAGE);
    await user.click(
      within(await rowOf('enrolled-family', 'Patel')).getByRole('button', { name: /^Charge/ }),
    );
    await user.click(await screen.findByRole('button', { name: 'Charge now' }));
    expect(await screen.findByText(autopayMessages.nothingDue)).toBeTruthy();
    expect(screen.getByText('Nothing charged')).toBeTruthy();
  });

  it('cancelling the dialog charges nothing', async () => {
    const user = userEvent.setup();
    const api = autopayApi();
    renderWithProviders(<AutopayPageScreen />, PAGE);
    await user.click(
      within(await rowOf('enrolled-family', 'Patel')).getByRole('button', { name: /^Charge/ }),
    );
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.sent).toEqual([]);
  });

  it('pauses a family and resumes another, each as the server then says', async () => {
    const user = userEvent.setup();
    const api = autopayApi();
    renderWithProviders(<AutopayPageScreen />, PAGE);
    await user.click(
      within(await rowOf('enrolled-family', 'Okafor')).getByRole('button', {
        name: 'Pause automatic payments for the Okafor family',
      }),
    );
    expect(await screen.findByText(autopayMessages.paused('Okafor'))).toBeTruthy();
    await waitFor(async () =>
      expect(within(await rowOf('enrolled-family', 'Okafor')).getByText('Paused')).toBeTruthy(),
    );
    expect(
      within(await rowOf('enrolled-family', 'Okafor')).getByRole('button', { name: /^Resume/ }),
    ).toBeTruthy();

    await user.click(
      within(await rowOf('enrolled-family', 'Hartley')).getByRole('button', {
        name: 'Resume automatic payments for the Hartley family',
      }),
    );
    expect(await screen.findByText(autopayMessages.resumed('Hartley'))).toBeTruthy();
    await waitFor(async () =>
      expect(within(await rowOf('enrolled-family', 'Hartley')).queryByText('Paused')).toBeNull(),
    );
    expect(api.sent).toEqual([
      { method: 'PUT', path: `${PAGE_API}/${OKAFOR}/pause`, body: { paused: true } },
      { method: 'PUT', path: `${PAGE_API}/${HARTLEY}/pause`, body: { paused: false } },
    ]);
  });

  it('shows a refused pause as the server wrote it', async () => {
    const user = userEvent.setup();
    const mock = autopayApi();
    const inner = mock.spy.getMockImplementation()!;
    mock.spy.mockImplementation(async (input, init) => {
      if (init?.method === 'PUT')
        return new Response(JSON.stringify([false, autopayMessages.notOn]), { status: 422 });
      return inner(input, init);
    });
    renderWithProviders(<AutopayPageScreen />, PAGE);
    await user.click(
      within(await rowOf('enrolled-family', 'Okafor')).getByRole('button', { name: /^Pause/ }),
    );
    expect(await screen.findByText(autopayMessages.notOn)).toBeTruthy();
  });
});
