import { Alert, Button, Center, Loader } from '@mantine/core';
import type { PrivateFormInputs, PrivateLesson } from '@pirouette/domain';
import { ConfigDialog } from '../../../components/config-dialog';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog';
import { type Saved, saveWith, useFormSubmit } from '../../../components/form-dialog';
import { notifyResult } from '../../../lib/notify';
import type { DialogState } from '../../../lib/use-dialog';
import { useCreatePrivate, useDeletePrivate, useUpdatePrivate } from '../api/privates';
import { newPrivateValues, type PrivateFormValues, privateValues } from '../private-form-values';
import { PrivateForm } from './private-form';

type Props = {
  state: DialogState<PrivateLesson> | null;
  opened: boolean;
  onClose: () => void;
  /** The form's options; a spinner stands in while they load. */
  inputs: PrivateFormInputs | undefined;
  /** Why the options could not load, with a retry. */
  inputsError: { message: string; retry: () => void } | null;
  /** Where a new lesson starts: the location on screen. */
  locationID: string | null;
  /** After a lesson is deleted (its info closes). */
  onDeleted: (id: string) => void;
  /** After a lesson is created, with its id and location (the screen shows that location). */
  onCreated: (id: string, locationID: string) => void;
};

/**
 * The new or edit mode: PrivateForm, sent as a new lesson or as this one's fields beside its id. Only a
 * new lesson's answer carries an id: the page then shows it, at the location it was added to.
 */
function PrivateFormDialog({
  lesson,
  inputs,
  locationID,
  onClose,
  onCreated,
}: Pick<Props, 'locationID' | 'onClose' | 'onCreated'> & {
  lesson: PrivateLesson | null;
  inputs: PrivateFormInputs;
}) {
  const create = useCreatePrivate();
  const update = useUpdatePrivate();
  const { submit, pending } = useFormSubmit<PrivateFormValues, Saved & { id?: string }>({
    save: lesson
      ? saveWith(update, (values: PrivateFormValues) => ({ body: { ...values, id: lesson.id } }))
      : saveWith(create, (values: PrivateFormValues) => ({ body: values })),
    onDone: onClose,
    onSaved: (saved, values) => {
      if (saved.id) onCreated(saved.id, values.locationID);
    },
  });
  return (
    <PrivateForm
      inputs={inputs}
      initialValues={lesson ? privateValues(lesson) : newPrivateValues({ locationID })}
      submitLabel={lesson ? 'Save' : 'Add private'}
      submitting={pending}
      onSubmit={submit}
      onCancel={onClose}
    />
  );
}

/** The private-lesson dialog in its three modes: new, edit and del (002 §2). */
export function PrivateDialog({
  state,
  opened,
  onClose,
  inputs,
  inputsError,
  locationID,
  onDeleted,
  onCreated,
}: Props) {
  const remove = useDeletePrivate();
  return (
    <ConfigDialog
      state={state}
      opened={opened}
      onClose={onClose}
      titles={{ new: 'New private lesson', edit: 'Edit private lesson' }}
      size="lg"
      fullScreenOnPhone
      headingTitle
      confirmDelete={(lesson) => (
        <ConfirmDeleteDialog
          headingTitle
          opened={opened}
          title="Delete private lesson"
          loading={remove.isPending}
          onClose={onClose}
          onConfirm={() =>
            remove.mutate(
              { params: { id: lesson.id } },
              notifyResult(() => {
                onClose();
                onDeleted(lesson.id);
              }),
            )
          }
        >
          Delete <strong>{lesson.name}</strong>
          {lesson.nReg > 0
            ? ` and its ${lesson.nReg === 1 ? 'registration' : `${lesson.nReg} registrations`}`
            : ''}
          ? This cannot be undone.
        </ConfirmDeleteDialog>
      )}
    >
      {(lesson) =>
        inputs ? (
          <PrivateFormDialog
            lesson={lesson}
            inputs={inputs}
            locationID={locationID}
            onClose={onClose}
            onCreated={onCreated}
          />
        ) : inputsError ? (
          <Alert color="red" title={inputsError.message}>
            <Button size="xs" variant="light" mt="xs" onClick={inputsError.retry}>
              Try again
            </Button>
          </Alert>
        ) : (
          <Center h={240}>
            <Loader />
          </Center>
        )
      }
    </ConfigDialog>
  );
}
