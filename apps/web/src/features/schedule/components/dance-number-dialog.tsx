import { Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import {
  type DanceNumber,
  type DanceNumberFieldsInput,
  DEFAULT_SONG_LENGTH,
  danceNumberFields,
  type InputOption,
  type ScheduleClass,
} from '@pirouette/domain';
import { ConfigDialog } from '../../../components/config-dialog';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog';
import { FormButtons } from '../../../components/form-buttons';
import { saveWith, useFormDialog } from '../../../components/form-dialog';
import { notifyResult } from '../../../lib/notify';
import { plural } from '../../../lib/schedule-format';
import type { DialogState } from '../../../lib/use-dialog';
import { useCreateDanceNumber, useDeleteDanceNumber, useUpdateDanceNumber } from '../api/schedule';

type Values = Required<Omit<DanceNumberFieldsInput, 'costume'>> & { costume: boolean };

/** A new number lasts 2:00 and has a costume (002 §3). */
export function danceNumberValues(number: DanceNumber | null): Values {
  return {
    name: number?.name ?? '',
    genreID: number?.genreID ?? '',
    songName: number?.songName ?? '',
    songArtist: number?.songArtist ?? '',
    songLength: number?.songLength ?? DEFAULT_SONG_LENGTH,
    costume: number ? number.costume === 1 : true,
  };
}

function DanceNumberForm({
  cls,
  number,
  genres,
  onDone,
}: {
  cls: ScheduleClass;
  number: DanceNumber | null;
  genres: InputOption[];
  onDone: () => void;
}) {
  const create = useCreateDanceNumber();
  const update = useUpdateDanceNumber();
  const { form, onSubmit, pending } = useFormDialog({
    initialValues: danceNumberValues(number),
    validate: danceNumberFields,
    save: number
      ? saveWith(update, (values: Values) => ({
          params: { clSchID: cls.id, dncNumID: number.id },
          body: values,
        }))
      : saveWith(create, (values: Values) => ({ body: { ...values, clSchID: cls.id } })),
    onDone,
  });
  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="sm">
        <TextInput label="Name" required data-autofocus autoComplete="off" {...form.getInputProps('name')} />
        <Select
          label="Genre"
          required
          searchable
          data={genres.map((g) => ({ value: g.id, label: g.name }))}
          nothingFoundMessage="No genres"
          {...form.getInputProps('genreID')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label="Song" autoComplete="off" {...form.getInputProps('songName')} />
          <TextInput label="Artist" autoComplete="off" {...form.getInputProps('songArtist')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs">
          <TextInput
            label="Song length"
            description="Minutes and seconds, m:ss"
            placeholder={DEFAULT_SONG_LENGTH}
            inputMode="numeric"
            autoComplete="off"
            {...form.getInputProps('songLength')}
          />
          <Switch
            mt={{ base: 0, xs: 34 }}
            label="Needs a costume"
            {...form.getInputProps('costume', { type: 'checkbox' })}
          />
        </SimpleGrid>
        <FormButtons
          mt="md"
          onCancel={onDone}
          loading={pending}
          label={number ? 'Save' : 'Add dance number'}
        />
      </Stack>
    </form>
  );
}

type Props = {
  cls: ScheduleClass;
  genres: InputOption[];
  state: DialogState<DanceNumber> | null;
  opened: boolean;
  onClose: () => void;
};

/** A class's dance-number dialog: new, edit and del (002 §2 "Dance-number dialogs per class"). */
export function DanceNumberDialog({ cls, genres, state, opened, onClose }: Props) {
  const remove = useDeleteDanceNumber();
  return (
    <ConfigDialog
      state={state}
      opened={opened}
      onClose={onClose}
      titles={{ new: 'New dance number', edit: 'Edit dance number' }}
      fullScreenOnPhone
      headingTitle
      confirmDelete={(number) => (
        <ConfirmDeleteDialog
          headingTitle
          opened={opened}
          title="Delete dance number"
          loading={remove.isPending}
          onClose={onClose}
          onConfirm={() =>
            remove.mutate(
              { params: { clSchID: cls.id, dncNumID: number.id, count: Math.max(1, cls.nReg) } },
              notifyResult(onClose),
            )
          }
        >
          Delete <strong>{number.name}</strong> from {cls.name}?
          {cls.nReg > 0 && ` The activity of ${plural(cls.nReg, 'student')} in it is deleted with it.`}
        </ConfirmDeleteDialog>
      )}
    >
      {(number) => <DanceNumberForm cls={cls} number={number} genres={genres} onDone={onClose} />}
    </ConfigDialog>
  );
}
