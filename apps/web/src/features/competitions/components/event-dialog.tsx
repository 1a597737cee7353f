import {
  Alert,
  Autocomplete,
  Button,
  Divider,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  type CompetitionEventItem,
  type CompetitionLocationItem,
  competitionEventInput,
  DEFAULT_EVENT_TYPE,
  ENTRY_BATCH_ERROR,
  EVENT_TYPES,
} from '@pirouette/domain';
import { useState } from 'react';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog';
import { errorText, notifyResult, notifySuccess } from '../../../lib/notify';
import type { DialogState } from '../../../lib/use-dialog';
import { configFormErrors } from '../../../lib/zod-form';
import {
  useAddEventWithEntries,
  useEditCompetitionEvent,
  useRemoveCompetitionEvent,
} from '../api/competitions';
import {
  batchErrors,
  type EntryDraft,
  emptyEntry,
  eventEntriesBody,
  locationName,
} from '../lib/competitions';
import { EntryRows } from './entry-rows';

type Props = {
  state: DialogState<CompetitionEventItem> | null;
  opened: boolean;
  onClose: () => void;
  /** The company's locations, to choose the event's. */
  locations: CompetitionLocationItem[];
  /** The location a new event starts at (the one whose "New event" was pressed). */
  locationId: string | null;
};

type EventValues = { compCoLocID: string; dateStart: string; dateEnd: string; type: string };

/**
 * The schema's words for a form, but for a location or a day not yet picked: the schema answers those
 * with the spec's "Op's…", the form says what to pick (told by the empty field, never by the sentence).
 */
function eventErrors(values: EventValues): Record<string, string> {
  const errors = configFormErrors(competitionEventInput, values);
  if (errors.compCoLocID && !values.compCoLocID) errors.compCoLocID = 'Pick the location';
  if (errors.dateStart && !values.dateStart) errors.dateStart = 'Pick a day';
  if (errors.dateEnd && !values.dateEnd) errors.dateEnd = 'Pick a day';
  return errors;
}

function EventForm({
  event,
  locations,
  locationId,
  onClose,
}: {
  event: CompetitionEventItem | null;
  locations: CompetitionLocationItem[];
  locationId: string | null;
  onClose: () => void;
}) {
  const narrow = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const add = useAddEventWithEntries();
  const edit = useEditCompetitionEvent();
  const [values, setValues] = useState<EventValues>({
    compCoLocID: event?.compCoLocID ?? locationId ?? (locations.length === 1 ? locations[0]!.id : ''),
    dateStart: event?.dateStart ?? '',
    dateEnd: event?.dateEnd ?? '',
    type: event?.type ?? DEFAULT_EVENT_TYPE,
  });
  const [drafts, setDrafts] = useState<EntryDraft[]>(() => (event ? [] : [emptyEntry()]));
  const [tried, setTried] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const errors = tried ? eventErrors(values) : {};
  const rowErrors = tried && !event ? batchErrors(drafts) : new Map();
  const set = (patch: Partial<EventValues>) => {
    setValues((v) => {
      const next = { ...v, ...patch };
      // A first day typed after the last moves the last along: most events are a weekend.
      if (patch.dateStart && (!next.dateEnd || next.dateEnd < patch.dateStart))
        next.dateEnd = patch.dateStart;
      return next;
    });
    setRefusal(null);
  };
  const pending = add.isPending || edit.isPending;

  const submit = () => {
    setTried(true);
    setRefusal(null);
    if (Object.keys(eventErrors(values)).length > 0) return;
    if (!event && batchErrors(drafts).size > 0) return;
    const done = {
      onSuccess: (answer: { msg: string }) => {
        notifySuccess(answer.msg);
        onClose();
      },
      onError: (e: unknown) => setRefusal(errorText(e)),
    };
    const body = eventEntriesBody(values, drafts);
    if (event) edit.mutate({ params: { id: event.id }, body: body.event }, done);
    else add.mutate({ body }, done);
  };

  return (
    <Stack gap="sm">
      <Select
        label="Location"
        placeholder={locations.length ? 'Pick the venue' : 'Add a location first'}
        data={locations.map((l) => ({ value: l.id, label: locationName(l) }))}
        value={values.compCoLocID || null}
        onChange={(v) => set({ compCoLocID: v ?? '' })}
        error={errors.compCoLocID}
        required
        comboboxProps={{ withinPortal: true }}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <TextInput
          label="First day"
          type="date"
          required
          value={values.dateStart}
          onChange={(e) => set({ dateStart: e.currentTarget.value })}
          error={errors.dateStart}
          data-autofocus
        />
        <TextInput
          label="Last day"
          type="date"
          required
          min={values.dateStart || undefined}
          value={values.dateEnd}
          onChange={(e) => set({ dateEnd: e.currentTarget.value })}
          error={errors.dateEnd}
        />
        <Autocomplete
          label="Type"
          data={[...EVENT_TYPES]}
          value={values.type}
          onChange={(type) => set({ type })}
          error={errors.type}
          comboboxProps={{ withinPortal: true }}
        />
      </SimpleGrid>
      {!event && (
        <>
          <Divider label="Entries" labelPosition="left" mt="xs" />
          <EntryRows drafts={drafts} onChange={setDrafts} errors={rowErrors} narrow={narrow} />
        </>
      )}
      {(refusal || rowErrors.size > 0) && (
        <Alert color="red" role="alert">
          {refusal ?? ENTRY_BATCH_ERROR}
          {!refusal && (
            <Text size="sm" mt={4}>
              {rowErrors.size === 1 ? 'One entry needs' : `${rowErrors.size} entries need`} a second look: see
              the fields marked in red.
            </Text>
          )}
        </Alert>
      )}
      <Group justify="flex-end" mt="xs">
        <Button variant="default" onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button onClick={submit} loading={pending} disabled={!locations.length}>
          {event
            ? 'Save'
            : drafts.length
              ? `Add event and ${drafts.length === 1 ? 'its entry' : `${drafts.length} entries`}`
              : 'Add event'}
        </Button>
      </Group>
    </Stack>
  );
}

function DeleteEvent({
  event,
  opened,
  onClose,
}: {
  event: CompetitionEventItem;
  opened: boolean;
  onClose: () => void;
}) {
  const remove = useRemoveCompetitionEvent();
  return (
    <ConfirmDeleteDialog
      opened={opened}
      title="Delete event"
      loading={remove.isPending}
      onClose={onClose}
      onConfirm={() =>
        remove.mutate({ params: { id: event.id } }, { ...notifyResult(onClose), onSettled: onClose })
      }
    >
      {event.nEntries > 0
        ? `The ${event.type} event at ${event.location} and its ${event.nEntries === 1 ? 'entry' : `${event.nEntries} entries`} will be deleted.`
        : `The ${event.type} event at ${event.location} will be deleted.`}
    </ConfirmDeleteDialog>
  );
}

/**
 * A new event with its entries, all saved together or none (002 §5: one bad entry refuses the batch,
 * each bad one marked); an event's location, days and type changed; an event deleted with its entries.
 */
export function EventDialog({ state, opened, onClose, locations, locationId }: Props) {
  const isPhone = useMediaQuery('(max-width: 36em)');
  if (!state) return null;
  if (state.mode === 'del')
    return state.target ? (
      <DeleteEvent key={state.key} event={state.target} opened={opened} onClose={onClose} />
    ) : null;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={state.mode === 'new' ? 'New event' : 'Edit event'}
      size={state.mode === 'new' ? 880 : 'lg'}
      radius="lg"
      centered
      fullScreen={isPhone}
    >
      <EventForm
        key={state.key}
        event={state.mode === 'edit' ? state.target : null}
        locations={locations}
        locationId={locationId}
        onClose={onClose}
      />
    </Modal>
  );
}
