import { Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type StudioLocation, type UpdateLocationInput, updateLocationInput } from '@pirouette/domain';
import { ConfigDialog } from '../../../components/config-dialog';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog';
import { FormButtons } from '../../../components/form-buttons';
import { FormDialog, saveWith, useFormSubmit } from '../../../components/form-dialog';
import { formatPhoneTyping } from '../../../lib/format';
import { notifyResult } from '../../../lib/notify';
import type { DialogState } from '../../../lib/use-dialog';
import { useCreateLocation, useDeleteLocation, useUpdateLocation } from '../api/locations';
import {
  emptyNewLocation,
  type NewLocationValues,
  newLocationBody,
  newLocationErrors,
  withoutBlankRooms,
} from '../location-form-values';
import { LocationFieldsInputs } from './location-fields';
import { RoomRows } from './room-rows';

type FormProps = { onDone: () => void; onCancel: () => void };

/** A new location and its rooms, sent together (POST mystudio/locations). */
export function NewLocationForm({ onDone, onCancel }: FormProps) {
  const form = useForm<NewLocationValues>({ initialValues: emptyNewLocation() });
  const create = useCreateLocation();
  // Blank room rows are dropped before the values are checked, so the form validates its own way.
  const { submit, pending } = useFormSubmit({
    save: saveWith(create, (values: NewLocationValues) => ({ body: newLocationBody(values) })),
    onDone,
  });
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
        submit(values);
      }}
    >
      <Stack gap="lg">
        <LocationFieldsInputs inputProps={(field) => form.getInputProps(`loc.${field}`)} />
        <RoomRows form={form} />
      </Stack>
      <FormButtons mt="md" onCancel={onCancel} loading={pending} label="Create location" />
    </form>
  );
}

function EditLocationForm({ location, onDone, onCancel }: FormProps & { location: StudioLocation }) {
  const { id, name, address, city, state, zipcode, phone } = location;
  const update = useUpdateLocation();
  return (
    <FormDialog
      initialValues={{ id, data: { name, address, city, state, zipcode, phone: formatPhoneTyping(phone) } }}
      validate={updateLocationInput}
      save={saveWith(update, (values: UpdateLocationInput) => ({ body: values }))}
      onDone={onDone}
      onCancel={onCancel}
      submitLabel="Save"
      buttonsMt="md"
    >
      {(form) => <LocationFieldsInputs inputProps={(field) => form.getInputProps(`data.${field}`)} />}
    </FormDialog>
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
      headingTitle
      opened={opened}
      title="Delete location"
      loading={remove.isPending}
      onClose={onClose}
      onConfirm={() => remove.mutate({ params: { id: location.id } }, notifyResult(onClose))}
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
  return (
    <ConfigDialog
      state={state}
      opened={opened}
      onClose={onClose}
      titles={{ new: 'New location', edit: 'Edit location' }}
      size="lg"
      fullScreenOnPhone
      headingTitle
      confirmDelete={(location) => (
        <DeleteLocationDialog location={location} opened={opened} onClose={onClose} />
      )}
    >
      {(location) =>
        location ? (
          <EditLocationForm location={location} onDone={onClose} onCancel={onClose} />
        ) : (
          <NewLocationForm onDone={onClose} onCancel={onClose} />
        )
      }
    </ConfigDialog>
  );
}
