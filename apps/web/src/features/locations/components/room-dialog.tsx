import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { type GetInputPropsReturnType, useForm } from '@mantine/form';
import {
  type NewRoomInput,
  newRoomInput,
  type StudioLocation,
  type StudioRoom,
  type UpdateRoomInput,
  updateRoomInput,
} from '@pirouette/domain';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCreateRoom } from '../api/create-room';
import { useDeleteRoom } from '../api/delete-room';
import { useUpdateRoom } from '../api/update-room';
import { configResolver } from '../config-form';
import { type DialogState, dialogStyles } from '../use-dialog';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';

/** What a room dialog works on: the location, and the room unless a new one is added. */
export type RoomTarget = { location: StudioLocation; room?: StudioRoom };

type FieldsProps = {
  inputProps: (field: 'name' | 'description') => GetInputPropsReturnType;
};

function RoomFieldsInputs({ inputProps }: FieldsProps) {
  return (
    <Stack gap="sm">
      <TextInput label="Name" placeholder="Studio A" required data-autofocus {...inputProps('name')} />
      <TextInput
        label="Description"
        placeholder="Sprung floor, mirrors"
        description="Optional; shown with the name where rooms are chosen."
        {...inputProps('description')}
      />
    </Stack>
  );
}

function Buttons({ onCancel, loading, label }: { onCancel: () => void; loading: boolean; label: string }) {
  return (
    <Group justify="flex-end" mt="lg">
      <Button variant="default" onClick={onCancel} disabled={loading}>
        Cancel
      </Button>
      <Button type="submit" loading={loading}>
        {label}
      </Button>
    </Group>
  );
}

function NewRoomForm({ location, onClose }: { location: StudioLocation; onClose: () => void }) {
  const form = useForm<NewRoomInput>({
    initialValues: { locationID: location.id, name: '', description: '' },
    validate: configResolver(newRoomInput),
  });
  const create = useCreateRoom();
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        create.mutate(values, {
          onSuccess: (result) => {
            notifySuccess(result.msg);
            onClose();
          },
          onError: (error) => notifyError(error),
        }),
      )}
    >
      <Text size="sm" c="dimmed" mb="sm">
        At {location.name}
      </Text>
      <RoomFieldsInputs inputProps={(field) => form.getInputProps(field)} />
      <Buttons onCancel={onClose} loading={create.isPending} label="Add room" />
    </form>
  );
}

function EditRoomForm({
  room,
  onClose,
  onEdited,
}: {
  room: StudioRoom;
  onClose: () => void;
  onEdited: () => void;
}) {
  const form = useForm<UpdateRoomInput>({
    initialValues: { id: room.id, data: { name: room.name, description: room.description } },
    validate: configResolver(updateRoomInput),
  });
  const update = useUpdateRoom();
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        update.mutate(values, {
          onSuccess: (result) => {
            notifySuccess(result.msg);
            onClose();
            onEdited();
          },
          onError: (error) => notifyError(error),
        }),
      )}
    >
      <RoomFieldsInputs inputProps={(field) => form.getInputProps(`data.${field}`)} />
      <Buttons onCancel={onClose} loading={update.isPending} label="Save" />
    </form>
  );
}

function DeleteRoomDialog({
  target: { location, room },
  opened,
  onClose,
}: {
  target: Required<RoomTarget>;
  opened: boolean;
  onClose: () => void;
}) {
  const remove = useDeleteRoom();
  return (
    <ConfirmDeleteDialog
      opened={opened}
      title="Delete room"
      loading={remove.isPending}
      onClose={onClose}
      onConfirm={() =>
        remove.mutate(room.id, {
          onSuccess: (result) => {
            notifySuccess(result.msg);
            onClose();
          },
          onError: (error) => notifyError(error),
        })
      }
    >
      Delete <strong>{room.name}</strong> of {location.name}? This cannot be undone.
    </ConfirmDeleteDialog>
  );
}

/**
 * The room dialog in its three modes. `onEdited` runs after a room is saved: the app then returns to
 * the locations page (002 §2), wherever the dialog was opened from.
 */
export function RoomDialog({
  state,
  opened,
  onClose,
  onEdited,
}: {
  state: DialogState<RoomTarget> | null;
  opened: boolean;
  onClose: () => void;
  onEdited: () => void;
}) {
  const target = state?.target;
  if (!state || !target) return null;
  const { room, location } = target;
  if (state.mode === 'del') {
    return room ? (
      <DeleteRoomDialog key={state.key} target={{ location, room }} opened={opened} onClose={onClose} />
    ) : null;
  }
  return (
    <Modal
      styles={dialogStyles}
      opened={opened}
      onClose={onClose}
      title={state.mode === 'new' ? 'New room' : 'Edit room'}
      radius="lg"
      centered
    >
      {state.mode === 'new' || !room ? (
        <NewRoomForm key={state.key} location={location} onClose={onClose} />
      ) : (
        <EditRoomForm key={state.key} room={room} onClose={onClose} onEdited={onEdited} />
      )}
    </Modal>
  );
}
