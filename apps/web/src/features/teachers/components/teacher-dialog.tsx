import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Teacher, TeacherInput } from '@pirouette/domain';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { ConfirmDeleteDialog } from '../../locations/components/confirm-delete-dialog';
import { type DialogState, dialogStyles } from '../../locations/use-dialog';
import { useCreateTeacher } from '../api/create-teacher';
import { useDeleteTeacher } from '../api/delete-teacher';
import { useUpdateTeacher } from '../api/update-teacher';
import { TeacherForm } from './teacher-form';

type Props = { state: DialogState<Teacher> | null; opened: boolean; onClose: () => void };

const fullName = (t: Teacher) => `${t.firstName} ${t.lastName}`;

/** The teacher dialog in its three modes: new, edit and del (002 §2). */
export function TeacherDialog({ state, opened, onClose }: Props) {
  const isPhone = useMediaQuery('(max-width: 36em)');
  const create = useCreateTeacher();
  const update = useUpdateTeacher();
  const remove = useDeleteTeacher();
  if (!state) return null;
  const teacher = state.target;
  const done = (result: { msg: string }) => {
    notifySuccess(result.msg);
    onClose();
  };
  const failed = (error: unknown) => notifyError(error);

  if (state.mode === 'del') {
    return teacher ? (
      <ConfirmDeleteDialog
        opened={opened}
        title="Delete teacher"
        loading={remove.isPending}
        onClose={onClose}
        onConfirm={() => remove.mutate(teacher.id, { onSuccess: done, onError: failed })}
      >
        Delete <strong>{fullName(teacher)}</strong> from your teachers? This cannot be undone.
      </ConfirmDeleteDialog>
    ) : null;
  }

  const submit = (values: TeacherInput) => {
    if (state.mode === 'edit' && teacher) {
      update.mutate({ id: teacher.id, data: values }, { onSuccess: done, onError: failed });
    } else {
      create.mutate(values, { onSuccess: done, onError: failed });
    }
  };
  return (
    <Modal
      styles={dialogStyles}
      opened={opened}
      onClose={onClose}
      title={state.mode === 'edit' ? 'Edit teacher' : 'New teacher'}
      size="lg"
      radius="lg"
      centered
      fullScreen={isPhone}
    >
      <TeacherForm
        key={state.key}
        teacher={state.mode === 'edit' ? teacher : null}
        submitting={create.isPending || update.isPending}
        onSubmit={submit}
        onCancel={onClose}
      />
    </Modal>
  );
}
