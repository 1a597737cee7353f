import { Button, Group, Modal, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { type StudioLocation, type UpdateLocationInput, updateLocationInput } from '@pirouette/domain';
import { formatPhoneTyping } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCreateLocation } from '../api/create-location';
import { useDeleteLocation } from '../api/delete-location';
import { useUpdateLocation } from '../api/update-location';
import { configResolver } from '../config-form';
import {
  emptyNewLocation,
  type NewLocationValues,
  newLocationBody,
  newLocationErrors,
  withoutBlankRooms,
} from '../location-form-values';
import { type DialogState, dialogStyles } from '../use-dialog';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { LocationFieldsInputs } from './location-fields';
import { RoomRows } from './room-rows';

type FormProps = { onDone: () => void; onCancel: () => void };

function FormButtons({
  onCancel,
  loading,
  label,
}: {
  onCancel: () => void;
  loading: boolean;
  label: string;
}) {
  return (
    <Group justify="flex-end" mt="md">
      <Button variant="default" onClick={onCancel} disabled={loading}>
        Cancel
      </Button>
      <Button type="submit" loading={loading}>
        {label}
      </Button>
    </Group>
  );
}

/** A new location and its rooms, sent together (POST mystudio/locations). */
export function NewLocationForm({ onDone, onCancel }: FormProps) {
  const form = useForm<NewLocationValues>({ initialValues: emptyNewLocation() });
  const create = useCreateLocation();
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const values = { ...form.getValues(), rooms: withoutBlankRooms(form.getValues().rooms) };
        form.setFieldValue('rooms', values.rooms);
        const errors = newLocationErrors(values);
        form.setErrors(errors);
        if (Object.keys(errors).length > 0) return;
        create.mutate(newLocationBody(values), {
          onSuccess: (result) => {
            notifySuccess(result.msg);
            onDone();
          },
          onError: (error) => notifyError(error),
        });
      }}
    >
      <Stack gap="lg">
        <LocationFieldsInputs inputProps={(field) => form.getInputProps(`loc.${field}`)} />
        <RoomRows form={form} />
      </Stack>
      <FormButtons onCancel={onCancel} loading={create.isPending} label="Create location" />
    </form>
  );
}

function EditLocationForm({ location, onDone, onCancel }: FormProps & { location: StudioLocation }) {
  const { id, name, address, city, state, zipcode, phone } = location;
  const form = useForm<UpdateLocationInput>({
    initialValues: { id, data: { name, address, city, state, zipcode, phone: formatPhoneTyping(phone) } },
    validate: configResolver(updateLocationInput),
  });
  const update = useUpdateLocation();
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        update.mutate(values, {
          onSuccess: (result) => {
            notifySuccess(result.msg);
            onDone();
          },
          onError: (error) => notifyError(error),
        }),
      )}
    >
      <LocationFieldsInputs inputProps={(field) => form.getInputProps(`data.${field}`)} />
      <FormButtons onCancel={onCancel} loading={update.isPending} label="Save" />
    </form>
  );
}

function DeleteLocationDialog({
  location,
  opened,
  onClose,
}: {
  location: StudioLocation;
  opened: boolean;
  onClose: () => void;
}) {
  const remove = useDeleteLocation();
  const n = location.rooms.length;
  return (
    <ConfirmDeleteDialog
      opened={opened}
      title="Delete location"
      loading={remove.isPending}
      onClose={onClose}
      onConfirm={() =>
        remove.mutate(location.id, {
          onSuccess: (result) => {
            notifySuccess(result.msg);
            onClose();
          },
          onError: (error) => notifyError(error),
        })
      }
    >
      Delete <strong>{location.name}</strong> and its {n === 1 ? 'room' : `${n} rooms`}? This cannot be
      undone.
    </ConfirmDeleteDialog>
  );
}

/** The location dialog in its three modes: new, edit and del (002 §2). */
export function LocationDialog({
  state,
  opened,
  onClose,
}: {
  state: DialogState<StudioLocation> | null;
  opened: boolean;
  onClose: () => void;
}) {
  const isPhone = useMediaQuery('(max-width: 36em)');
  if (!state) return null;
  if (state.mode === 'del') {
    return state.target ? (
      <DeleteLocationDialog key={state.key} location={state.target} opened={opened} onClose={onClose} />
    ) : null;
  }
  return (
    <Modal
      styles={dialogStyles}
      opened={opened}
      onClose={onClose}
      title={state.mode === 'new' ? 'New location' : 'Edit location'}
      size="lg"
      radius="lg"
      centered
      fullScreen={isPhone}
    >
      {state.mode === 'new' ? (
        <NewLocationForm key={state.key} onDone={onClose} onCancel={onClose} />
      ) : (
        state.target && (
          <EditLocationForm key={state.key} location={state.target} onDone={onClose} onCancel={onClose} />
        )
      )}
    </Modal>
  );
}
