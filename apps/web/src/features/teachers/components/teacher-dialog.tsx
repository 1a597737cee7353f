import type { Teacher, TeacherInput } from '@pirouette/domain';
import { ConfigDialog } from '../../../components/config-dialog';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog';
import { notifyResult } from '../../../lib/notify';
import type { DialogState } from '../../../lib/use-dialog';
import { useCreateTeacher, useDeleteTeacher, useUpdateTeacher } from '../api/teachers';
import { TeacherForm } from './teacher-form';

type Props = { state: DialogState<Teacher> | null; opened: boolean; onClose: () => void };

const fullName = (t: Teacher) => `${t.firstName} ${t.lastName}`;

/** The teacher dialog in its three modes: new, edit and del (002 §2). */
export function TeacherDialog({ state, opened, onClose }: Props) {
  const create = useCreateTeacher();
  const update = useUpdateTeacher();
  const remove = useDeleteTeacher();
  const handlers = notifyResult(onClose);
  const submit = (teacher: Teacher | null) => (values: TeacherInput) => {
    if (teacher) update.mutate({ params: { id: teacher.id }, body: values }, handlers);
    else create.mutate({ body: values }, handlers);
  };
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
          onConfirm={() => remove.mutate({ params: { id: teacher.id } }, handlers)}
        >
          Delete <strong>{fullName(teacher)}</strong> from your teachers? This cannot be undone.
        </ConfirmDeleteDialog>
      )}
    >
      {(teacher) => (
        <TeacherForm
          teacher={teacher}
          submitting={create.isPending || update.isPending}
          onSubmit={submit(teacher)}
          onCancel={onClose}
        />
      )}
    </ConfigDialog>
  );
}
