import { type AccountInfo, messages, type PersonType } from '@pirouette/domain';
import { type ReactNode, useState } from 'react';
import { lazyDialog } from '../../../components/lazy-dialog';
import { notifySuccess } from '../../../lib/notify';
import { personName } from '../../families/family-view';
import type { FamilyPerson, PersonSubmission } from '../../families/person-form';
import {
  useAddFamilyPerson,
  useDeleteFamilyPerson,
  useUpdateFamilyContactInfo,
  useUpdateFamilyPerson,
} from '../api/parents';
import { notifyPersonFailed } from './notify-failure';

// Behind a click: loaded when first opened, not with the portal.
const PersonDialog = lazyDialog(() =>
  import('../../families/components/person-dialog').then((m) => m.PersonDialog),
);
const ConfirmDeleteDialog = lazyDialog(() =>
  import('../../../components/confirm-delete-dialog').then((m) => m.ConfirmDeleteDialog),
);
const ContactInfoDialog = lazyDialog(() =>
  import('../../families/components/contact-info-dialog').then((m) => m.ContactInfoDialog),
);

type Target = { type: PersonType; person: FamilyPerson | null };

const NOUN: Record<PersonType, string> = { student: 'students', user: 'users', contact: 'contacts' };

/** The portal's words over its Users: a parent adds users, the studio invites them to sign in. */
export const parentUsersHint = (studioName: string) =>
  `The adults who look after the family account. To let one of them sign in, ask ${studioName || 'the studio'} to send them an invitation.`;

/**
 * The parent's changes to their family: the add/edit dialog of a person, the confirmation of a
 * delete, the contact information dialog. What a dialog shows stays while it animates closed.
 */
export function useFamilyEditor({
  info,
  isMe,
}: {
  info: AccountInfo | undefined;
  isMe: (p: FamilyPerson) => boolean;
}) {
  const add = useAddFamilyPerson();
  const update = useUpdateFamilyPerson();
  const remove = useDeleteFamilyPerson();
  const updateContactInfo = useUpdateFamilyContactInfo();

  const [editing, setEditing] = useState<Target>({ type: 'student', person: null });
  const [editOpened, setEditOpened] = useState(false);
  const [deleting, setDeleting] = useState<Target | null>(null);
  const [deleteOpened, setDeleteOpened] = useState(false);
  const [contactOpened, setContactOpened] = useState(false);

  const openEdit = (type: PersonType, person: FamilyPerson | null) => {
    setEditing({ type, person });
    setEditOpened(true);
  };
  const openDelete = (type: PersonType, person: FamilyPerson) => {
    setDeleting({ type, person });
    setDeleteOpened(true);
  };

  const submitPerson = async ({ type, user }: PersonSubmission) => {
    if (editing.person) {
      await update.mutateAsync({ body: { type, user: { ...user, id: editing.person.id } } });
      notifySuccess(messages.updateSuccessful);
    } else {
      await add.mutateAsync({ body: { type, user } });
      notifySuccess(messages.insertSuccessful);
    }
  };

  const confirmDelete = () => {
    if (!deleting?.person) return;
    remove.mutate(
      { params: { type: deleting.type, id: deleting.person.id } },
      {
        onSuccess: () => {
          notifySuccess(messages.deleteSuccessful);
          setDeleteOpened(false);
        },
        // A refusal is final (a student still registered, the last user): the notice says why.
        onError: (error) => {
          notifyPersonFailed(error);
          setDeleteOpened(false);
        },
      },
    );
  };

  const dialogs: ReactNode = (
    <>
      <PersonDialog
        opened={editOpened}
        onClose={() => setEditOpened(false)}
        type={editing.type}
        person={editing.person}
        // No e-mail field: inviting someone to sign in is the studio's (a parent's address is refused).
        onSubmit={submitPerson}
      />
      {deleting?.person && (
        <ConfirmDeleteDialog
          headingTitle
          opened={deleteOpened}
          title={`Delete ${deleting.type}`}
          loading={remove.isPending}
          onClose={() => setDeleteOpened(false)}
          onConfirm={confirmDelete}
        >
          {deleteText(deleting.type, deleting.person, isMe(deleting.person))}
        </ConfirmDeleteDialog>
      )}
      {info && (
        <ContactInfoDialog
          opened={contactOpened}
          onClose={() => setContactOpened(false)}
          info={info}
          onSubmit={async (values) => {
            await updateContactInfo.mutateAsync({ body: values });
            notifySuccess(messages.updateSuccessful);
          }}
        />
      )}
    </>
  );

  return {
    addPerson: (type: PersonType) => openEdit(type, null),
    editPerson: (type: PersonType, person: FamilyPerson) => openEdit(type, person),
    deletePerson: openDelete,
    editContactInfo: () => setContactOpened(true),
    dialogs,
  };
}

function deleteText(type: PersonType, person: FamilyPerson, me: boolean): ReactNode {
  const name = <strong>{personName(person)}</strong>;
  if (me) {
    return (
      <>
        Delete {name} from your family's users? This is you: you will no longer be able to sign in to the
        family portal.
      </>
    );
  }
  if (type === 'student') {
    return (
      <>
        Delete {name} from your family's students? A student registered in classes must be dropped from them
        first. This cannot be undone.
      </>
    );
  }
  return (
    <>
      Delete {name} from your family's {NOUN[type]}? This cannot be undone.
    </>
  );
}
