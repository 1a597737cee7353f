import { Button, Group, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { ABOUT_US_OPTIONS } from '@pirouette/domain';
import { IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { AddressInputs } from '../../../components/address-inputs';
import { PhoneInput } from '../../../components/phone-input';
import { RowCard } from '../../../components/row-card';
import { GENDER_OPTIONS, ROLE_NAMES } from '../../families/person-options';
import {
  canAddContact,
  canAddStudent,
  emptyContactRow,
  emptyStudentRow,
  type FamilyFormValues,
} from '../family-form';

type Form = UseFormReturnType<FamilyFormValues>;

export function FormSection({
  title,
  hint,
  children,
}: {
  title: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <div>
        <Title order={3} fz="md">
          {title}
        </Title>
        {hint && (
          <Text size="sm" c="dimmed">
            {hint}
          </Text>
        )}
      </div>
      {children}
    </Stack>
  );
}

/** The family's first user: who the studio talks to, and who may sign in when an address is given. */
export function UserFields({ form }: { form: Form }) {
  return (
    <FormSection title="First user" hint="The parent or guardian the studio talks to.">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label="First name"
          autoComplete="off"
          data-autofocus
          {...form.getInputProps('user.firstName')}
        />
        <TextInput
          label="Last name"
          autoComplete="off"
          {...form.getInputProps('user.lastName')}
          onBlur={(event) => {
            form.getInputProps('user.lastName').onBlur?.(event);
            // New students take the family's name unless one was typed for them.
            const lastName = event.currentTarget.value.trim();
            form.getValues().students.forEach((s, i) => {
              if (!s.lastName.trim() && lastName) form.setFieldValue(`students.${i}.lastName`, lastName);
            });
          }}
        />
        <PhoneInput label="Phone" autoComplete="off" required {...form.getInputProps('user.phone')} />
        <Select
          label="Role"
          data={ROLE_NAMES}
          allowDeselect={false}
          required
          {...form.getInputProps('user.role')}
        />
      </SimpleGrid>
      <TextInput
        label="E-mail"
        type="email"
        autoComplete="off"
        description="Optional. We'll e-mail an invitation to set a password, so they can sign in to the parent portal."
        {...form.getInputProps('user.email')}
      />
    </FormSection>
  );
}

/** The family's dancers: at least one, each with a name and a date of birth. */
export function StudentRows({ form }: { form: Form }) {
  const values = form.getValues();
  return (
    <FormSection title="Students" hint="A first or last name and a date of birth for each dancer.">
      {values.students.map((student, i) => (
        <RowCard
          compact
          key={student.key}
          title={`Student ${i + 1}`}
          onRemove={values.students.length > 1 ? () => form.removeListItem('students', i) : undefined}
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label="First name"
              autoComplete="off"
              {...form.getInputProps(`students.${i}.firstName`)}
            />
            <TextInput
              label="Last name"
              autoComplete="off"
              {...form.getInputProps(`students.${i}.lastName`)}
            />
            <TextInput
              label="Date of birth"
              type="date"
              required
              {...form.getInputProps(`students.${i}.dob`)}
            />
            <Select
              label="Gender"
              data={GENDER_OPTIONS}
              allowDeselect={false}
              {...form.getInputProps(`students.${i}.gender`)}
            />
          </SimpleGrid>
        </RowCard>
      ))}
      {form.errors.students && (
        <Text c="red" size="sm" role="alert">
          {form.errors.students}
        </Text>
      )}
      <Group>
        <Button
          variant="light"
          size="sm"
          leftSection={<IconPlus size={16} />}
          disabled={!canAddStudent(values)}
          onClick={() => {
            form.clearFieldError('students');
            form.insertListItem('students', emptyStudentRow(values.user.lastName.trim()));
          }}
        >
          Add a student
        </Button>
      </Group>
    </FormSection>
  );
}

/** The family's home address. */
export function AddressFields({ form }: { form: Form }) {
  return (
    <FormSection title="Address">
      <AddressInputs
        inputProps={(f) => form.getInputProps(`acctInfo.${f}`)}
        line2={form.getInputProps('acctInfo.address2')}
        autofill={false}
      />
    </FormSection>
  );
}

/** Other people the studio may call: optional. */
export function ContactRows({ form }: { form: Form }) {
  const values = form.getValues();
  return (
    <FormSection title="Other contacts" hint="Optional: another parent, a grandparent, a sitter.">
      {values.contacts.map((contact, i) => (
        <RowCard
          compact
          key={contact.key}
          title={`Contact ${i + 1}`}
          onRemove={() => form.removeListItem('contacts', i)}
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label="First name"
              autoComplete="off"
              {...form.getInputProps(`contacts.${i}.firstName`)}
            />
            <TextInput
              label="Last name"
              autoComplete="off"
              {...form.getInputProps(`contacts.${i}.lastName`)}
            />
            <PhoneInput
              label="Phone"
              autoComplete="off"
              required
              {...form.getInputProps(`contacts.${i}.phone`)}
            />
            <Select
              label="Role"
              data={ROLE_NAMES}
              allowDeselect={false}
              required
              {...form.getInputProps(`contacts.${i}.role`)}
            />
          </SimpleGrid>
        </RowCard>
      ))}
      <Group>
        <Button
          variant="light"
          size="sm"
          leftSection={<IconPlus size={16} />}
          disabled={!canAddContact(values)}
          onClick={() => form.insertListItem('contacts', emptyContactRow())}
        >
          Add a contact
        </Button>
      </Group>
    </FormSection>
  );
}

/** How the family heard of the studio: optional at the front desk. */
export function AboutFields({ form }: { form: Form }) {
  return (
    <FormSection title="About us" hint="Optional: how the family heard of the studio.">
      <Select
        label="How did they hear about the studio?"
        data={[...ABOUT_US_OPTIONS]}
        clearable
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps('aboutUS.option')}
        value={form.getValues().aboutUS.option || null}
        onChange={(value) => form.setFieldValue('aboutUS.option', value ?? '')}
      />
      <Textarea label="Notes" autosize minRows={2} maxRows={5} {...form.getInputProps('aboutUS.notes')} />
    </FormSection>
  );
}
