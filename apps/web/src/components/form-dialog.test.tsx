import { TextInput } from '@mantine/core';
import { locationCalls, messages, type NewRoomInput, newRoomInput } from '@pirouette/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useCallMutation } from '../lib/call';
import { REQUIRED } from '../lib/zod-form';
import { answer } from '../test/fake-api';
import { mockApi, renderWithProviders } from '../test/render';
import { FormDialog, type FormSubmitOptions, type Mutation, type Saved, saveWith } from './form-dialog';

const LOCATION_ID = '11111111-1111-4111-8111-111111111111';
const emptyRoom = (): NewRoomInput => ({ locationID: LOCATION_ID, name: '', description: '' });

type Options = Partial<Omit<FormSubmitOptions<NewRoomInput, Saved>, 'save'>> & { onCancel?: () => void };

/** A room's form sent through a mutation the test holds: what it was given, and how it answers. */
function RoomForm({ mutation, ...options }: Options & { mutation: Mutation<{ body: NewRoomInput }, Saved> }) {
  return (
    <FormDialog
      initialValues={emptyRoom()}
      validate={newRoomInput}
      save={saveWith(mutation, (values: NewRoomInput) => ({ body: values }))}
      onDone={options.onDone ?? vi.fn()}
      submitLabel="Add room"
      {...options}
    >
      {(form) => <TextInput label="Name" {...form.getInputProps('name')} />}
    </FormDialog>
  );
}

/** The same form on the real declared call, answered by the fake server. */
function RoomFormOnCall(options: Options) {
  return <RoomForm mutation={useCallMutation(locationCalls.addRoom)} {...options} />;
}

const fakeMutation = (result: { answer: Saved } | { error: Error }, isPending = false) => ({
  isPending,
  mutate: vi.fn<Mutation<{ body: NewRoomInput }, Saved>['mutate']>((_input, callbacks) => {
    if ('answer' in result) callbacks.onSuccess(result.answer);
    else callbacks.onError(result.error);
  }),
});

/** The form itself: notifications have their own alert role. */
const theForm = () => within(screen.getByRole('button', { name: 'Add room' }).closest('form')!);

async function typeName(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(screen.getByRole('textbox', { name: 'Name' }));
  await user.paste(name);
}

describe('FormDialog', () => {
  it('checks the values with the schema, in the form’s words, and sends nothing while they fail', async () => {
    const user = userEvent.setup();
    const mutation = fakeMutation({ answer: { msg: messages.insertSuccessful } });
    renderWithProviders(<RoomForm mutation={mutation} />);
    await user.click(screen.getByRole('button', { name: 'Add room' }));
    expect(await screen.findByText(REQUIRED)).toBeTruthy();
    expect(mutation.mutate).not.toHaveBeenCalled();
  });

  it('sends the input made from the values, says the answer, closes, then runs onSaved', async () => {
    const user = userEvent.setup();
    const order: string[] = [];
    const onDone = vi.fn(() => order.push('done'));
    const onSaved = vi.fn(() => order.push('saved'));
    const mutation = fakeMutation({ answer: { msg: messages.insertSuccessful } });
    renderWithProviders(<RoomForm mutation={mutation} onDone={onDone} onSaved={onSaved} />);
    await typeName(user, 'Studio A');
    await user.click(screen.getByRole('button', { name: 'Add room' }));

    expect(mutation.mutate).toHaveBeenCalledWith(
      { body: { locationID: LOCATION_ID, name: 'Studio A', description: '' } },
      expect.anything(),
    );
    expect(await screen.findByText(messages.insertSuccessful)).toBeTruthy();
    expect(onSaved).toHaveBeenCalledWith(
      { msg: messages.insertSuccessful },
      { locationID: LOCATION_ID, name: 'Studio A', description: '' },
    );
    expect(order).toEqual(['done', 'saved']);
  });

  it('says the success its own way when given notify', async () => {
    const user = userEvent.setup();
    const notify = vi.fn();
    const mutation = fakeMutation({ answer: { msg: 'Room added.' } });
    renderWithProviders(<RoomForm mutation={mutation} notify={notify} />);
    await typeName(user, 'Studio A');
    await user.click(screen.getByRole('button', { name: 'Add room' }));
    expect(notify).toHaveBeenCalledWith({ msg: 'Room added.' });
    expect(screen.queryByText('Room added.')).toBeNull();
  });

  it('shows a refusal as a notification by default, and stays open', async () => {
    const user = userEvent.setup();
    const onDone = vi.fn();
    mockApi(() => [409, [false, 'This room already exists.']]);
    renderWithProviders(<RoomFormOnCall onDone={onDone} />);
    await typeName(user, 'Studio A');
    await user.click(screen.getByRole('button', { name: 'Add room' }));
    expect(await screen.findByText('This room already exists.')).toBeTruthy();
    expect(theForm().queryByRole('alert')).toBeNull();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('shows a refusal in the form when asked, and clears it at the next submit', async () => {
    const user = userEvent.setup();
    const onDone = vi.fn();
    let refuse = true;
    const { calls } = mockApi((url, init) => {
      if (url !== '/api/mystudio/locations/room' || init?.method !== 'POST') return undefined;
      return refuse
        ? [409, [false, 'This room already exists.']]
        : answer(locationCalls.addRoom, { id: 'r1', msg: messages.insertSuccessful });
    });
    renderWithProviders(<RoomFormOnCall onDone={onDone} refusal="form" />);
    await typeName(user, 'Studio A');
    await user.click(screen.getByRole('button', { name: 'Add room' }));
    expect((await theForm().findByRole('alert')).textContent).toBe('This room already exists.');
    expect(onDone).not.toHaveBeenCalled();

    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Add room' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(theForm().queryByRole('alert')).toBeNull();
    expect(calls.filter((c) => c.init?.method === 'POST')).toHaveLength(2);
  });

  it('spins the submit button and holds Cancel while the save is out', () => {
    const onCancel = vi.fn();
    renderWithProviders(
      <RoomForm mutation={fakeMutation({ answer: { msg: '' } }, true)} onCancel={onCancel} />,
    );
    const submit = screen.getByRole('button', { name: 'Add room' });
    expect(submit.hasAttribute('data-loading')).toBe(true);
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('cancels with onDone unless given onCancel', async () => {
    const user = userEvent.setup();
    const onDone = vi.fn();
    renderWithProviders(<RoomForm mutation={fakeMutation({ answer: { msg: '' } })} onDone={onDone} />);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onDone).toHaveBeenCalledTimes(1);
  });
});
