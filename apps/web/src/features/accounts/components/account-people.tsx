import { Button, Skeleton, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  type AnswerOf,
  type accountCalls,
  accountMessages,
  type FamilyContact,
  type FamilyStudent,
  type FamilyUser,
  messages,
  type PersonType,
} from '@pirouette/domain';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog';
import { SectionLoadError } from '../../../components/section-load-error';
import { errorText, notifySuccess } from '../../../lib/notify';
import { PeopleSection } from '../../families/components/people-section';
import { PersonDialog } from '../../families/components/person-dialog';
import { StudentsSection } from '../../families/components/students-section';
import { personName } from '../../families/family-view';
import type { PersonSubmission } from '../../families/person-form';
import {
  useAccountStudents,
  useAddPerson,
  useDeletePerson,
  useSendInvitation,
  useUpdatePerson,
} from '../api/accounts';

type Person = FamilyStudent | FamilyUser | FamilyContact;
type Target = { type: PersonType; person: Person | null };

const NOUN: Record<PersonType, string> = { student: 'student', user: 'user', contact: 'contact' };

/** Add, edit and delete of a family's students, users and contacts (001 §2's dialog), and invitations. */
export function usePersonDialogs(accountId: string) {
  const add = useAddPerson();
  const update = useUpdatePerson();
  const remove = useDeletePerson();
  const [editing, setEditing] = useState<Target | null>(null);
  const [editOpened, setEditOpened] = useState(false);
  const [deleting, setDeleting] = useState<{ type: PersonType; person: Person } | null>(null);
  const [deleteOpened, setDeleteOpened] = useState(false);

  const openEdit = (type: PersonType, person: Person | null = null) => {
    setEditing({ type, person });
    setEditOpened(true);
  };
  const openDelete = (type: PersonType, person: Person) => {
    setDeleting({ type, person });
    setDeleteOpened(true);
  };

  // The dialog shows a refusal itself (titled 'Ops! Something went wrong…'); success is said here.
  const submit = async ({ type, user }: PersonSubmission) => {
    if (editing?.person) {
      await update.mutateAsync({ body: { type, user: { ...user, id: editing.person.id } } });
      notifySuccess(messages.updateSuccessful);
    } else {
      // aID and coAcctMemID both name the family (decision 013).
      await add.mutateAsync({ body: { uType: type, nUser: user, aID: accountId, coAcctMemID: accountId } });
      notifySuccess(messages.insertSuccessful);
    }
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(
      { params: { type: deleting.type, id: deleting.person.id, accountKey: accountId } },
      {
        onSuccess: () => {
          notifySuccess(messages.deleteSuccessful);
          setDeleteOpened(false);
        },
        onError: (error) =>
          notifications.show({
            color: 'red',
            title: accountMessages.personFailed,
            message: errorText(error),
          }),
      },
    );
  };

  const dialogs = (
    <>
      {editing && (
        <PersonDialog
          opened={editOpened}
          onClose={() => setEditOpened(false)}
          type={editing.type}
          person={editing.person}
          allowEmail={editing.type === 'user'}
          withNotes={editing.type === 'student'}
          onSubmit={submit}
        />
      )}
      {deleting && (
        <ConfirmDeleteDialog
          headingTitle
          opened={deleteOpened}
          title={`Delete ${NOUN[deleting.type]}`}
          loading={remove.isPending}
          onClose={() => setDeleteOpened(false)}
          onConfirm={confirmDelete}
        >
          Remove <strong>{personName(deleting.person)}</strong> from the family? This cannot be undone.
        </ConfirmDeleteDialog>
      )}
    </>
  );

  return { openEdit, openDelete, dialogs };
}

type Dialogs = ReturnType<typeof usePersonDialogs>;

/** The family's students with their classes this term. */
export function AccountStudents({
  accountId,
  today,
  dialogs,
}: {
  accountId: string;
  today: string;
  dialogs: Dialogs;
}) {
  const students = useAccountStudents(accountId);
  if (students.isPending)
    return (
      <Stack gap="sm">
        <Skeleton h={28} w={160} />
        <Skeleton h={150} radius="lg" />
      </Stack>
    );
  if (students.isError) return <SectionLoadError error={students.error} onRetry={() => students.refetch()} />;
  return (
    <StudentsSection
      students={students.data.students}
      classes={students.data.classes}
      today={today}
      onAdd={() => dialogs.openEdit('student')}
      onEdit={(s) => dialogs.openEdit('student', s)}
      onDelete={(s) => dialogs.openDelete('student', s)}
    />
  );
}

/** The family's users and contacts; a user with an e-mail address who cannot sign in yet can be invited. */
export function AccountPeople({
  accountId,
  people,
  dialogs,
}: {
  accountId: string;
  people: Pick<AnswerOf<typeof accountCalls.info>, 'users' | 'contacts'>;
  dialogs: Dialogs;
}) {
  const invite = useSendInvitation();
  const invitation = (u: FamilyUser) => {
    if (u.login === 'active' || !u.email) return null;
    const sending = invite.isPending && invite.variables?.params.userId === u.id;
    return (
      <Button
        variant="subtle"
        size="compact-xs"
        leftSection={<IconSend size={12} />}
        loading={sending}
        aria-label={`${u.login === 'invited' ? 'Resend' : 'Send'} invitation to ${personName(u)}`}
        onClick={() =>
          invite.mutate(
            { params: { id: accountId, userId: u.id } },
            {
              onSuccess: (result) => notifySuccess(result.msg),
              onError: (error) =>
                notifications.show({
                  color: 'red',
                  title: accountMessages.personFailed,
                  message: errorText(error),
                }),
            },
          )
        }
      >
        {u.login === 'invited' ? 'Resend invitation' : 'Send invitation'}
      </Button>
    );
  };
  return (
    <PeopleSection
      users={people.users}
      contacts={people.contacts}
      onAdd={(type) => dialogs.openEdit(type)}
      onEdit={(type, p) => dialogs.openEdit(type, p)}
      onDelete={(type, p) => dialogs.openDelete(type, p)}
      userExtra={invitation}
    />
  );
}
