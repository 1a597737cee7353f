import { Alert, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { GENRE_NAME_MAX, GENRE_TEXT, type GenreItem, genreNameInput, sameGenreName } from '@pirouette/domain';
import { useState } from 'react';
import { FormButtons } from '../../../components/form-buttons';
import { errorText, notifySuccess } from '../../../lib/notify';
import { zodErrors } from '../../../lib/zod-form';
import { useCreateGenre, useRenameGenre } from '../api/genres';

export type GenreDialogState = { mode: 'new' } | { mode: 'edit'; genre: GenreItem } | null;

type Props = { state: GenreDialogState; genres: readonly GenreItem[]; onClose: () => void };

function GenreForm({ state, genres, onClose }: Props & { state: NonNullable<GenreDialogState> }) {
  const editing = state.mode === 'edit' ? state.genre : null;
  const form = useForm({
    initialValues: { name: editing?.name ?? '' },
    validate: (values) => {
      const errors = zodErrors(genreNameInput, values);
      if (errors.name) return errors;
      // The server says the same with a 409; saying it here spares a round trip, and names a retired twin.
      const twin = genres.find((g) => g.id !== editing?.id && sameGenreName(g.name, values.name));
      if (!twin) return {};
      return {
        name: twin.retired ? `${GENRE_TEXT.exists} It is retired: restore it instead.` : GENRE_TEXT.exists,
      };
    },
  });
  const create = useCreateGenre();
  const rename = useRenameGenre();
  const [error, setError] = useState<string | null>(null);
  const pending = create.isPending || rename.isPending;

  const done = (res: { msg: string }) => {
    notifySuccess(res.msg);
    form.reset();
    onClose();
  };
  const submit = form.onSubmit((values) => {
    setError(null);
    const failed = (e: unknown) => setError(errorText(e));
    if (editing)
      rename.mutate({ params: { id: editing.id }, body: values }, { onSuccess: done, onError: failed });
    else create.mutate({ body: values }, { onSuccess: done, onError: failed });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Genre name"
          placeholder="e.g. Jazz Funk"
          required
          data-autofocus
          maxLength={GENRE_NAME_MAX}
          {...form.getInputProps('name')}
        />
        {editing && (
          <Alert color="blue" variant="light">
            Classes and dance numbers with this genre show the new name.
          </Alert>
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <FormButtons onCancel={onClose} loading={pending} label={editing ? 'Rename' : 'Add genre'} />
      </Stack>
    </form>
  );
}

/** Adds a genre (new) or renames one (edit); genres are retired, not deleted, so there is no del mode. */
export function GenreDialog(props: Props) {
  const { state, onClose } = props;
  return (
    <Modal
      opened={state !== null}
      onClose={onClose}
      title={state?.mode === 'edit' ? 'Rename genre' : 'New genre'}
    >
      {state && <GenreForm key={state.mode === 'edit' ? state.genre.id : 'new'} {...props} state={state} />}
    </Modal>
  );
}
