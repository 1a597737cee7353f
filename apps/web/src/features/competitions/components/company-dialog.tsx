import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import {
  type CompetitionCompanyInput,
  type CompetitionCompanyItem,
  competitionCompanyInput,
  formatPhone,
} from '@pirouette/domain';
import { ConfigDialog } from '../../../components/config-dialog';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog';
import { FormDialog, saveWith } from '../../../components/form-dialog';
import { PhoneInput } from '../../../components/phone-input';
import { notifyResult } from '../../../lib/notify';
import type { DialogState } from '../../../lib/use-dialog';
import {
  useAddCompetitionCompany,
  useEditCompetitionCompany,
  useRemoveCompetitionCompany,
} from '../api/competitions';
import { countText } from '../lib/competitions';
import { AddressFields } from './address-fields';

type Props = {
  state: DialogState<CompetitionCompanyItem> | null;
  opened: boolean;
  onClose: () => void;
  /** The new company's id, once added: the page shows it. */
  onAdded?: (id: string) => void;
};

function CompanyForm({
  company,
  onClose,
  onAdded,
}: {
  company: CompetitionCompanyItem | null;
  onClose: () => void;
  onAdded?: (id: string) => void;
}) {
  const add = useAddCompetitionCompany();
  const edit = useEditCompetitionCompany();
  const initialValues: CompetitionCompanyInput = {
    name: company?.name ?? '',
    email: company?.email ?? '',
    phone: company?.phone ? formatPhone(company.phone) : '',
    address_1: company?.address_1 ?? '',
    address_2: company?.address_2 ?? '',
    city: company?.city ?? '',
    state: company?.state ?? '',
    zipcode: company?.zipcode ?? '',
    director: company?.director ?? '',
    director_phone: company?.director_phone ? formatPhone(company.director_phone) : '',
  };
  const save = company
    ? saveWith(edit, (body: CompetitionCompanyInput) => ({ params: { id: company.id }, body }))
    : saveWith(add, (body: CompetitionCompanyInput) => ({ body }));
  return (
    <FormDialog
      initialValues={initialValues}
      validate={competitionCompanyInput}
      save={save}
      onDone={onClose}
      onSaved={(answer) => {
        if ('id' in answer && typeof answer.id === 'string') onAdded?.(answer.id);
      }}
      refusal="form"
      submitLabel={company ? 'Save' : 'Add company'}
    >
      {(form) => {
        const props = (field: keyof CompetitionCompanyInput) => form.getInputProps(field);
        return (
          <Stack gap="sm">
            <TextInput label="Name" required data-autofocus placeholder="e.g. Starpower" {...props('name')} />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput label="E-mail" type="email" required {...props('email')} />
              <PhoneInput label="Phone" autoComplete="off" {...props('phone')} />
            </SimpleGrid>
            <AddressFields inputProps={(field) => ({ ...props(field), value: form.values[field] ?? '' })} />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput label="Director" autoComplete="off" {...props('director')} />
              <PhoneInput label="Director's phone" autoComplete="off" {...props('director_phone')} />
            </SimpleGrid>
          </Stack>
        );
      }}
    </FormDialog>
  );
}

function DeleteCompany({
  company,
  opened,
  onClose,
}: {
  company: CompetitionCompanyItem;
  opened: boolean;
  onClose: () => void;
}) {
  const remove = useRemoveCompetitionCompany();
  return (
    <ConfirmDeleteDialog
      opened={opened}
      title="Delete competition company"
      loading={remove.isPending}
      onClose={onClose}
      onConfirm={() =>
        remove.mutate({ params: { id: company.id } }, { ...notifyResult(onClose), onSettled: onClose })
      }
    >
      {company.nEvents > 0
        ? `${company.name} has ${countText(company.nEvents, 'event', 'events').toLowerCase()} at its locations: the company stays until they are deleted.`
        : company.nLocations > 0
          ? `${company.name} and its ${countText(company.nLocations, 'location', 'locations').toLowerCase()} will be deleted.`
          : `${company.name} will be deleted.`}
    </ConfirmDeleteDialog>
  );
}

/** Adds, edits or deletes a competition company; a refusal of the server is shown in the form or as a notice. */
export function CompanyDialog({ state, opened, onClose, onAdded }: Props) {
  return (
    <ConfigDialog
      state={state}
      opened={opened}
      onClose={onClose}
      size="lg"
      fullScreenOnPhone
      titles={{ new: 'Add competition company', edit: 'Edit competition company' }}
      confirmDelete={(company) => <DeleteCompany company={company} opened={opened} onClose={onClose} />}
    >
      {(company) => <CompanyForm company={company} onClose={onClose} onAdded={onAdded} />}
    </ConfigDialog>
  );
}
