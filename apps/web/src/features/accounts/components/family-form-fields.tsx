import { Button, Group, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { ABOUT_US_OPTIONS } from '@pirouette/domain';
import { IconPlus } from '@tabler/icons-react';
import type { FocusEvent, ReactNode } from 'react';
import { AddressInputs } from '../../../components/address-inputs';
import { RowCard } from '../../../components/row-card';
import {
  ContactFields,
  UserFields as PersonUserFields,
  StudentFields,
} from '../../families/components/person-fields';
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
      <PersonUserFields
        autoComplete="off"
        autoFocus
        spacing="sm"
        field={(f) =>
          f === 'lastName'
            ? {
                ...form.getInputProps('user.lastName'),
                onBlur: (event: FocusEvent<HTMLInputElement>) => {
                  form.getInputProps('user.lastName').onBlur?.(event);
                  // New students take the family's name unless one was typed for them.
                  const lastName = event.currentTarget.value.trim();
                  form.getValues().students.forEach((s, i) => {
                    if (!s.lastName.trim() && lastName)
                      form.setFieldValue(`students.${i}.lastName`, lastName);
                  });
                },
              }
            : form.getInputProps(`user.${f}`)
        }
        email={{
          inviteHint:
            "Optional. We'll e-mail an invitation to set a password, so they can sign in to the parent portal.",
        }}
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
          <StudentFields
            autoComplete="off"
            spacing="sm"
            field={(f) => form.getInputProps(`students.${i}.${f}`)}
          />
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
          <ContactFields
            autoComplete="off"
            spacing="sm"
            field={(f) => form.getInputProps(`contacts.${i}.${f}`)}
          />
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
