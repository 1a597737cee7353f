import {
  Alert,
  Button,
  Checkbox,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { COMPETITION_LIMITS, type CompetitionEntryItem, ENTRY_BATCH_ERROR } from '@pirouette/domain';
import { useState } from 'react';
import { ConfigDialog } from '../../../components/config-dialog';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog';
import { errorText, notifyResult, notifySuccess } from '../../../lib/notify';
import type { DialogState } from '../../../lib/use-dialog';
import {
  useAddCompetitionEntry,
  useEditCompetitionEntry,
  useRemoveCompetitionEntry,
} from '../api/competitions';
import { type EntryDraft, emptyEntry, entryBody, entryDraft, entryFieldErrors } from '../lib/competitions';

type Props = {
  /** The event a new entry is added to. */
  eventId: string;
  state: DialogState<CompetitionEntryItem> | null;
  opened: boolean;
  onClose: () => void;
};

const money = { prefix: '$', decimalScale: 2, min: 0, hideControls: true, thousandSeparator: ',' } as const;
const whole = { min: 0, max: COMPETITION_LIMITS.dancers, allowDecimal: false } as const;

function EntryForm({
  eventId,
  entry,
  onClose,
}: {
  eventId: string;
  entry: CompetitionEntryItem | null;
  onClose: () => void;
}) {
  const add = useAddCompetitionEntry();
  const edit = useEditCompetitionEntry();
  const [draft, setDraft] = useState<EntryDraft>(() => (entry ? entryDraft(entry) : emptyEntry()));
  const [tried, setTried] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const errors = tried ? entryFieldErrors(draft) : {};
  const set = (patch: Partial<EntryDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setRefusal(null);
  };
  const pending = add.isPending || edit.isPending;

  const submit = () => {
    setTried(true);
    setRefusal(null);
    if (Object.keys(entryFieldErrors(draft)).length > 0) return;
    const done = {
      onSuccess: (answer: { msg: string }) => {
        notifySuccess(answer.msg);
        onClose();
      },
      onError: (e: unknown) => setRefusal(errorText(e)),
    };
    const body = entryBody(draft);
    if (entry) edit.mutate({ params: { id: entry.id }, body }, done);
    else add.mutate({ body: { ...body, compCoEventID: eventId } }, done);
  };
  const bad = Object.keys(errors).length > 0;

  return (
    <Stack gap="sm">
      <TextInput
        label="Name"
        required
        placeholder="e.g. Small Group"
        data-autofocus
        value={draft.name}
        onChange={(e) => set({ name: e.currentTarget.value })}
        error={errors.name}
      />
      <SimpleGrid cols={2} spacing="sm">
        <NumberInput
          label="Studio pays"
          description="Per dancer, to the competition"
          required
          {...money}
          value={draft.priceStudio}
          onChange={(v) => set({ priceStudio: v })}
          error={errors.priceStudio}
        />
        <NumberInput
          label="Family pays"
          description="Per dancer, to the studio"
          required
          {...money}
          value={draft.priceCustomer}
          onChange={(v) => set({ priceCustomer: v })}
          error={errors.priceCustomer}
        />
        <NumberInput
          label="Fewest dancers"
          required
          {...whole}
          value={draft.nDancersMin}
          onChange={(v) => set({ nDancersMin: v })}
          error={errors.nDancersMin}
        />
        <NumberInput
          label="Most dancers"
          required
          {...whole}
          value={draft.nDancersMax}
          onChange={(v) => set({ nDancersMax: v })}
          error={errors.nDancersMax}
        />
      </SimpleGrid>
      <Checkbox
        label="Performed on stage (not a workshop or a package)"
        checked={draft.isPerformance}
        onChange={(e) => set({ isPerformance: e.currentTarget.checked })}
      />
      <Textarea
        label="Notes"
        autosize
        minRows={2}
        maxRows={5}
        value={draft.notes}
        onChange={(e) => set({ notes: e.currentTarget.value })}
      />
      {(refusal || bad) && (
        <Alert color="red" role="alert">
          {refusal ?? ENTRY_BATCH_ERROR}
        </Alert>
      )}
      <Group justify="flex-end" mt="xs">
        <Button variant="default" onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button onClick={submit} loading={pending}>
          {entry ? 'Save' : 'Add entry'}
        </Button>
      </Group>
    </Stack>
  );
}

function DeleteEntry({
  entry,
  opened,
  onClose,
}: {
  entry: CompetitionEntryItem;
  opened: boolean;
  onClose: () => void;
}) {
  const remove = useRemoveCompetitionEntry();
  return (
    <ConfirmDeleteDialog
      opened={opened}
      title="Delete entry"
      loading={remove.isPending}
      onClose={onClose}
      onConfirm={() =>
        remove.mutate({ params: { id: entry.id } }, { ...notifyResult(onClose), onSettled: onClose })
      }
    >
      {`${entry.name} will be deleted from the event.`}
    </ConfirmDeleteDialog>
  );
}

/** Adds an entry to an event, changes one, or deletes one; the spec's batch rules hold for one entry too. */
export function EntryDialog({ eventId, state, opened, onClose }: Props) {
  return (
    <ConfigDialog
      state={state}
      opened={opened}
      onClose={onClose}
      fullScreenOnPhone
      titles={{ new: 'Add entry', edit: 'Edit entry' }}
      confirmDelete={(entry) => <DeleteEntry entry={entry} opened={opened} onClose={onClose} />}
    >
      {(entry) => <EntryForm eventId={eventId} entry={entry} onClose={onClose} />}
    </ConfigDialog>
  );
}
