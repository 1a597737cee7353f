import {
  Alert,
  Button,
  Checkbox,
  Group,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type UseFormReturnType, useForm } from '@mantine/form';
import { BUSINESS_TYPE_LABELS, BUSINESS_TYPES, merchantInput } from '@pirouette/domain';
import { IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { AddressInputs } from '../../../components/address-inputs';
import { PhoneInput } from '../../../components/phone-input';
import { SectionCard } from '../../../components/section-card';
import { errorText, notifySuccess } from '../../../lib/notify';
import { zodResolver } from '../../../lib/zod-form';
import { useSubmitMerchant } from '../api/get-paid';

type Form = UseFormReturnType<typeof BLANK>;

const BLANK = {
  business: {
    legalName: '',
    doingBusinessAs: '',
    type: '',
    taxId: '',
    phone: '',
    email: '',
    url: '',
    address: { line1: '', city: '', region: '', postalCode: '' },
  },
  owner: { firstName: '', lastName: '', title: 'Owner', dob: '', ssn: '' },
  bank: { accountName: '', routingNumber: '', accountNumber: '', accountType: 'CHECKING' },
  agreementAccepted: false,
};

/** Where each field of the shared address inputs sits in this form. */
const ADDRESS_PATHS = {
  address: 'business.address.line1',
  city: 'business.address.city',
  state: 'business.address.region',
  zipcode: 'business.address.postalCode',
} as const;

/**
 * The onboarding form: the business, its owner and the bank account, sent to the card processor. The
 * routing and account numbers are cleared once sent: the page never holds them again.
 */
export function MerchantForm({ again }: { again: boolean }) {
  const form = useForm({ initialValues: BLANK, validate: zodResolver(merchantInput) });
  const submit = useSubmitMerchant();
  const [error, setError] = useState<string | null>(null);

  const onSubmit = form.onSubmit((values) => {
    setError(null);
    submit.mutate(
      { body: values as never },
      {
        onSuccess: (res) => {
          notifySuccess(res.msg);
          form.setFieldValue('bank.routingNumber', '');
          form.setFieldValue('bank.accountNumber', '');
          form.setFieldValue('owner.ssn', '');
        },
        onError: (e) => setError(errorText(e)),
      },
    );
  });

  return (
    <SectionCard
      title={again ? 'Send your merchant account again' : 'Open your merchant account'}
      description="Card payments of your families are paid into your studio’s own bank account. The card processor (Finix) reviews what you send; most studios are approved at once."
    >
      <form onSubmit={onSubmit} noValidate aria-label="Merchant account">
        <Stack gap="lg">
          <BusinessFields form={form} />
          <OwnerFields form={form} />
          <BankFields form={form} />

          <Checkbox
            label="I accept the card processor’s merchant agreement on behalf of the business"
            {...form.getInputProps('agreementAccepted', { type: 'checkbox' })}
          />
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={submit.isPending}>
              Send to the card processor
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}

/** The business: its names, kind, tax id, contact and address. */
function BusinessFields({ form }: { form: Form }) {
  return (
    <Stack gap="sm">
      <Title order={3} fz="lg">
        Your business
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label="Legal business name"
          required
          autoComplete="organization"
          {...form.getInputProps('business.legalName')}
        />
        <TextInput
          label="Name families know"
          description="Shown on their card statements"
          required
          {...form.getInputProps('business.doingBusinessAs')}
        />
        <Select
          label="Kind of business"
          required
          data={BUSINESS_TYPES.map((value) => ({ value, label: BUSINESS_TYPE_LABELS[value] }))}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('business.type')}
        />
        <TextInput
          label="Tax id (EIN)"
          description="9 digits; a sole proprietor may give the SSN"
          required
          inputMode="numeric"
          autoComplete="off"
          {...form.getInputProps('business.taxId')}
        />
        <PhoneInput label="Business phone" required {...form.getInputProps('business.phone')} />
        <TextInput
          label="Business e-mail"
          type="email"
          required
          autoComplete="email"
          {...form.getInputProps('business.email')}
        />
      </SimpleGrid>
      <AddressInputs inputProps={(field) => form.getInputProps(ADDRESS_PATHS[field])} />
    </Stack>
  );
}

/** Its owner, verified by the processor (the SSN is only sent). */
function OwnerFields({ form }: { form: Form }) {
  return (
    <Stack gap="sm">
      <Title order={3} fz="lg">
        Its owner
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label="First name"
          required
          autoComplete="given-name"
          {...form.getInputProps('owner.firstName')}
        />
        <TextInput
          label="Last name"
          required
          autoComplete="family-name"
          {...form.getInputProps('owner.lastName')}
        />
        <TextInput label="Title" required {...form.getInputProps('owner.title')} />
        <TextInput
          label="Date of birth"
          type="date"
          required
          autoComplete="bday"
          {...form.getInputProps('owner.dob')}
        />
        <PasswordInput
          label="Social Security number"
          description="Sent to the card processor only, to verify the owner"
          required
          inputMode="numeric"
          autoComplete="off"
          {...form.getInputProps('owner.ssn')}
        />
      </SimpleGrid>
    </Stack>
  );
}

/** The bank account paid into: its numbers are only sent, never kept. */
function BankFields({ form }: { form: Form }) {
  return (
    <Stack gap="sm">
      <Title order={3} fz="lg">
        The bank account you are paid into
      </Title>
      <Group gap={6} wrap="nowrap" align="flex-start">
        <IconLock size={16} aria-hidden style={{ flexShrink: 0, marginTop: 3 }} />
        <Text size="sm" c="dimmed">
          The routing and account numbers go straight to the card processor. Pirouette never keeps them: it
          shows only the account’s last four digits.
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label="Name on the account" required {...form.getInputProps('bank.accountName')} />
        <Select
          label="Account type"
          required
          allowDeselect={false}
          data={[
            { value: 'CHECKING', label: 'Checking' },
            { value: 'SAVINGS', label: 'Savings' },
          ]}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('bank.accountType')}
        />
        <TextInput
          label="Routing number"
          required
          inputMode="numeric"
          autoComplete="off"
          {...form.getInputProps('bank.routingNumber')}
        />
        <PasswordInput
          label="Account number"
          required
          inputMode="numeric"
          autoComplete="off"
          {...form.getInputProps('bank.accountNumber')}
        />
      </SimpleGrid>
    </Stack>
  );
}
