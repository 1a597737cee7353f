import { Stack, Textarea, TextInput } from '@mantine/core';
import { type CostumeCompanyInput, type CostumeCompanyItem, costumeCompanyInput } from '@pirouette/domain';
import { ConfigDialog } from '../../../components/config-dialog';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog';
import { FormDialog, saveWith } from '../../../components/form-dialog';
import { notifyResult } from '../../../lib/notify';
import type { DialogState } from '../../../lib/use-dialog';
import { useAddCompany, useEditCompany, useRemoveCompany } from '../api/costumes';

type Props = {
  state: DialogState<CostumeCompanyItem> | null;
  opened: boolean;
  onClose: () => void;
};

function CompanyForm({ company, onClose }: { company: CostumeCompanyItem | null; onClose: () => void }) {
  const add = useAddCompany();
  const edit = useEditCompany();
  const initialValues: CostumeCompanyInput = {
    name: company?.name ?? '',
    email: company?.email ?? '',
    phone: company?.phone ?? '',
    website: company?.website ?? '',
    notes: company?.notes ?? '',
  };
  const save = company
    ? saveWith(edit, (body: CostumeCompanyInput) => ({ params: { id: company.id }, body }))
    : saveWith(add, (body: CostumeCompanyInput) => ({ body }));
  return (
    <FormDialog
      initialValues={initialValues}
      validate={costumeCompanyInput}
      save={save}
      onDone={onClose}
      refusal="form"
      submitLabel={company ? 'Save' : 'Add company'}
    >
      {(form) => (
        <Stack gap="sm">
          <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
          <TextInput label="E-mail" type="email" {...form.getInputProps('email')} />
          <TextInput label="Phone" {...form.getInputProps('phone')} />
          <TextInput label="Website" placeholder="https://…" {...form.getInputProps('website')} />
          <Textarea label="Notes" autosize minRows={2} maxRows={6} {...form.getInputProps('notes')} />
        </Stack>
      )}
    </FormDialog>
  );
}

function DeleteCompany({
  company,
  opened,
  onClose,
}: {
  company: CostumeCompanyItem;
  opened: boolean;
  onClose: () => void;
}) {
  const remove = useRemoveCompany();
  return (
    <ConfirmDeleteDialog
      opened={opened}
      title="Delete costume company"
      loading={remove.isPending}
      onClose={onClose}
      onConfirm={() =>
        remove.mutate({ params: { id: company.id } }, { ...notifyResult(onClose), onSettled: onClose })
      }
    >
      {company.styles > 0
        ? `${company.name} has ${company.styles === 1 ? 'a style' : `${company.styles} styles`}. Styles no dance number uses go with the company; a company whose styles are on dance numbers or assigned to dancers is kept.`
        : `${company.name} and its size chart will be deleted.`}
    </ConfirmDeleteDialog>
  );
}

/** Adds, edits or deletes a costume company; a refusal of the server is shown in the form or as a notice. */
export function CompanyDialog({ state, opened, onClose }: Props) {
  return (
    <ConfigDialog
      state={state}
      opened={opened}
      onClose={onClose}
      titles={{ new: 'Add costume company', edit: 'Edit costume company' }}
      confirmDelete={(company) => <DeleteCompany company={company} opened={opened} onClose={onClose} />}
    >
      {(company) => <CompanyForm company={company} onClose={onClose} />}
    </ConfigDialog>
  );
}
