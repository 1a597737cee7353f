import { Stack, Text, TextInput } from '@mantine/core';
import {
  type CompetitionLocationInput,
  type CompetitionLocationItem,
  competitionLocationInput,
} from '@pirouette/domain';
import { ConfigDialog } from '../../../components/config-dialog';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog';
import { FormDialog, saveWith } from '../../../components/form-dialog';
import { notifyResult } from '../../../lib/notify';
import type { DialogState } from '../../../lib/use-dialog';
import {
  useAddCompetitionLocation,
  useEditCompetitionLocation,
  useRemoveCompetitionLocation,
} from '../api/competitions';
import { countText, locationName } from '../lib/competitions';
import { AddressFields } from './address-fields';

type Props = {
  /** The competition company a new location is added to. */
  companyId: string;
  state: DialogState<CompetitionLocationItem> | null;
  opened: boolean;
  onClose: () => void;
};

function LocationForm({
  companyId,
  location,
  onClose,
}: {
  companyId: string;
  location: CompetitionLocationItem | null;
  onClose: () => void;
}) {
  const add = useAddCompetitionLocation();
  const edit = useEditCompetitionLocation();
  const initialValues: CompetitionLocationInput = {
    name: location?.name ?? '',
    address_1: location?.address_1 ?? '',
    address_2: location?.address_2 ?? '',
    city: location?.city ?? '',
    state: location?.state ?? '',
    zipcode: location?.zipcode ?? '',
  };
  const save = location
    ? saveWith(edit, (body: CompetitionLocationInput) => ({ params: { id: location.id }, body }))
    : saveWith(add, (body: CompetitionLocationInput) => ({ params: { companyId }, body }));
  return (
    <FormDialog
      initialValues={initialValues}
      validate={competitionLocationInput}
      save={save}
      onDone={onClose}
      refusal="form"
      submitLabel={location ? 'Save' : 'Add location'}
    >
      {(form) => {
        const props = (field: keyof CompetitionLocationInput) => form.getInputProps(field);
        return (
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              The venue's name, its address, or both.
            </Text>
            <TextInput
              label="Venue"
              placeholder="e.g. Meadowlands Expo Center"
              data-autofocus
              {...props('name')}
            />
            <AddressFields inputProps={(field) => ({ ...props(field), value: form.values[field] ?? '' })} />
          </Stack>
        );
      }}
    </FormDialog>
  );
}

function DeleteLocation({
  location,
  opened,
  onClose,
}: {
  location: CompetitionLocationItem;
  opened: boolean;
  onClose: () => void;
}) {
  const remove = useRemoveCompetitionLocation();
  const name = locationName(location);
  return (
    <ConfirmDeleteDialog
      opened={opened}
      title="Delete location"
      loading={remove.isPending}
      onClose={onClose}
      onConfirm={() =>
        remove.mutate({ params: { id: location.id } }, { ...notifyResult(onClose), onSettled: onClose })
      }
    >
      {location.nEvents > 0
        ? `${name} holds ${countText(location.nEvents, 'event', 'events').toLowerCase()}: move or delete ${location.nEvents === 1 ? 'it' : 'them'} first, and the location can go.`
        : `${name} will be deleted.`}
    </ConfirmDeleteDialog>
  );
}

/** Adds, edits or deletes a competition company's location. */
export function LocationDialog({ companyId, state, opened, onClose }: Props) {
  return (
    <ConfigDialog
      state={state}
      opened={opened}
      onClose={onClose}
      size="lg"
      fullScreenOnPhone
      titles={{ new: 'Add location', edit: 'Edit location' }}
      confirmDelete={(location) => <DeleteLocation location={location} opened={opened} onClose={onClose} />}
    >
      {(location) => <LocationForm companyId={companyId} location={location} onClose={onClose} />}
    </ConfigDialog>
  );
}
