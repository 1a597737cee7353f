import { Alert, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { type YearTerm, type YearTermFieldsInput, yearTermFields } from '@pirouette/domain';
import { IconInfoCircle } from '@tabler/icons-react';
import { ConfigDialog } from '../../../components/config-dialog';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog';
import { FormDialog, saveWith } from '../../../components/form-dialog';
import { dateRange } from '../../../lib/format';
import { notifyResult } from '../../../lib/notify';
import type { DialogState } from '../../../lib/use-dialog';
import { useCreateYearTerm, useDeleteYearTerm, useUpdateYearTerm } from '../api/year-terms';

type Values = { name: string; dateStart: string; dateEnd: string; notes: string };

const valuesOf = (term: YearTerm | null): Values => ({
  name: term?.name ?? '',
  dateStart: term?.dateStart ?? '',
  dateEnd: term?.dateEnd ?? '',
  notes: term?.notes ?? '',
});

/** The form of the new and edit modes; the same schema as the server's (002 §5). */
function YearTermForm({ term, onDone }: { term: YearTerm | null; onDone: () => void }) {
  const create = useCreateYearTerm();
  const update = useUpdateYearTerm();
  const save = term
    ? saveWith(update, (values: YearTermFieldsInput) => ({ body: { id: term.id, data: values } }))
    : saveWith(create, (values: YearTermFieldsInput) => ({ body: values }));

  return (
    <FormDialog
      initialValues={valuesOf(term)}
      validate={yearTermFields}
      save={save}
      onDone={onDone}
      submitLabel={term ? 'Save' : 'Create year term'}
    >
      {(form) => {
        const { dateStart, dateEnd } = form.getValues();
        const datesChanged = !!term && (dateStart !== term.dateStart || dateEnd !== term.dateEnd);
        return (
          <Stack gap="md">
            <TextInput
              label="Name"
              placeholder="2027-2028"
              required
              data-autofocus
              {...form.getInputProps('name')}
            />
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              <TextInput label="First day" type="date" required {...form.getInputProps('dateStart')} />
              <TextInput label="Last day" type="date" required {...form.getInputProps('dateEnd')} />
            </SimpleGrid>
            <Textarea label="Notes" autosize minRows={2} maxRows={6} {...form.getInputProps('notes')} />
            {!term && (
              <Alert variant="light" icon={<IconInfoCircle />} p="sm">
                The term gets its payment plans from its dates: Monthly, Half year (5 % off) and Full year (10
                % off). You can adjust discounts and due days on the Payment System page.
              </Alert>
            )}
            {datesChanged && (
              <Alert variant="light" color="orange" icon={<IconInfoCircle />} p="sm">
                New dates rebuild this term’s payment plans. Discounts and due days you changed are kept for
                the plans and months that remain.
              </Alert>
            )}
          </Stack>
        );
      }}
    </FormDialog>
  );
}

function DeleteYearTermDialog({
  term,
  opened,
  onClose,
}: {
  term: YearTerm;
  opened: boolean;
  onClose: () => void;
}) {
  const remove = useDeleteYearTerm();
  return (
    <ConfirmDeleteDialog
      opened={opened}
      title="Delete year term"
      loading={remove.isPending}
      onClose={onClose}
      onConfirm={() => remove.mutate({ params: { id: term.id } }, notifyResult(onClose))}
    >
      Delete <strong>{term.name}</strong> ({dateRange(term.dateStart, term.dateEnd)})? Its class and private
      prices and its payment plans are deleted with it. This cannot be undone.
    </ConfirmDeleteDialog>
  );
}

/** The year-term dialog in its three modes: new, edit and del (002 §2). */
export function YearTermDialog({
  state,
  opened,
  onClose,
}: {
  state: DialogState<YearTerm> | null;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <ConfigDialog
      state={state}
      opened={opened}
      onClose={onClose}
      titles={{ new: 'New year term', edit: 'Edit year term' }}
      size="lg"
      fullScreenOnPhone
      confirmDelete={(term) => <DeleteYearTermDialog term={term} opened={opened} onClose={onClose} />}
    >
      {(term) => <YearTermForm term={term} onDone={onClose} />}
    </ConfigDialog>
  );
}
