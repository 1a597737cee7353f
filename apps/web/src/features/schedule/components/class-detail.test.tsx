import { danceNumberCalls, messages, scheduleMessages, waitlistCalls } from '@pirouette/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answer } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { entry as waitlistEntry } from '../../waitlist/test/waitlist-fixtures';
import {
  ACTIVITY,
  activity,
  BALLET_1,
  ballet1,
  CLASS_GENRE,
  classInfo,
  inputs,
  JAZZ,
  NUMBER,
  scheduleApi,
} from '../schedule-test-data';
import { ClassDetail } from './class-detail';

function renderDetail() {
  return renderWithProviders(
    <ClassDetail
      cls={ballet1}
      roomName="Studio A"
      inputs={inputs}
      onEdit={vi.fn()}
      onDelete={vi.fn()}
      onClose={vi.fn()}
    />,
  );
}

/** Picks an option of a Mantine Select: its own list, as other selects' lists stay in the page. */
async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  const box = await screen.findByRole('textbox', { name: label });
  await user.click(box);
  const list = document.getElementById(box.getAttribute('aria-controls') ?? '');
  await user.click(within(list!).getByRole('option', { name: option, hidden: true }));
}

const bodyOf = (api: ReturnType<typeof scheduleApi>, method: string, path: string) =>
  JSON.parse(String(api.calls.find((c) => c.init?.method === method && c.url.endsWith(path))?.init?.body));

describe('ClassDetail activity switches', () => {
  it('sends step 1 for "active", which turns every switch off, and shows the server’s answer', async () => {
    const user = userEvent.setup();
    let current = activity();
    const api = scheduleApi((url, method, body) => {
      if (url.startsWith('/api/mystudio/schedule/class/info/')) return [200, [true, classInfo(current)]];
      if (url.endsWith(`/danceNumberActivity/${ACTIVITY}`) && method === 'PUT') {
        const { status } = body as { status: 0 | 1 };
        current = activity({
          dncNumActive: status,
          dncNumCompetition: status,
          dncNumRecital: status,
          dncNumCostume: status,
        });
        return [200, [true, { msg: 'Update Successful' }]];
      }
      return undefined;
    });
    renderDetail();
    const active = await screen.findByRole('checkbox', { name: 'Active: Emma Hartley in Waltz' });
    expect((active as HTMLInputElement).checked).toBe(true);
    await user.click(active);
    expect(bodyOf(api, 'PUT', `/danceNumberActivity/${ACTIVITY}`)).toEqual({ step: 1, status: 0 });
    expect(await screen.findByText('Update Successful')).toBeTruthy();
    const competition = screen.getByRole('checkbox', { name: 'Competition: Emma Hartley in Waltz' });
    await waitFor(() => expect((competition as HTMLInputElement).checked).toBe(false));
    // Without "active" the other switches wait for it.
    expect((competition as HTMLInputElement).disabled).toBe(true);
  });

  it('sends steps 2–4 for competition, recital and costume, and puts a refused switch back', async () => {
    const user = userEvent.setup();
    const api = scheduleApi((url, method) =>
      url.includes('/danceNumberActivity/') && method === 'PUT' ? [422, [false, 'Not now.']] : undefined,
    );
    renderDetail();
    const recital = await screen.findByRole('checkbox', { name: 'Recital: Emma Hartley in Waltz' });
    await user.click(recital);
    expect(bodyOf(api, 'PUT', `/danceNumberActivity/${ACTIVITY}`)).toEqual({ step: 3, status: 1 });
    expect(await screen.findByText('Not now.')).toBeTruthy();
    await waitFor(() => expect((recital as HTMLInputElement).checked).toBe(false));
    await user.click(screen.getByRole('checkbox', { name: 'Costume: Emma Hartley in Waltz' }));
    const puts = api.calls
      .filter((c) => c.init?.method === 'PUT')
      .map((c) => JSON.parse(String(c.init?.body)));
    expect(puts.at(-1)).toEqual({ step: 4, status: 0 });
  });
});

describe('ClassDetail genres and requirements', () => {
  it('adds a genre, shows the server refusing a duplicate, and removes one', async () => {
    const user = userEvent.setup();
    const api = scheduleApi((url, method) => {
      if (url.endsWith(`/class/${BALLET_1}/genre`) && method === 'POST')
        return [409, [false, scheduleMessages.genreExists]];
      if (url.endsWith(`/genre/${CLASS_GENRE}`) && method === 'DELETE')
        return [200, [true, { msg: scheduleMessages.genreDeleted }]];
      return undefined;
    });
    renderDetail();
    await choose(user, 'Genre to add', 'Ballet (added)');
    await user.click(screen.getByRole('button', { name: 'Add genre' }));
    expect(await screen.findByText(scheduleMessages.genreExists)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove genre Ballet' }));
    expect(await screen.findByText(scheduleMessages.genreDeleted)).toBeTruthy();
    expect(
      api.calls.some((c) => c.init?.method === 'DELETE' && c.url.endsWith(`/genre/${CLASS_GENRE}`)),
    ).toBe(true);
  });

  it('adds a requirement and shows the duplicate message', async () => {
    const user = userEvent.setup();
    const api = scheduleApi((url, method) =>
      url.endsWith(`/class/${BALLET_1}/otherRequirement`) && method === 'POST'
        ? [409, [false, scheduleMessages.requirementExists]]
        : undefined,
    );
    renderDetail();
    await choose(user, 'Requirement genre', 'Jazz');
    await choose(user, 'Requirement level', 'Intermediate');
    await user.click(screen.getByRole('radio', { name: 'Optional' }));
    await user.click(screen.getByRole('button', { name: 'Add requirement' }));
    expect(await screen.findByText(scheduleMessages.requirementExists)).toBeTruthy();
    expect(bodyOf(api, 'POST', `/class/${BALLET_1}/otherRequirement`)).toEqual({
      genreID: JAZZ,
      levelID: 2,
      isRequired: false,
    });
  });

  it('edits a requirement with PUT and its id', async () => {
    const user = userEvent.setup();
    const api = scheduleApi((url, method) =>
      url.endsWith(`/class/${BALLET_1}/otherRequirement`) && method === 'PUT'
        ? [409, [false, scheduleMessages.requirementUpdateExists]]
        : undefined,
    );
    renderDetail();
    const row = await screen.findByLabelText('Jazz, Intermediate');
    await user.click(within(row).getByRole('button', { name: 'Edit requirement Jazz Intermediate' }));
    await user.click(screen.getByRole('radio', { name: 'Optional' }));
    await user.click(screen.getByRole('button', { name: 'Save requirement' }));
    expect(await screen.findByText(scheduleMessages.requirementUpdateExists)).toBeTruthy();
    expect(bodyOf(api, 'PUT', `/class/${BALLET_1}/otherRequirement`)).toMatchObject({
      genreID: JAZZ,
      levelID: 2,
      isRequired: false,
    });
  });
});

describe('ClassDetail dance numbers', () => {
  it("adds a dance number to the class; the answer also carries the students' activity rows", async () => {
    const user = userEvent.setup();
    const created = '12121212-1212-4212-8212-121212121212';
    const api = scheduleApi((url, method) =>
      url.endsWith('/schedule/class/danceNumber') && method === 'POST'
        ? answer(danceNumberCalls.add, {
            id: created,
            dncNumAct: [activity({ dncNumActID: ACTIVITY, dncNumID: created })],
            msg: messages.insertSuccessful,
          })
        : undefined,
    );
    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Add dance number' }));
    const dialog = await screen.findByRole('dialog', { name: 'New dance number' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Polka');
    await choose(user, 'Genre', 'Jazz');
    await user.click(within(dialog).getByRole('button', { name: 'Add dance number' }));
    expect(await screen.findByText(messages.insertSuccessful)).toBeTruthy();
    expect(bodyOf(api, 'POST', '/schedule/class/danceNumber')).toMatchObject({
      clSchID: BALLET_1,
      name: 'Polka',
      genreID: JAZZ,
      costume: true,
    });
  });

  it('edits a dance number with PUT on its class and number, then closes', async () => {
    const user = userEvent.setup();
    const api = scheduleApi((url, method) =>
      method === 'PUT' && url.includes('/schedule/class/danceNumber/')
        ? answer(danceNumberCalls.edit, { msg: messages.updateSuccessful })
        : undefined,
    );
    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Edit dance number Waltz' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit dance number' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Slow waltz');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(messages.updateSuccessful)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit dance number' })).toBeNull());
    const put = bodyOf(api, 'PUT', `/schedule/class/danceNumber/${BALLET_1}/${NUMBER}`);
    expect(put).toMatchObject({ name: 'Slow waltz' });
    expect(put).not.toHaveProperty('clSchID');
  });

  it('deletes a dance number, sending the registration count the owner saw', async () => {
    const user = userEvent.setup();
    const api = scheduleApi((url, method) =>
      method === 'DELETE' && url.includes('/schedule/class/danceNumber/')
        ? answer(danceNumberCalls.remove, { msg: messages.deleteSuccessful })
        : undefined,
    );
    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Delete dance number Waltz' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete dance number' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(messages.deleteSuccessful)).toBeTruthy();
    expect(api.calls.map((c) => c.url)).toContain(
      `/api/mystudio/schedule/class/danceNumber/${BALLET_1}/${NUMBER}/${ballet1.nReg}`,
    );
  });
});

describe('ClassDetail of a full class', () => {
  it('shows who waits for a place, in order; a class with places shows no waitlist', async () => {
    scheduleApi((url) => {
      if (url.startsWith('/api/mystudio/schedule/class/info/')) return [200, [true, classInfo(activity())]];
      if (url === `/api/mystudio/schedule/class/${ballet1.id}/waitlist`) {
        return answer(waitlistCalls.classList, [
          waitlistEntry({
            id: 'a3000000-0000-4000-8000-000000000001',
            clSchID: ballet1.id,
            student: 'Ada Lin',
            position: 1,
          }),
        ]);
      }
      return undefined;
    });
    const full = { ...ballet1, nReg: ballet1.nMax, isFull: true };
    const view = renderWithProviders(
      <ClassDetail
        cls={full}
        roomName="Studio A"
        inputs={inputs}
        onEdit={vi.fn()}
        onDelete={vi.fn()}
        onClose={vi.fn()}
      />,
    );
    const waitlist = await screen.findByRole('region', { name: 'Waitlist' });
    expect(await within(waitlist).findByText(/Ada Lin/)).toBeTruthy();
    expect(within(waitlist).getByText('1 waiting')).toBeTruthy();
    view.unmount();
    renderDetail();
    await screen.findByRole('checkbox', { name: 'Active: Emma Hartley in Waltz' });
    expect(screen.queryByRole('region', { name: 'Waitlist' })).toBeNull();
  });
});
