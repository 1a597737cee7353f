import type { Teacher, TeacherInput } from '@pirouette/domain';
import { ConfigDialog } from '../../../components/config-dialog';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog';
import { saveWith, useFormSubmit } from '../../../components/form-dialog';
import { notifyResult } from '../../../lib/notify';
import type { DialogState } from '../../../lib/use-dialog';
import { useCreateTeacher, useDeleteTeacher, useUpdateTeacher } from '../api/teachers';
import { TeacherForm } from './teacher-form';

type Props = { state: DialogState<Teacher> | null; opened: boolean; onClose: () => void };

const fullName = (t: Teacher) => `${t.firstName} ${t.lastName}`;

/** The new or edit mode: TeacherForm, sent as a new teacher or as the changes of this one. */
function TeacherFormDialog({ teacher, onClose }: { teacher: Teacher | null; onClose: () => void }) {
  const create = useCreateTeacher();
  const update = useUpdateTeacher();
  const { submit, pending } = useFormSubmit({
    save: teacher
      ? saveWith(update, (values: TeacherInput) => ({ params: { id: teacher.id }, body: values }))
      : saveWith(create, (values: TeacherInput) => ({ body: values })),
    onDone: onClose,
  });
  return <TeacherForm teacher={teacher} submitting={pending} onSubmit={submit} onCancel={onClose} />;
}

/** The teacher dialog in its three modes: new, edit and del (002 §2). */
export function TeacherDialog({ state, opened, onClose }: Props) {
  const remove = useDeleteTeacher();
  return (
    <ConfigDialog
      state={state}
      opened={opened}
      onClose={onClose}
      titles={{ new: 'New teacher', edit: 'Edit teacher' }}
      size="lg"
      fullScreenOnPhone
      headingTitle
      confirmDelete={(teacher) => (
        <ConfirmDeleteDialog
          headingTitle
          opened={opened}
          title="Delete teacher"
          loading={remove.isPending}
          onClose={onClose}
          onConfirm={() => remove.mutate({ params: { id: teacher.id } }, notifyResult(onClose))}
        >
          Delete <strong>{fullName(teacher)}</strong> from your teachers? This cannot be undone.
        </ConfirmDeleteDialog>
      )}
    >
      {(teacher) => <TeacherFormDialog teacher={teacher} onClose={onClose} />}
    </ConfigDialog>
  );
}
