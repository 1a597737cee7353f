import { Alert, Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { type AccountInfo, accountMessages } from '@pirouette/domain';
import { IconAlertTriangle } from '@tabler/icons-react';
import { AddressInputs } from '../../../components/address-inputs';
import { dialogStyles } from '../../../components/config-dialog';
import { FormButtons } from '../../../components/form-buttons';
import { PhoneInput } from '../../../components/phone-input';
import {
  type ContactInfoValues,
  contactInfoBody,
  contactInfoErrors,
  contactInfoValues,
} from '../contact-info-form';
import { useOpenings, useSubmission } from '../dialog-state';

type Props = {
  opened: boolean;
  onClose: () => void;
  info: AccountInfo;
  /** Sends the values (trimmed, the phone as digits); a rejection is shown in the dialog, a resolution closes it. */
  onSubmit: (values: ContactInfoValues) => Promise<unknown>;
};

/** Edits the family's address, phone and e-mail (001 §5: every field but the second address line). */
export function ContactInfoDialog({ opened, onClose, info, onSubmit }: Props) {
  const isPhone = useMediaQuery('(max-width: 36em)');
  const openings = useOpenings(opened);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Edit contact information"
      styles={dialogStyles}
      size="lg"
      radius="lg"
      centered
      fullScreen={isPhone}
    >
      <ContactInfoForm key={openings} info={info} onSubmit={onSubmit} onDone={onClose} />
    </Modal>
  );
}

function ContactInfoForm({
  info,
  onSubmit,
  onDone,
}: {
  info: AccountInfo;
  onSubmit: Props['onSubmit'];
  onDone: () => void;
}) {
  const form = useForm<ContactInfoValues>({ initialValues: contactInfoValues(info) });
  const { submitting, failure, run } = useSubmission(onDone);

  const submit = async (values: ContactInfoValues) => {
    const errors = contactInfoErrors(values);
    form.setErrors(errors);
    if (Object.keys(errors).length > 0) return;
    await run(() => onSubmit(contactInfoBody(values)));
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit(form.getValues());
      }}
    >
      <Stack gap="sm">
        <AddressInputs
          inputProps={(f) => form.getInputProps(f)}
          line2={form.getInputProps('address2')}
          autoFocus
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <PhoneInput label="Phone" required {...form.getInputProps('phone')} />
          <TextInput
            label="E-mail"
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
        </SimpleGrid>
        {failure && (
          <Alert color="red" icon={<IconAlertTriangle />} title={accountMessages.personFailed} role="alert">
            {failure}
          </Alert>
        )}
        <FormButtons mt="sm" onCancel={onDone} loading={submitting} label="Save" />
      </Stack>
    </form>
  );
}
