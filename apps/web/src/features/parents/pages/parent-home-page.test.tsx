import { accountMessages, ledgerCalls, messages, termsAcceptanceMessages } from '@pirouette/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer } from '../../../test/fake-api';
import { session } from '../../../test/fixtures';
import { mockApi, renderWithProviders } from '../../../test/render';
import { emptyTuition, hartleyTuition } from '../../family-tuition/test/tuition-fixtures';
import { patelMoney } from '../../parent-money/test/money-fixtures';
import { DEV_ID, FAMILY_ID, patelFamily, RAJ_ID } from '../portal/portal-fixtures';
import { ParentHomePage } from './parent-home-page';

type Answer = [number, unknown];

/** A family nothing was charged to yet. */
const noMoneyYet = patelMoney({ balance: 0, overdue: 0, credit: 0, current: null });

function api(overrides: Record<string, Answer> = {}) {
  return mockApi((url, init) => {
    const key = `${init?.method ?? 'GET'} ${url}`;
    if (key in overrides) return overrides[key];
    if (key === 'GET /api/auth/me') return [200, [true, session('user')]];
    if (key === 'GET /api/parents/account/') return [200, [true, patelFamily()]];
    if (key === 'GET /api/parents/tuition/schedule') return [200, [true, emptyTuition]];
    if (key === 'GET /api/parents/money') return answer(ledgerCalls.parentMoney, noMoneyYet);
    if (key.startsWith(`GET /api/transactions/list/${FAMILY_ID}/parent`))
      return answer(ledgerCalls.familyList, { items: [], total: 0, page: 1, pageSize: 5 });
    if (key === 'POST /api/parents/account/user')
      return [200, [true, { id: 'new', msg: 'Insert Successful' }]];
    if (key === 'PUT /api/parents/account/user/') return [200, [true, { msg: 'Update Successful' }]];
    if (key.startsWith('DELETE /api/parents/account/user/'))
      return [200, [true, { msg: 'Delete Successful' }]];
    if (key === 'PUT /api/parents/account/contactInfo') return [200, [true, { msg: 'Update Successful' }]];
    return undefined;
  });
}

const bodyOf = (calls: { url: string; init?: RequestInit }[], method: string, url: string) =>
  JSON.parse(String(calls.find((c) => c.init?.method === method && c.url === url)?.init?.body));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-21T15:00:00.000Z'));
});
afterEach(() => vi.useRealTimers());

// Typing into Mantine inputs in jsdom is slow on a 2-core machine running other files alongside.
// The parent's home loads its parts one after another (tuition, then the payments' table as it comes
// near); on two cores shared with the API's files and the journeys, one run took over 5 s to show the
// tuition. A screen that never shows it still fails.
const SLOW_SCREEN = 15_000;

describe('ParentHomePage', () => {
  it('shows the family: welcome, students with ages and classes, people, terms, and no invented tuition', async () => {
    api();
    renderWithProviders(<ParentHomePage />);
    expect(await screen.findByRole('heading', { name: 'Welcome, Dana' })).toBeTruthy();
    expect(screen.getByTestId('portal-family').textContent).toBe('The Patel family');
    expect(screen.getByTestId('portal-season').textContent).toContain('Season 2026-2027');
    expect(screen.getByText('Registered this season')).toBeTruthy();

    const dev = screen.getByRole('article', { name: 'Dev Patel' });
    expect(within(dev).getByTestId('student-age').textContent).toBe('8¼ yrs');
    expect(within(dev).getByText('Born Jul 2, 2018 · Male')).toBeTruthy();
    const [ballet, tap] = within(dev).getAllByTestId('student-class');
    expect(within(ballet!).getByText('Ballet 1')).toBeTruthy();
    expect(within(ballet!).getByText('Monday · 5:00 – 6:00 PM')).toBeTruthy();
    expect(within(ballet!).getByText('with Camille Durand · Studio A, Main Street Studio')).toBeTruthy();
    expect(tap!.dataset.standing).toBe('dropped');
    expect(within(tap!).getByText('Dropped')).toBeTruthy();
    const anika = screen.getByRole('article', { name: 'Anika Patel' });
    expect(within(anika).getByText('Born Mar 14, 2015 · Female · (973) 555-0111')).toBeTruthy();
    expect(within(anika).getByText('Not registered for any class this season.')).toBeTruthy();

    const badges = screen.getAllByTestId('login-badge').map((b) => b.textContent);
    expect(badges).toEqual(['Can sign in', 'Invited']);
    expect(screen.getByText('You')).toBeTruthy();
    expect(screen.getByText('(973) 555-0199')).toBeTruthy();
    expect(screen.getByText('Montclair, NJ 07042')).toBeTruthy();

    const terms = screen.getAllByTestId('terms-item');
    expect(terms.map((t) => t.dataset.state)).toEqual(['accepted', 'missing']);
    expect(
      within(terms[0]!).getByText('Version 2 accepted Aug 19, 2026, 9:30 PM by Dana Owens'),
    ).toBeTruthy();
    expect(within(terms[1]!).getByText('Not accepted yet')).toBeTruthy();

    expect((await screen.findByTestId('tuition-empty', {}, { timeout: SLOW_SCREEN })).textContent).toContain(
      'No classes this season yet. When you register your dancers',
    );
    expect(screen.getByText(/Pay by card from your balance above/)).toBeTruthy();
    // The only amounts are the balance card's zeros: nothing charged, nothing invented.
    const money = await screen.findByTestId('money-card');
    expect(screen.queryAllByText(/\$\d/).every((e) => money.contains(e))).toBe(true);
    expect(within(money).getByTestId('money-balance').textContent).toBe('$0.00');
    expect(within(money).getByTestId('money-standing').textContent).toBe("You're all paid up.");
  });

  it("shows the family's tuition as the studio worked it out: prices, the monthly total and the plan's payments", async () => {
    const { calls } = api({ 'GET /api/parents/tuition/schedule': [200, [true, hartleyTuition]] });
    renderWithProviders(<ParentHomePage />);
    expect(await screen.findByTestId('family-monthly', {}, { timeout: SLOW_SCREEN })).toHaveProperty(
      'textContent',
      '$159.50',
    );
    expect(screen.getByRole('heading', { name: 'Tuition and payments' })).toBeTruthy();
    expect(screen.getByRole('article', { name: 'Jazz 1, Tue 5:30 PM' }).textContent).toContain(
      'Multi-class discount (2nd class): 10 %−$6.00',
    );
    // The payments come in a part of their own (a table loaded as it comes near, or a phone's list).
    expect(await screen.findAllByTestId('payment', {}, { timeout: SLOW_SCREEN })).toHaveLength(3);
    expect(screen.getByTestId('plan-total').textContent).toBe('$1,542.50');
    expect(screen.getByText("Waiting for the studio's approval")).toBeTruthy();
    expect(calls.some((c) => c.url === '/api/parents/tuition/schedule')).toBe(true);
  });

  it("shows the family's balance: what is past due, each charge explained, and the way to the statement", async () => {
    const user = userEvent.setup();
    api({ 'GET /api/parents/money': answer(ledgerCalls.parentMoney, patelMoney()) });
    renderWithProviders(<ParentHomePage />);
    const money = await screen.findByTestId('money-card');
    expect(within(money).getByRole('heading', { name: 'Balance' })).toBeTruthy();
    expect((await within(money).findByTestId('money-balance')).textContent).toBe('$95.00');
    expect(within(money).getByTestId('money-overdue').textContent).toBe('$50.00');
    expect(within(money).getByTestId('money-standing').textContent).toBe(
      '$50.00 is past due. Please pay Demo Dance Academy as soon as you can.',
    );
    expect(within(money).getAllByTestId('open-charge')).toHaveLength(3);
    await user.click(
      within(money).getByRole('button', { name: /^2026-2027 tuition \(Monthly\): November 2026/ }),
    );
    expect(within(money).getByText('Multi-class discount (2nd class, 10 % off)')).toBeTruthy();
    expect(within(money).getByRole('link', { name: 'Statement' }).getAttribute('href')).toBe(
      '/accounts/parents/statement',
    );
  });

  it('adds a contact with POST api/parents/account/user and says Insert Successful', async () => {
    const user = userEvent.setup();
    const { calls } = api();
    renderWithProviders(<ParentHomePage />);
    await user.click(await screen.findByRole('button', { name: 'Add contact' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add contact' });
    await user.click(within(dialog).getByRole('button', { name: 'Add contact' }));
    expect(within(dialog).getByText(accountMessages.personName)).toBeTruthy();
    expect(within(dialog).getByText('Please enter a 10-digit phone number')).toBeTruthy();
    expect(calls.some((c) => c.init?.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByRole('textbox', { name: 'First name' }), 'Nora');
    await user.type(within(dialog).getByRole('textbox', { name: /^Phone/ }), '9735550144');
    expect(within(dialog).getByRole('textbox', { name: /^Phone/ })).toHaveProperty('value', '(973) 555-0144');
    await user.click(within(dialog).getByRole('button', { name: 'Add contact' }));
    expect(await screen.findByText(messages.insertSuccessful)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add contact' })).toBeNull());
    expect(bodyOf(calls, 'POST', '/api/parents/account/user')).toEqual({
      type: 'contact',
      user: { firstName: 'Nora', lastName: '', phone: '9735550144', role: 'Mother' },
    });
  });

  it('adds a user without an e-mail field: the studio invites people to sign in, and the portal says so', async () => {
    const user = userEvent.setup();
    const { calls } = api();
    renderWithProviders(<ParentHomePage />);
    const people = await screen
      .findByRole('region', { name: 'Users and contacts' })
      .catch(() => screen.getByLabelText('Users and contacts'));
    expect(
      within(people).getByText(
        'The adults who look after the family account. To let one of them sign in, ask Demo Dance Academy to send them an invitation.',
      ),
    ).toBeTruthy();
    expect(within(people).queryByText(/With an e-mail address they can sign in/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add user' });
    expect(within(dialog).queryByRole('textbox', { name: /^E-mail/ })).toBeNull();
    await user.type(within(dialog).getByRole('textbox', { name: 'First name' }), 'Omar');
    await user.type(within(dialog).getByRole('textbox', { name: /^Phone/ }), '9735550145');
    await user.click(within(dialog).getByRole('button', { name: 'Add user' }));
    expect((await screen.findAllByText(messages.insertSuccessful)).length).toBeGreaterThan(0);
    expect(bodyOf(calls, 'POST', '/api/parents/account/user')).toEqual({
      type: 'user',
      user: { firstName: 'Omar', lastName: '', phone: '9735550145', role: 'Mother' },
    });
  });

  it("edits a student with PUT, sending the id; a server refusal stays in the dialog with the server's words", async () => {
    const user = userEvent.setup();
    const { calls } = api({
      'PUT /api/parents/account/user/': [422, [false, 'The date of birth cannot be in the future.']],
    });
    renderWithProviders(<ParentHomePage />);
    await user.click(await screen.findByRole('button', { name: 'Edit Dev Patel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit student' });
    fireEvent.change(within(dialog).getByLabelText(/^Date of birth/), { target: { value: '2018-07-03' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain(accountMessages.personFailed);
    expect(alert.textContent).toContain('The date of birth cannot be in the future.');
    expect(bodyOf(calls, 'PUT', '/api/parents/account/user/')).toEqual({
      type: 'student',
      user: { id: DEV_ID, firstName: 'Dev', lastName: 'Patel', phone: '', gender: 'M', dob: '2018-07-03' },
    });
  });

  it('asks before deleting; a refused delete is told with the server message', async () => {
    const user = userEvent.setup();
    const refusal = accountMessages.studentRegistered('1 class');
    api({ [`DELETE /api/parents/account/user/student/${DEV_ID}`]: [422, [false, refusal]] });
    renderWithProviders(<ParentHomePage />);
    await user.click(await screen.findByRole('button', { name: 'Delete Dev Patel' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete student' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(screen.getByText(accountMessages.personFailed)).toBeTruthy();
  });

  it('deletes a contact and says Delete Successful; never offers to delete yourself', async () => {
    const user = userEvent.setup();
    const { calls } = api();
    renderWithProviders(<ParentHomePage />);
    await user.click(await screen.findByRole('button', { name: 'Delete Raj Patel' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete contact' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(messages.deleteSuccessful)).toBeTruthy();
    expect(calls.some((c) => c.url === `/api/parents/account/user/contact/${RAJ_ID}`)).toBe(true);
    expect(screen.queryByRole('button', { name: 'Delete Dana Owens' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete Sam Patel' })).toBeTruthy();
  });

  it('edits the contact information with PUT contactInfo', async () => {
    const user = userEvent.setup();
    const { calls } = api();
    renderWithProviders(<ParentHomePage />);
    await user.click(await screen.findByRole('button', { name: 'Edit contact information' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit contact information' });
    const city = within(dialog).getByRole('textbox', { name: /^City/ });
    await user.clear(city);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Required')).toBeTruthy();
    await user.type(city, 'Newark');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(messages.updateSuccessful)).toBeTruthy();
    expect(bodyOf(calls, 'PUT', '/api/parents/account/contactInfo')).toEqual({
      address: '15 Park Place',
      address2: '',
      city: 'Newark',
      state: 'NJ',
      zipcode: '07042',
      phone: '9735550150',
      email: 'parent@demo.example',
    });
  });

  it('says when the family could not be loaded, and tries again', async () => {
    api({ 'GET /api/parents/account/': [404, [false, messages.accountNotFound]] });
    renderWithProviders(<ParentHomePage />);
    expect(await screen.findByText(messages.accountNotFound)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  describe('studio terms', () => {
    const WAIVER = '8ba5b383-9e2c-43ba-8c64-55c65519fdfc';
    const RULES = 'cc68ce4b-90d6-4e08-a6bd-f7dd51777ef1';
    const text = (version: number) => [
      { id: RULES, title: 'studio rules and policies', version: 2, content: 'Tuition is due on the 1st.' },
      {
        id: WAIVER,
        title: 'media release and liability waiver',
        version,
        content: version === 1 ? 'I allow the studio to use photographs.' : 'Photographs only with consent.',
      },
    ];
    /** The family as the server answers it after the waiver's acceptance. */
    const accepted = () => {
      const family = patelFamily();
      family.trmCond[1] = {
        ...family.trmCond[1]!,
        accepted: true,
        acceptedVersion: 1,
        acceptedAt: '2026-11-21T15:00:00.000Z',
        acceptedBy: 'Dana Owens',
      };
      return family;
    };

    it('lets the parent read a document in the version in force and accept it', async () => {
      const user = userEvent.setup();
      let done = false;
      const { calls } = mockApi((url, init) => {
        const key = `${init?.method ?? 'GET'} ${url}`;
        if (key === 'GET /api/auth/me') return [200, [true, session('user')]];
        if (key === 'GET /api/parents/account/') return [200, [true, done ? accepted() : patelFamily()]];
        if (key === 'GET /api/parents/account/terms') return [200, [true, text(1)]];
        if (key === 'POST /api/parents/account/terms') {
          done = true;
          return [
            200,
            [true, { msg: termsAcceptanceMessages.accepted('media release and liability waiver', 1) }],
          ];
        }
        return undefined;
      });
      renderWithProviders(<ParentHomePage />);
      expect(
        await screen.findByText("Please read the studio's current terms and accept them for your family."),
      ).toBeTruthy();
      await user.click(
        await screen.findByRole('button', { name: 'Read and accept the media release and liability waiver' }),
      );
      const dialog = await screen.findByRole('dialog', { name: 'Media release and liability waiver' });
      expect((await within(dialog).findByTestId('terms-text')).textContent).toBe(
        'I allow the studio to use photographs.',
      );
      await user.click(within(dialog).getByRole('button', { name: 'I accept version 1' }));

      await waitFor(() =>
        expect(bodyOf(calls, 'POST', '/api/parents/account/terms')).toEqual({ coTermID: WAIVER, version: 1 }),
      );
      expect(
        await screen.findByText(
          termsAcceptanceMessages.accepted('media release and liability waiver', 1),
          {},
          { timeout: SLOW_SCREEN },
        ),
      ).toBeTruthy();
      await waitFor(() =>
        expect(screen.getAllByTestId('terms-item').map((t) => t.dataset.state)).toEqual([
          'accepted',
          'accepted',
        ]),
      );
      expect(
        screen.queryByText("Please read the studio's current terms and accept them for your family."),
      ).toBeNull();
      // An accepted document can still be read, with nothing left to accept.
      await user.click(screen.getByRole('button', { name: 'Read the studio rules and policies' }));
      const rules = await screen.findByRole('dialog', { name: 'Studio rules and policies' });
      expect(await within(rules).findByText('Tuition is due on the 1st.')).toBeTruthy();
      expect(within(rules).queryByRole('button', { name: /I accept/ })).toBeNull();
    });

    it('shows the new text when the studio changed the document while the parent was reading', async () => {
      const user = userEvent.setup();
      let version = 1;
      const { calls } = mockApi((url, init) => {
        const key = `${init?.method ?? 'GET'} ${url}`;
        if (key === 'GET /api/auth/me') return [200, [true, session('user')]];
        if (key === 'GET /api/parents/account/') return [200, [true, patelFamily()]];
        if (key === 'GET /api/parents/account/terms') return [200, [true, text(version)]];
        if (key === 'POST /api/parents/account/terms') {
          version = 2;
          return [409, [false, termsAcceptanceMessages.changed]];
        }
        return undefined;
      });
      renderWithProviders(<ParentHomePage />);
      await user.click(
        await screen.findByRole('button', { name: 'Read and accept the media release and liability waiver' }),
      );
      const dialog = await screen.findByRole('dialog', { name: 'Media release and liability waiver' });
      await user.click(await within(dialog).findByRole('button', { name: 'I accept version 1' }));
      expect(await within(dialog).findByText(termsAcceptanceMessages.changed)).toBeTruthy();
      expect(await within(dialog).findByText('Photographs only with consent.')).toBeTruthy();
      expect(within(dialog).getByRole('button', { name: 'I accept version 2' })).toBeTruthy();
      expect(calls.filter((c) => c.init?.method === 'POST')).toHaveLength(1);
    });
  });
});
