import { Alert, Modal, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { accountMessages, type PersonType, todayInZone } from '@pirouette/domain';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { dialogStyles } from '../../../components/config-dialog';
import { FormButtons } from '../../../components/form-buttons';
import { useOpenings, useSubmission } from '../dialog-state';
import {
  type FamilyPerson,
  type PersonFormValues,
  type PersonSubmission,
  personFormErrors,
  personFormValues,
  personSubmission,
} from '../person-form';
import { ContactFields, type PersonField, StudentFields, UserFields } from './person-fields';

type Props = {
  opened: boolean;
  onClose: () => void;
  type: PersonType;
  /** The person to edit; none (or null) adds a new one. */
  person?: FamilyPerson | null;
  /** Users get an optional e-mail address, to be invited to sign in. */
  allowEmail?: boolean;
  /** Students get their allergies and a note for their teachers (the owner's dialog, issue 36). */
  withNotes?: boolean;
  /** Sends the add or edit call; a rejection is shown in the dialog, a resolution closes it. */
  onSubmit: (input: PersonSubmission) => Promise<unknown>;
};

const NOUN: Record<PersonType, string> = { student: 'student', user: 'user', contact: 'contact' };

/**
 * Adds or edits a student, user or contact of a family (001 §2, §5). It only gathers and checks the
 * fields; the caller makes the call, and says "Insert/Update Successful" when it resolves.
 */
export function PersonDialog({
  opened,
  onClose,
  type,
  person,
  allowEmail = false,
  withNotes = false,
  onSubmit,
}: Props) {
  const isPhone = useMediaQuery('(max-width: 36em)');
  const openings = useOpenings(opened);
  const title = `${person ? 'Edit' : 'Add'} ${NOUN[type]}`;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      styles={dialogStyles}
      size="lg"
      radius="lg"
      centered
      fullScreen={isPhone}
    >
      <PersonForm
        key={`${openings}-${type}-${person?.id ?? 'new'}`}
        type={type}
        person={person ?? null}
        allowEmail={allowEmail}
        withNotes={withNotes}
        onSubmit={onSubmit}
        onDone={onClose}
      />
    </Modal>
  );
}

function PersonForm({
  type,
  person,
  allowEmail,
  withNotes,
  onSubmit,
  onDone,
}: {
  type: PersonType;
  person: FamilyPerson | null;
  allowEmail: boolean;
  withNotes: boolean;
  onSubmit: Props['onSubmit'];
  onDone: () => void;
}) {
  const [today] = useState(() => todayInZone());
  const form = useForm<PersonFormValues>({ initialValues: personFormValues(person) });
  const { submitting, failure, run } = useSubmission(onDone);

  const submit = async (values: PersonFormValues) => {
    const errors = personFormErrors(type, values, today);
    form.setErrors(errors);
    if (Object.keys(errors).length > 0) return;
    await run(() => onSubmit(personSubmission(type, values, { person, allowEmail, withNotes })));
  };

  const layout = {
    field: (f: PersonField) => form.getInputProps(f),
    cols: { base: 1, xs: 2 },
    spacing: 'sm',
    autoComplete: 'off',
    autoFocus: true,
  } as const;

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit(form.getValues());
      }}
    >
      <Stack gap="sm">
        {type !== 'student' && (
          <Text size="sm" c="dimmed">
            {type === 'user'
              ? 'A user looks after the family account. A first or last name and a phone number are needed.'
              : 'Someone the studio may call about the dancers. A first or last name and a phone number are needed.'}
          </Text>
        )}
        {type === 'student' && (
          <Text size="sm" c="dimmed">
            A first or last name and a date of birth are needed.
          </Text>
        )}
        {type === 'student' ? (
          <StudentFields {...layout} today={today} withPhone withNotes={withNotes} />
        ) : type === 'user' ? (
          <UserFields {...layout} email={allowEmail ? { login: loginOf(person) } : undefined} />
        ) : (
          <ContactFields {...layout} />
        )}
        {failure && (
          <Alert color="red" icon={<IconAlertTriangle />} title={accountMessages.personFailed} role="alert">
            {failure}
          </Alert>
        )}
        <FormButtons
          mt="sm"
          onCancel={onDone}
          loading={submitting}
          label={person ? 'Save' : `Add ${NOUN[type]}`}
        />
      </Stack>
    </form>
  );
}

const loginOf = (person: FamilyPerson | null) => (person && 'login' in person ? person.login : 'none');
