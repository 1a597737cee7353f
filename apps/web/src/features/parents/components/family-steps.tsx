import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Divider,
  Group,
  Paper,
  PasswordInput,
  ScrollArea,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { ABOUT_US_OPTIONS, FAMILY_LIMITS } from '@pirouette/domain';
import { IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AddressInputs } from '../../../components/address-inputs';
import { PhoneInput } from '../../../components/phone-input';
import { RowCard } from '../../../components/row-card';
import { PASSWORD_HINT } from '../../../lib/format';
import { ContactFields, StudentFields } from '../../families/components/person-fields';
import { sentenceCase } from '../../families/family-view';
import { ROLE_NAMES } from '../../families/person-options';
import {
  emptyContact,
  emptyStudent,
  type ParentFormValues,
  type StudioTerm,
} from '../parent-registration-form';

type Form = UseFormReturnType<ParentFormValues>;

/** One step: its fields, then Back / Next (a form, so Enter moves on). */
export function StepFrame({
  children,
  onBack,
  onNext,
  nextLabel = 'Next',
  nextDisabled,
  submitting,
}: {
  children: ReactNode;
  onBack?: () => void;
  onNext: () => void;
  nextLabel?: string;
  nextDisabled?: boolean;
  submitting?: boolean;
}) {
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onNext();
      }}
    >
      <Stack gap="md">
        {children}
        <Group justify={onBack ? 'space-between' : 'flex-end'} mt="xs">
          {onBack && (
            <Button variant="default" onClick={onBack}>
              Back
            </Button>
          )}
          <Button type="submit" disabled={nextDisabled} loading={submitting}>
            {nextLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Step 1: the parent — sign-in e-mail and password, name, phone, role. */
export function YouFields({ form }: { form: Form }) {
  return (
    <>
      <TextInput
        label="E-mail"
        type="email"
        autoComplete="email"
        description="You will sign in with it; we send a link to confirm it."
        required
        {...form.getInputProps('login.email')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <PasswordInput
          label="Password"
          description={PASSWORD_HINT}
          // The hint under the field, so that the two fields side by side stand level.
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          autoComplete="new-password"
          required
          {...form.getInputProps('login.password')}
        />
        <PasswordInput
          label="Confirm password"
          autoComplete="new-password"
          required
          {...form.getInputProps('confirmPassword')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="First name"
          autoComplete="given-name"
          required
          {...form.getInputProps('user.firstName')}
        />
        <TextInput
          label="Last name"
          autoComplete="family-name"
          required
          {...form.getInputProps('user.lastName')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <PhoneInput label="Mobile phone" required {...form.getInputProps('user.phone')} />
        <Select
          label="Your role"
          data={ROLE_NAMES}
          allowDeselect={false}
          required
          {...form.getInputProps('user.role')}
        />
      </SimpleGrid>
    </>
  );
}

/** Step 2: other contacts (optional). */
export function ContactsFields({ form }: { form: Form }) {
  const contacts = form.getValues().contacts;
  return (
    <>
      <Text c="dimmed" size="sm">
        Anyone else the studio may call about your dancers: another parent, a grandparent, a sitter. This is
        optional.
      </Text>
      {contacts.length === 0 && (
        <Text size="sm" fs="italic">
          No other contacts.
        </Text>
      )}
      {contacts.map((contact, i) => (
        <RowCard
          key={contact.key}
          title={`Contact ${i + 1}`}
          onRemove={() => form.removeListItem('contacts', i)}
        >
          <ContactFields namesRequired field={(f) => form.getInputProps(`contacts.${i}.${f}`)} />
        </RowCard>
      ))}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          disabled={contacts.length >= FAMILY_LIMITS.contacts}
          onClick={() => form.insertListItem('contacts', emptyContact())}
        >
          Add a contact
        </Button>
      </Group>
    </>
  );
}

/** Step 3: the dancers (at least one). */
export function StudentsFields({ form }: { form: Form }) {
  const students = form.getValues().students;
  const listError = form.errors.students;
  return (
    <>
      <Text c="dimmed" size="sm">
        The dancers you are registering. A first or last name and a date of birth are needed.
      </Text>
      {students.map((student, i) => (
        <RowCard
          key={student.key}
          title={`Student ${i + 1}`}
          onRemove={() => form.removeListItem('students', i)}
        >
          <StudentFields field={(f) => form.getInputProps(`students.${i}.${f}`)} />
        </RowCard>
      ))}
      {listError && (
        <Text c="red" size="sm" role="alert">
          {listError}
        </Text>
      )}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          disabled={students.length >= FAMILY_LIMITS.students}
          onClick={() => {
            form.clearFieldError('students');
            form.insertListItem('students', emptyStudent());
          }}
        >
          Add a student
        </Button>
      </Group>
    </>
  );
}

/** Step 4: the family's address and phone, and how they heard of the studio. */
export function AddressFields({ form }: { form: Form }) {
  return (
    <>
      <AddressInputs
        inputProps={(f) => form.getInputProps(`acctInfo.${f}`)}
        line2={form.getInputProps('acctInfo.address2')}
      />
      <PhoneInput label="Home phone" required {...form.getInputProps('acctInfo.phone')} />
      <Divider label="About us" labelPosition="left" mt="xs" />
      <Select
        label="How did you hear about the studio?"
        data={[...ABOUT_US_OPTIONS]}
        required
        {...form.getInputProps('aboutUS.option')}
      />
      <Textarea
        label="Anything else we should know?"
        autosize
        minRows={2}
        maxRows={6}
        {...form.getInputProps('aboutUS.notes')}
      />
    </>
  );
}

/** Step 5: each studio document in full, accepted one by one. */
export function TermsFields({ form, terms }: { form: Form; terms: readonly StudioTerm[] }) {
  if (terms.length === 0) {
    return <Text c="dimmed">The studio has no documents for you to accept. You can register now.</Text>;
  }
  return (
    <>
      <Text c="dimmed" size="sm">
        Please read the studio's documents and accept each of them to register.
      </Text>
      {terms.map((term) => (
        <Paper key={term.id} withBorder p="md" radius="md">
          <Stack gap="sm">
            <Title order={3} fz="lg">
              {sentenceCase(term.title)}
            </Title>
            <ScrollArea.Autosize mah={220} type="auto" offsetScrollbars>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="term-content">
                {term.content}
              </Text>
            </ScrollArea.Autosize>
            <Checkbox
              label={`I have read and accept “${sentenceCase(term.title)}”`}
              checked={form.getValues().accepted[term.id] === true}
              onChange={(event) => {
                form.setFieldValue(`accepted.${term.id}`, event.currentTarget.checked);
                form.clearFieldError('terms');
              }}
            />
          </Stack>
        </Paper>
      ))}
    </>
  );
}

/** What the server answered when it refused the registration. */
/** Beside the e-mail field: why the address cannot register here, and where to sign in instead. */
export function EmailTaken({ message, signInTo }: { message: string; signInTo: string | null }) {
  return (
    <>
      {message}{' '}
      {signInTo && (
        <Anchor component={Link} to={signInTo} size="xs" fw={600} c="inherit" underline="always">
          Sign in to your account
        </Anchor>
      )}
    </>
  );
}

export function SubmitError({ message, signInTo }: { message: string; signInTo: string | null }) {
  return (
    <Alert color="red" role="alert">
      <Text size="sm">{message}</Text>
      {signInTo && (
        <Anchor component={Link} to={signInTo} size="sm" fw={600}>
          Sign in to your account
        </Anchor>
      )}
    </Alert>
  );
}
