import { Center, Loader } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ClassFormInputs, ClassSaved, ScheduleClass, ScheduleRoom } from '@pirouette/domain';
import { useState } from 'react';
import { ConfigDialog } from '../../../components/config-dialog';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog';
import { saveWith, useFormSubmit } from '../../../components/form-dialog';
import { notifyResult, notifySuccess } from '../../../lib/notify';
import { plural } from '../../../lib/schedule-format';
import type { DialogState } from '../../../lib/use-dialog';
import { useCreateClass, useDeleteClass, useUpdateClass } from '../api/schedule';
import { type ClassFormValues, classInput, editClassValues } from '../class-form-values';
import { ClassForm } from './class-form';

type Props = {
  state: DialogState<ScheduleClass> | null;
  opened: boolean;
  onClose: () => void;
  inputs: ClassFormInputs | undefined;
  rooms: ScheduleRoom[];
  /** The values a new class starts with (the day and time chosen on the grid). */
  newValues: () => ClassFormValues | null;
  onDeleted: (cls: ScheduleClass) => void;
};

/** The answer to a saved class: its message, and the teacher's clash as a yellow note. */
function notifySaved(result: ClassSaved) {
  notifySuccess(result.msg);
  if (result.warning) notifications.show({ color: 'yellow', message: result.warning });
}

function ClassFormContainer({
  cls,
  inputs,
  rooms,
  newValues,
  onClose,
}: {
  cls: ScheduleClass | null;
  inputs: ClassFormInputs;
  rooms: ScheduleRoom[];
  newValues: Props['newValues'];
  onClose: () => void;
}) {
  const create = useCreateClass();
  const update = useUpdateClass();
  const [initialValues] = useState(() => (cls ? editClassValues(cls) : newValues()));
  // A refusal (the room is taken at that time…) stays in the dialog, beside what to change.
  const { submit, pending, error } = useFormSubmit({
    save: cls
      ? saveWith(update, (values: ClassFormValues) => ({
          params: { id: cls.id },
          body: classInput(values).class,
        }))
      : saveWith(create, (values: ClassFormValues) => ({ body: classInput(values) })),
    onDone: onClose,
    refusal: 'form',
    notify: notifySaved,
  });
  if (!initialValues) return null;
  return (
    <ClassForm
      initialValues={initialValues}
      inputs={inputs}
      roomNames={rooms}
      isNew={!cls}
      submitting={pending}
      error={error}
      onCancel={onClose}
      onSubmit={submit}
    />
  );
}

function DeleteClass({
  cls,
  opened,
  onClose,
  onDeleted,
}: {
  cls: ScheduleClass;
  opened: boolean;
  onClose: () => void;
  onDeleted: (cls: ScheduleClass) => void;
}) {
  const remove = useDeleteClass();
  return (
    <ConfirmDeleteDialog
      headingTitle
      opened={opened}
      title="Delete class"
      loading={remove.isPending}
      onClose={onClose}
      onConfirm={() =>
        remove.mutate(
          { params: { id: cls.id, roomID: cls.roomID } },
          notifyResult(() => {
            onDeleted(cls);
            onClose();
          }),
        )
      }
    >
      Delete <strong>{cls.name}</strong>?{' '}
      {cls.nReg > 0 ? (
        <>
          <strong>{plural(cls.nReg, 'student is', 'students are')}</strong> registered in it: their
          registrations and the class’s dance numbers are deleted with it.
        </>
      ) : (
        <>No students are registered in it; the class’s dance numbers are deleted with it.</>
      )}{' '}
      This cannot be undone.
    </ConfirmDeleteDialog>
  );
}

/** The class dialog in its three modes, new, edit and del (002 §2). */
export function ClassDialog({ state, opened, onClose, inputs, rooms, newValues, onDeleted }: Props) {
  return (
    <ConfigDialog
      state={state}
      opened={opened}
      onClose={onClose}
      titles={{ new: 'New class', edit: 'Edit class' }}
      size="lg"
      fullScreenOnPhone
      headingTitle
      confirmDelete={(cls) => (
        <DeleteClass cls={cls} opened={opened} onClose={onClose} onDeleted={onDeleted} />
      )}
    >
      {(cls) =>
        inputs ? (
          <ClassFormContainer
            cls={cls}
            inputs={inputs}
            rooms={rooms}
            newValues={newValues}
            onClose={onClose}
          />
        ) : (
          <Center h={200}>
            <Loader />
          </Center>
        )
      }
    </ConfigDialog>
  );
}
