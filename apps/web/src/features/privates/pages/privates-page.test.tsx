import { messages, type PrivateLesson, type PrivateRegistration, privateMessages } from '@pirouette/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type FakeAnswer, refusal } from '../../../test/fake-api';
import { session, yearTerm } from '../../../test/fixtures';
import { mockApi, renderWithProviders } from '../../../test/render';
import {
  AIKO,
  answer,
  BALLET,
  CAMILLE,
  formInputs,
  lesson,
  MAIN,
  REG,
  registration,
  SOLO_PRICE,
  STUDENT,
  TERM_ID,
} from '../test/privates-fixtures';
import { PrivatesPage } from './privates-page';

const PATH = '/accounts/admin/privates';
const reflection = lesson({ name: 'Reflection', nReg: 1 });
const shallow = lesson({ name: 'Shallow', type: 2, teacherID: AIKO, teacher: 'Aiko Tanaka', price: 45 });

type Studio = {
  lessons?: PrivateLesson[];
  regList?: PrivateRegistration[];
  inputs?: typeof formInputs;
  locations?: { id: string; name: string }[];
  regAnswer?: [number, unknown];
  /** The answers to registering a student, in turn, before the default success. */
  registerAnswers?: FakeAnswer[];
};

/** The privates API of one studio; the registration list follows the activity updates it is sent. */
function studio({ lessons = [reflection, shallow], regList = [registration()], ...o }: Studio = {}) {
  let regs = regList;
  return mockApi((url, init) => {
    const method = init?.method ?? 'GET';
    if (url === '/api/auth/me') return [200, [true, session('owner')]];
    if (url === '/api/mystudio/yearTerms') return [200, [true, [yearTerm]]];
    if (url.startsWith('/api/mystudio/privates?'))
      return [200, [true, answer(lessons, o.locations ? { loc: o.locations } : {})]];
    if (url.startsWith('/api/mystudio/inputs/privateForm')) return [200, [true, o.inputs ?? formInputs]];
    if (url.startsWith('/api/mystudio/inputs/student'))
      return [200, [true, [{ id: STUDENT, name: 'Dev Patel', dob: '2018-07-02' }]]];
    if (url === `/api/mystudio/privates/${reflection.id}`)
      return [200, [true, { info: reflection, regList: regs }]];
    if (url === `/api/mystudio/privates/reg/${REG}` && method === 'PUT') {
      if (o.regAnswer) return o.regAnswer;
      const { step, status } = JSON.parse(String(init?.body));
      const keys =
        step === 1
          ? ['status', 'competition', 'recital', 'costume']
          : [['', 'status', 'competition', 'recital', 'costume'][step]];
      regs = regs.map((r) => ({ ...r, ...Object.fromEntries(keys.map((k) => [k, status])) }));
      return [200, [true, { msg: messages.updateSuccessful }]];
    }
    if (method === 'PUT' && url === '/api/mystudio/privates')
      return [200, [true, { msg: messages.updateSuccessful }]];
    if (method === 'POST' && url === '/api/mystudio/privates/reg/student' && o.registerAnswers?.length)
      return o.registerAnswers.shift();
    if (method === 'POST' && url === '/api/mystudio/privates')
      return [200, [true, { id: '12345678-1234-4234-8234-123456789012', msg: messages.insertSuccessful }]];
    if (method === 'POST' && url === '/api/mystudio/privates/reg/student')
      return [
        200,
        [
          true,
          {
            rData: { privRegID: REG, privRegActID: REG, dateEnd: '2027-06-30' },
            msg: 'Registration was successful.',
          },
        ],
      ];
    return undefined;
  });
}

const body = (calls: { url: string; init?: RequestInit }[], url: string, method: string) =>
  JSON.parse(String(calls.find((c) => c.url === url && c.init?.method === method)?.init?.body));

describe('PrivatesPage', () => {
  it('lists lessons by type, then teacher, for the location in the address', async () => {
    const { calls } = studio();
    renderWithProviders(<PrivatesPage />, `${PATH}?loc=${MAIN}`);
    const solos = await screen.findByRole('region', { name: 'Solos' });
    const camille = within(solos).getByRole('region', { name: 'Camille Durand' });
    expect(
      within(camille).getByRole('button', { name: /^Reflection, Ballet, \$70\.00, 1 registered/ }),
    ).toBeTruthy();
    const duets = screen.getByRole('region', { name: 'Duets' });
    expect(within(duets).getByText('Shallow')).toBeTruthy();
    expect(screen.getByText('2 lessons: 1 solo · 1 duet')).toBeTruthy();
    expect(calls.some((c) => c.url === `/api/mystudio/privates?yrTrmID=${TERM_ID}&locID=${MAIN}`)).toBe(true);
  });

  it('sends the owner to set up locations, or private prices, before lessons', async () => {
    studio({ lessons: [], locations: [] });
    const first = renderWithProviders(<PrivatesPage />, PATH);
    const link = await screen.findByRole('link', { name: 'Go to locations' });
    expect(link.getAttribute('href')).toBe('/accounts/admin/myStudio/locations');
    first.unmount();

    studio({ lessons: [], inputs: { ...formInputs, prices: [] } });
    renderWithProviders(<PrivatesPage />, PATH);
    const prices = await screen.findByRole('link', { name: 'Go to tuition prices' });
    expect(prices.getAttribute('href')).toBe(`/accounts/admin/myStudio/dance-year?term=${TERM_ID}`);
  });

  it('says when a location has no lessons yet, and adds one with the price of its type', async () => {
    const user = userEvent.setup();
    const { calls } = studio({ lessons: [] });
    renderWithProviders(<PrivatesPage />, PATH);
    expect(await screen.findByText('No private lessons at Main Street Studio yet')).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Add private' }));
    const dialog = await screen.findByRole('dialog', { name: 'New private lesson' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Firework');
    await user.click(within(dialog).getByRole('textbox', { name: /^Type/ }));
    await user.click(await screen.findByRole('option', { name: 'Solo', hidden: true }));
    await user.click(within(dialog).getByRole('textbox', { name: /^Teacher/ }));
    await user.click(await screen.findByRole('option', { name: 'Camille Durand', hidden: true }));
    await user.click(within(dialog).getByRole('textbox', { name: /^Genre/ }));
    await user.click(await screen.findByRole('option', { name: 'Ballet', hidden: true }));
    await user.click(within(dialog).getByRole('button', { name: 'Add private' }));
    expect(await screen.findByText(messages.insertSuccessful)).toBeTruthy();
    expect(body(calls, '/api/mystudio/privates', 'POST')).toEqual({
      name: 'Firework',
      type: 1,
      teacherID: CAMILLE,
      priceID: SOLO_PRICE,
      genreID: BALLET,
      locationID: MAIN,
      songName: '',
      songArtist: '',
      songLength: '2:00',
    });
  });

  it('edits a lesson, sending its id beside its fields, and closes', async () => {
    const user = userEvent.setup();
    const { calls } = studio();
    renderWithProviders(<PrivatesPage />, `${PATH}?priv=${reflection.id}`);
    const info = await screen.findByRole('dialog', { name: /Reflection/ });
    await user.click(await within(info).findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit private lesson' });
    const name = within(dialog).getByRole('textbox', { name: /^Name/ });
    await user.clear(name);
    await user.type(name, 'Reverie');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(messages.updateSuccessful)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit private lesson' })).toBeNull());
    expect(body(calls, '/api/mystudio/privates', 'PUT')).toMatchObject({
      id: reflection.id,
      name: 'Reverie',
      teacherID: CAMILLE,
      genreID: BALLET,
    });
  });

  it('turns competition off with step 2 and shows what the server then holds', async () => {
    const user = userEvent.setup();
    const { calls } = studio();
    renderWithProviders(<PrivatesPage />, PATH);
    await user.click(await screen.findByRole('button', { name: /^Reflection/ }));
    const info = await screen.findByRole('dialog', { name: /Reflection/ });
    const competition = await within(info).findByRole('switch', { name: 'Competition: Anika Patel' });
    expect((competition as HTMLInputElement).checked).toBe(true);
    await user.click(competition);
    await waitFor(() => expect((competition as HTMLInputElement).checked).toBe(false));
    expect(body(calls, `/api/mystudio/privates/reg/${REG}`, 'PUT')).toEqual({ step: 2, status: 0 });

    // Active is step 1: all four go off, and the others wait for the student to be active again.
    await user.click(within(info).getByRole('switch', { name: 'Active: Anika Patel' }));
    const recital = within(info).getByRole('switch', { name: 'Recital: Anika Patel' }) as HTMLInputElement;
    await waitFor(() => expect(recital.checked).toBe(false));
    expect(recital.disabled).toBe(true);
  });

  it('shows the server message when an activity update fails', async () => {
    const user = userEvent.setup();
    studio({ regAnswer: [422, [false, 'This registration could not be found.']] });
    renderWithProviders(<PrivatesPage />, `${PATH}?priv=${reflection.id}`);
    const info = await screen.findByRole('dialog', { name: /Reflection/ });
    const costume = await within(info).findByRole('switch', { name: 'Costume: Anika Patel' });
    await user.click(costume);
    expect(await screen.findByText('This registration could not be found.')).toBeTruthy();
    await waitFor(() => expect((costume as HTMLInputElement).checked).toBe(true));
  });

  it('registers a student with the text after the $ of the price', async () => {
    const user = userEvent.setup();
    const { calls } = studio({ regList: [] });
    renderWithProviders(<PrivatesPage />, `${PATH}?priv=${reflection.id}`);
    const info = await screen.findByRole('dialog', { name: /Reflection/ });
    expect(await within(info).findByText('No students registered yet.')).toBeTruthy();
    await user.click(within(info).getByRole('button', { name: 'Register a student' }));
    const dialog = await screen.findByRole('dialog', { name: 'Register a student' });
    const price = within(dialog).getByRole('textbox', { name: /^Price/ }) as HTMLInputElement;
    expect(price.value).toBe('$70.00');
    await user.type(within(dialog).getByRole('textbox', { name: /^Student/ }), 'Dev');
    await user.click(await screen.findByRole('option', { name: /Dev Patel/, hidden: true }));
    await user.clear(price);
    await user.type(price, '$65.50');
    await user.click(within(dialog).getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Registration was successful.')).toBeTruthy();
    const sent = body(calls, '/api/mystudio/privates/reg/student', 'POST');
    expect(sent).toMatchObject({ studentID: STUDENT, privID: reflection.id, price: '65.50' });
    expect(sent.dateStart).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('shows the places, and asks before registering past them, then sends the override', async () => {
    const user = userEvent.setup();
    const other = registration({ studentID: 'ffffffff-ffff-4fff-8fff-000000000009', studentName: 'Ana Lee' });
    const { calls } = studio({ regList: [other] });
    renderWithProviders(<PrivatesPage />, `${PATH}?priv=${reflection.id}`);
    const info = await screen.findByRole('dialog', { name: /Reflection/ });
    expect(await within(info).findByText('1 of 1 dancer')).toBeTruthy();
    await user.click(within(info).getByRole('button', { name: 'Register a student' }));
    const dialog = await screen.findByRole('dialog', { name: 'Register a student' });
    expect(within(dialog).getByTestId('places').textContent).toBe('1 of 1 dancer');
    await user.type(within(dialog).getByRole('textbox', { name: /^Student/ }), 'Dev');
    await user.click(await screen.findByRole('option', { name: /Dev Patel/, hidden: true }));
    await user.click(within(dialog).getByRole('button', { name: 'Register' }));
    // Nothing is sent until the owner confirms, and the confirmation says what happens.
    const confirm = await within(dialog).findByRole('alert');
    expect(confirm.textContent).toContain('Register past 1 dancer?');
    expect(confirm.textContent).toContain(privateMessages.placesConfirm('Solo', 1, 1));
    expect(calls.some((c) => c.url === '/api/mystudio/privates/reg/student')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Go back' }));
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Register' }));
    await user.click(
      within(await within(dialog).findByRole('alert')).getByRole('button', { name: 'Register anyway' }),
    );
    expect(await screen.findByText('Registration was successful.')).toBeTruthy();
    expect(body(calls, '/api/mystudio/privates/reg/student', 'POST')).toMatchObject({
      studentID: STUDENT,
      privID: reflection.id,
      override: true,
    });
  });

  it('asks when the server says the places were taken meanwhile, then sends the override', async () => {
    const user = userEvent.setup();
    const { calls } = studio({
      regList: [],
      registerAnswers: [refusal(409, privateMessages.placesFull('Solo', 1), 'places_full')],
    });
    renderWithProviders(<PrivatesPage />, `${PATH}?priv=${reflection.id}`);
    const info = await screen.findByRole('dialog', { name: /Reflection/ });
    expect(await within(info).findByText('No students registered yet.')).toBeTruthy();
    await user.click(within(info).getByRole('button', { name: 'Register a student' }));
    const dialog = await screen.findByRole('dialog', { name: 'Register a student' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Student/ }), 'Dev');
    await user.click(await screen.findByRole('option', { name: /Dev Patel/, hidden: true }));
    await user.click(within(dialog).getByRole('button', { name: 'Register' }));
    // The refusal becomes the question, not a notification; the dialog stays open.
    const confirm = await within(dialog).findByRole('alert');
    expect(confirm.textContent).toContain('Register past 1 dancer?');
    expect(screen.queryByText(privateMessages.placesFull('Solo', 1))).toBeNull();
    await user.click(within(confirm).getByRole('button', { name: 'Register anyway' }));
    expect(await screen.findByText('Registration was successful.')).toBeTruthy();
    const posts = calls.filter((c) => c.url === '/api/mystudio/privates/reg/student');
    expect(posts.map((c) => JSON.parse(String(c.init?.body)).override)).toEqual([undefined, true]);
  });
});
