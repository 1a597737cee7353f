import {
  type CompetitionRegisteredEvent,
  type CompetitionWorkingLists,
  competitionEntryCalls,
  competitionEventCalls,
  competitionRegistrationCalls,
  locationCalls,
  yearTermCalls,
} from '@pirouette/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer } from '../../../test/fake-api';
import { session, yearTerm } from '../../../test/fixtures';
import { mockApi, renderWithProviders } from '../../../test/render';
import { CompetitionRegistrationPage } from '../pages/competition-registration-page';

/**
 * The competition registration page with a faked server (issue 19 point 2, decision 032): the lists'
 * three states, a class selecting its open numbers and what registering sends, and the event's
 * registrations by dancer with each fee paid or not.
 */

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const C = '/api/mystudio/competition';
const EVENT = id(1);
const ENTRY = id(2);
const LOC = id(3);
const JAZZ = id(10);
const FEVER = id(11);
const SING = id(12);
const [AVA, BEN, CARA] = [id(21), id(22), id(23)];

const dancer = (dncNumID: string, acctStdID: string, studentName: string, isReg: 0 | 1) => ({
  id: id(Number.parseInt(acctStdID.slice(-3), 10) + (dncNumID === FEVER ? 100 : 200)),
  dncNumID,
  acctStdID,
  studentName,
  coAcctMemID: id(300),
  isReg,
  stat: (isReg ? 2 : 0) as 0 | 2,
  regID: isReg ? id(400 + Number.parseInt(acctStdID.slice(-3), 10)) : null,
});

const LISTS: CompetitionWorkingLists = {
  entry: {
    id: ENTRY,
    name: 'Small Group',
    priceStudio: 45,
    priceCustomer: 55,
    nDancersMin: 2,
    nDancersMax: 9,
  },
  cls: [{ id: JAZZ, name: 'Jazz Comp', day: 1, timeStart: '16:30', nReg_tot: 5, nReg_Students: 2, isReg: 0 }],
  dnc: [
    { id: FEVER, clsSch_ID: JAZZ, name: 'Fever', nGenre: 'Jazz', nReg_tot: 3, nReg_Students: 0, isReg: 0 },
    {
      id: SING,
      clsSch_ID: JAZZ,
      name: 'Sing Sing Sing',
      nGenre: 'Jazz',
      nReg_tot: 2,
      nReg_Students: 2,
      isReg: 1,
    },
  ],
  reg_cls: [
    dancer(FEVER, AVA, 'Ava Adams', 0),
    dancer(FEVER, BEN, 'Ben Brown', 0),
    dancer(FEVER, CARA, 'Cara Cole', 0),
    dancer(SING, AVA, 'Ava Adams', 1),
    dancer(SING, BEN, 'Ben Brown', 1),
  ],
  privs: [],
  reg_prv: [],
  reg_std: [],
};

const line = (n: number, acctStdID: string, studentName: string, paid: number) => ({
  id: id(400 + n),
  type: 'cls' as const,
  pID: SING,
  compCoEntryID: ENTRY,
  acctStdID,
  studentName,
  coAcctMemID: id(300 + n),
  family: studentName.split(' ')[1]!,
  price: 55,
  priceStudio: 45,
  paid,
  isPayed: (paid === 55 ? 1 : 0) as 0 | 1,
});
const REGISTERED: CompetitionRegisteredEvent = {
  class_List: [{ id: JAZZ, name: 'Jazz Comp' }],
  dncNum_List: [{ id: SING, name: 'Sing Sing Sing', nGenre: 'Jazz', clsSch_ID: JAZZ }],
  private_List: [],
  entry_List: [
    {
      cmpEntID: ENTRY,
      name: 'Small Group',
      priceStudio: 45,
      priceCustomer: 55,
      nDancersMin: 2,
      nDancersMax: 9,
      nReg: 2,
    },
  ],
  reg_List: [line(21, AVA, 'Ava Adams', 55), line(22, BEN, 'Ben Brown', 0)],
  std_List: [
    {
      acctStdID: AVA,
      studentName: 'Ava Adams',
      coAcctMemID: id(321),
      family: 'Adams',
      regIDs: [id(421)],
      price: 55,
      paid: 55,
    },
    {
      acctStdID: BEN,
      studentName: 'Ben Brown',
      coAcctMemID: id(322),
      family: 'Brown',
      regIDs: [id(422)],
      price: 55,
      paid: 0,
    },
  ],
  totals: { priceStudio: 90, price: 110, paid: 55 },
};

function api() {
  return mockApi((url, init) => {
    const path = new URL(url, 'http://localhost').pathname;
    const method = init?.method ?? 'GET';
    if (path === '/api/auth/me') return [200, [true, session('owner')]];
    if (path === `${C}/event`)
      return answer(competitionEventCalls.list, [
        {
          id: EVENT,
          compCoLocID: id(5),
          dateStart: '2027-03-05',
          dateEnd: '2027-03-07',
          type: 'Regional',
          compCoID: id(6),
          company: 'Starpower',
          location: 'Meadowlands Expo Center',
          nEntries: 1,
        },
      ]);
    if (path === `${C}/entries/${EVENT}`)
      return answer(competitionEntryCalls.ofEvent, [
        {
          id: ENTRY,
          compCoEventID: EVENT,
          name: 'Small Group',
          priceStudio: 45,
          priceCustomer: 55,
          nDancersMin: 2,
          nDancersMax: 9,
          isPerformance: true,
          notes: '',
        },
      ]);
    if (path === '/api/mystudio/yearTerms') return answer(yearTermCalls.list, [yearTerm] as never);
    if (path === '/api/mystudio/locations')
      return answer(locationCalls.list, [
        {
          id: LOC,
          name: 'Main Street Studio',
          address: '1 Main St',
          city: 'Montclair',
          state: 'NJ',
          zipcode: '07042',
          phone: '9735550100',
          rooms: [],
        },
      ]);
    if (path === `${C}/registration` && method === 'POST')
      return answer(competitionRegistrationCalls.workingLists, LISTS);
    if (path === `${C}/registered/event/${EVENT}`)
      return answer(competitionRegistrationCalls.registered, REGISTERED);
    if (path === `${C}/registration/class`)
      return answer(competitionRegistrationCalls.registerClass, {
        msg: 'Registration was successful.',
        regIDs: [id(501), id(502), id(503)],
        nReg: 3,
        fees: 165,
      });
    return undefined;
  });
}

describe('the competition registration page', () => {
  it('shows each row’s state; a class selects its open numbers, and registering sends them', async () => {
    const user = userEvent.setup();
    const { calls } = api();
    renderWithProviders(<CompetitionRegistrationPage />, '/accounts/admin/competition/registration');
    // Registered rows are ticks, never boxes; open ones are boxes.
    expect(await screen.findByText('Fever')).toBeTruthy();
    expect(screen.getByLabelText('Sing Sing Sing: registered')).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: 'Select Sing Sing Sing' })).toBeNull();
    const fever = screen.getByRole('checkbox', { name: 'Select Fever' });
    expect((fever as HTMLInputElement).checked).toBe(false);
    expect(screen.getByText('Nothing selected yet.')).toBeTruthy();
    // The class's time in the studio's 12-hour style, as on the schedule (issue 31 item 16).
    expect(screen.getByText(/^[A-Z][a-z]+day 4:30 PM ·/)).toBeTruthy();

    await user.click(screen.getByRole('checkbox', { name: 'Select Jazz Comp' }));
    expect((fever as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('3 dancers selected · $165.00 in fees')).toBeTruthy();
    // One dancer taken out: the number's others stay selected.
    await user.click(screen.getByRole('checkbox', { name: 'Select Cara Cole' }));
    expect(screen.getByText('2 dancers selected · $110.00 in fees')).toBeTruthy();
    // Cara back one by one, then the class: the number selected whole again, sent as one.
    await user.click(screen.getByRole('checkbox', { name: 'Select Cara Cole' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Jazz Comp' }));
    expect(screen.getByText('3 dancers selected · $165.00 in fees')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith(`${C}/registration/class`))).toBe(true));
    const sent = calls.find((c) => c.url.endsWith(`${C}/registration/class`))!;
    expect(JSON.parse(String(sent.init?.body))).toEqual({ entry: ENTRY, type: 'cls', sReg: [FEVER] });
    expect(await screen.findByText('Registration was successful.')).toBeTruthy();
  });

  it('lists the event’s registrations by dancer, each fee paid or unpaid, and the event’s money', async () => {
    api();
    renderWithProviders(<CompetitionRegistrationPage />, '/accounts/admin/competition/registration');
    expect(await screen.findByText('Registered for this event')).toBeTruthy();
    const ava = (await screen.findByText('Adams family')).closest('.mantine-Paper-root') as HTMLElement;
    expect(within(ava).getByText('Small Group · Sing Sing Sing')).toBeTruthy();
    expect(within(ava).getByText('Paid')).toBeTruthy();
    const ben = screen.getByText('Brown family').closest('.mantine-Paper-root') as HTMLElement;
    expect(within(ben).getByText('Unpaid')).toBeTruthy();
    expect(screen.getByText('$90.00')).toBeTruthy();
  });
});
