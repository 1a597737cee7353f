import { Alert, Divider, Modal, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { accountHref } from '../../../app/paths/account-href';
import { dialogStyles } from '../../../components/config-dialog';
import { FormButtons } from '../../../components/form-buttons';
import { errorText, notifySuccess } from '../../../lib/notify';
import { useCreateFamily } from '../api/accounts';
import { emptyFamilyForm, familyFormErrors, frontDeskBody } from '../family-form';
import { AboutFields, AddressFields, ContactRows, StudentRows, UserFields } from './family-form-fields';

type Props = { opened: boolean; onClose: () => void };

/**
 * The front desk (POST api/mystudio/account): the owner creates a family over the phone, then lands on
 * its overview. With an e-mail address, the first user is invited to set a password.
 */
export function NewFamilyDialog({ opened, onClose }: Props) {
  const isPhone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="New family"
      styles={dialogStyles}
      size="xl"
      radius="lg"
      centered
      fullScreen={isPhone}
    >
      {opened && <NewFamilyForm onClose={onClose} />}
    </Modal>
  );
}

function NewFamilyForm({ onClose }: { onClose: () => void }) {
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
