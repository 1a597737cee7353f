import { Alert, Divider, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { accountHref } from '../../../app/paths/account-href';
import { FormButtons } from '../../../components/form-buttons';
import { errorText, notifySuccess } from '../../../lib/notify';
import { useCreateFamily } from '../api/accounts';
import { emptyFamilyForm, familyFormErrors, frontDeskBody } from '../family-form';
import { AboutFields, AddressFields, ContactRows, StudentRows, UserFields } from './family-form-fields';

/**
 * The front desk's form (POST api/mystudio/account), in the new family dialog: the family's fields,
 * checked as the server checks them (its schema, and zod with it), then created.
 */
export function NewFamilyForm({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const create = useCreateFamily();
  const [failure, setFailure] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const form = useForm({ initialValues: emptyFamilyForm(), validate: (values) => familyFormErrors(values) });

  const submit = form.onSubmit(
    (values) => {
      setFailure(null);
      create.mutate(
        { body: frontDeskBody(values) },
        {
          onSuccess: (result) => {
            notifySuccess(result.msg);
            onClose();
            navigate(accountHref(result.id));
          },
          onError: (error) => setFailure(errorText(error)),
        },
      );
    },
    // A long form: the first field to fix is brought into view.
    () =>
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      ),
  );

  return (
    <form noValidate onSubmit={submit} ref={formRef}>
      <Stack gap="lg">
        <UserFields form={form} />
        <Divider />
        <StudentRows form={form} />
        <Divider />
        <AddressFields form={form} />
        <Divider />
        <ContactRows form={form} />
        <Divider />
        <AboutFields form={form} />
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <FormButtons label="Create family" loading={create.isPending} onCancel={onClose} />
      </Stack>
    </form>
  );
}
