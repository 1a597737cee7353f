import { Stack, Text, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import {
  type NewRoomInput,
  newRoomInput,
  type StudioLocation,
  type StudioRoom,
  type UpdateRoomInput,
  updateRoomInput,
} from '@pirouette/domain';
import { ConfigDialog } from '../../../components/config-dialog';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog';
import { FormDialog, saveWith } from '../../../components/form-dialog';
import { notifyResult } from '../../../lib/notify';
import type { DialogState } from '../../../lib/use-dialog';
import { useCreateRoom, useDeleteRoom, useUpdateRoom } from '../api/locations';

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

function NewRoomForm({ location, onClose }: { location: StudioLocation; onClose: () => void }) {
  const create = useCreateRoom();
  return (
    <FormDialog
      initialValues={{ locationID: location.id, name: '', description: '' }}
      validate={newRoomInput}
      save={saveWith(create, (values: NewRoomInput) => ({ body: values }))}
      onDone={onClose}
      submitLabel="Add room"
    >
      {(form) => (
        <>
          <Text size="sm" c="dimmed" mb="sm">
            At {location.name}
          </Text>
          <RoomFieldsInputs inputProps={(field) => form.getInputProps(field)} />
        </>
      )}
    </FormDialog>
  );
}

/** `onEdited` runs once the dialog has closed after the save. */
function EditRoomForm({
  room,
  onClose,
  onEdited,
}: {
  room: StudioRoom;
  onClose: () => void;
  onEdited: () => void;
}) {
  const update = useUpdateRoom();
  return (
    <FormDialog
      initialValues={{ id: room.id, data: { name: room.name, description: room.description } }}
      validate={updateRoomInput}
      save={saveWith(update, (values: UpdateRoomInput) => ({ body: values }))}
      onDone={onClose}
      onSaved={onEdited}
      submitLabel="Save"
    >
      {(form) => <RoomFieldsInputs inputProps={(field) => form.getInputProps(`data.${field}`)} />}
    </FormDialog>
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
      headingTitle
      opened={opened}
      title="Delete room"
      loading={remove.isPending}
      onClose={onClose}
      onConfirm={() => remove.mutate({ params: { id: room.id } }, notifyResult(onClose))}
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
  if (!target) return null;
  return (
    <ConfigDialog
      state={state}
      opened={opened}
      onClose={onClose}
      titles={{ new: 'New room', edit: 'Edit room' }}
      headingTitle
      confirmDelete={({ location, room }) =>
        room ? <DeleteRoomDialog target={{ location, room }} opened={opened} onClose={onClose} /> : null
      }
    >
      {(edited) =>
        edited?.room ? (
          <EditRoomForm room={edited.room} onClose={onClose} onEdited={onEdited} />
        ) : (
          <NewRoomForm location={target.location} onClose={onClose} />
        )
      }
    </ConfigDialog>
  );
}
