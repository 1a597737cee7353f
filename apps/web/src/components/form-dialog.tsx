import { Alert, type MantineSpacing } from '@mantine/core';
import { type UseFormReturnType, useForm } from '@mantine/form';
import { type FormEvent, type ReactNode, useState } from 'react';
import { errorText, notifyError, notifySuccess } from '../lib/notify';
import { configResolver, type SafeParser } from '../lib/zod-form';
import { FormButtons } from './form-buttons';

/**
 * The wiring every new/edit dialog's form repeats (issue 14): validate with the server's schema, send
 * the values through the mutation of the mode, say what happened, close on success, spin the submit
 * button while the call is out. Three layers, the outer built on the inner:
 *
 * - `<FormDialog initialValues validate save onDone submitLabel>{(form) => fields}</FormDialog>`: the
 *   whole form of a dialog (a `<form>`, the fields the children render, a refusal shown in the form
 *   when asked, then Cancel and the submit button). Use it when the dialog owns its fields.
 * - `useFormDialog(...)`: the same without the layout (`form`, `onSubmit`, `pending`, `error`), for a
 *   form laid out differently.
 * - `useFormSubmit(...)`: only the sending (`submit(values)`, `pending`, `error`), for a form component
 *   of its own (`TeacherForm`, `ClassForm`) or one that validates its own way before sending.
 *
 * What is sent is a `Save`, built by `saveWith(mutation, input)` from a `useCallMutation` result and
 * the input it takes from the values; pick the mode's one: `editing ? saveWith(update, (v) => ({ params:
 * { id }, body: v })) : saveWith(create, (v) => ({ body: v }))`.
 *
 * On success the answer's `msg` is shown as a notification (or `notify` says it), the dialog closes
 * (`onDone`), then `onSaved` runs. A refusal is shown as a notification (`refusal: 'notify'`, the
 * studio configuration dialogs) or kept in `error` and shown in the form above the buttons
 * (`refusal: 'form'`), where the person changes what the server refused; it is cleared at the next submit.
 */

/** The least a save answers: the sentence to show (`{ msg }`). */
export type Saved = { msg: string };

export type Callbacks<A> = { onSuccess: (answer: A) => void; onError: (error: unknown) => void };

/** A mutation as `useCallMutation` (or any `useMutation`) gives it: how to send, and whether it is out. */
export type Mutation<I, A> = { isPending: boolean; mutate: (input: I, callbacks: Callbacks<A>) => void };

/** How a form's values are saved: sent through one mutation, and whether that mutation is out. */
export type Save<Values, A extends Saved = Saved> = {
  readonly pending: boolean;
  readonly send: (values: Values, callbacks: Callbacks<A>) => void;
};

/** A `Save` from a mutation and the input it takes from the form's values. */
export function saveWith<Values, I, A extends Saved>(
  mutation: Mutation<I, A>,
  input: (values: Values) => I,
): Save<Values, A> {
  return {
    pending: mutation.isPending,
    send: (values, callbacks) => mutation.mutate(input(values), callbacks),
  };
}

export type FormSubmitOptions<Values, A extends Saved> = {
  save: Save<Values, A>;
  /** Closes the dialog, once the save succeeded. */
  onDone: () => void;
  /** Where a refusal is read: a notification (default), or `error`, shown in the form. */
  refusal?: 'notify' | 'form';
  /** Says the save succeeded; by default the answer's message as a notification. */
  notify?: (answer: A) => void;
  /** Runs after the dialog closed: what the page does with what was saved. */
  onSaved?: (answer: A, values: Values) => void;
};

/** The sending of a dialog's form: `submit(values)` saves, says so and closes; see the file's comment. */
export function useFormSubmit<Values, A extends Saved>({
  save,
  onDone,
  refusal = 'notify',
  notify = (answer) => notifySuccess(answer.msg),
  onSaved,
}: FormSubmitOptions<Values, A>) {
  const [error, setError] = useState<string | null>(null);
  const submit = (values: Values) => {
    setError(null);
    save.send(values, {
      onSuccess: (answer) => {
        notify(answer);
        onDone();
        onSaved?.(answer, values);
      },
      onError: (e) => (refusal === 'form' ? setError(errorText(e)) : notifyError(e)),
    });
  };
  return { submit, pending: save.pending, error };
}

export type FormDialogOptions<Values, A extends Saved> = FormSubmitOptions<Values, A> & {
  /** What the form starts with: empty for new, the target's fields for edit. */
  initialValues: Values;
  /**
   * The schema the server validates with, its errors worded for a studio configuration form
   * (`configResolver`: a missing field reads "Required"), or a validate function of the form's own.
   */
  validate: SafeParser | ((values: Values) => Record<string, string>);
};

/** A dialog's form and its sending, without the layout: spread `onSubmit` on a `<form noValidate>`. */
export function useFormDialog<Values extends Record<string, unknown>, A extends Saved>({
  initialValues,
  validate,
  ...sending
}: FormDialogOptions<Values, A>) {
  const form = useForm<Values>({
    initialValues,
    validate: 'safeParse' in validate ? configResolver(validate) : validate,
  });
  const { submit, pending, error } = useFormSubmit(sending);
  const onSubmit: (event?: FormEvent<HTMLFormElement>) => void = form.onSubmit((values) =>
    submit(values as Values),
  );
  return { form, onSubmit, pending, error };
}

type FormDialogProps<Values, A extends Saved> = FormDialogOptions<Values, A> & {
  /** The submit button's words: "Save", "Add class price"… */
  submitLabel: ReactNode;
  /** Cancel; by default the same as `onDone` (the dialog closes). */
  onCancel?: () => void;
  /** The space above the buttons. */
  buttonsMt?: MantineSpacing;
  /** The fields, bound to the form (`form.getInputProps('name')`). */
  children: (form: UseFormReturnType<Values>) => ReactNode;
};

/** The whole form of a new/edit dialog: the fields, a refusal when it is shown in the form, the buttons. */
export function FormDialog<Values extends Record<string, unknown>, A extends Saved>({
  submitLabel,
  onCancel,
  buttonsMt = 'lg',
  children,
  ...options
}: FormDialogProps<Values, A>) {
  const { form, onSubmit, pending, error } = useFormDialog(options);
  return (
    <form noValidate onSubmit={onSubmit}>
      {children(form)}
      {error && (
        <Alert color="red" role="alert" mt="md">
          {error}
        </Alert>
      )}
      <FormButtons
        mt={buttonsMt}
        onCancel={onCancel ?? options.onDone}
        loading={pending}
        label={submitLabel}
      />
    </form>
  );
}
