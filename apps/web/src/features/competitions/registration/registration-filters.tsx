import { SegmentedControl, Select, SimpleGrid, Stack } from '@mantine/core';
import {
  type CompetitionEntryItem,
  type CompetitionEventItem,
  dollarsText,
  formatDateOnly,
  REGISTRATION_TYPE_LABELS,
  REGISTRATION_TYPES,
  type RegistrationType,
  type StudioLocation,
  type YearTerm,
} from '@pirouette/domain';

export type Choice = {
  event: string | null;
  entry: string | null;
  term: string | null;
  loc: string | null;
  type: RegistrationType;
};

/** "1 dancer", "2–9 dancers". */
const dancers = (e: CompetitionEntryItem) =>
  e.nDancersMin === e.nDancersMax
    ? `${e.nDancersMin} dancer${e.nDancersMin === 1 ? '' : 's'}`
    : `${e.nDancersMin}–${e.nDancersMax} dancers`;

export const eventLabel = (e: CompetitionEventItem) =>
  `${e.company} — ${e.location}, ${formatDateOnly(e.dateStart)}`;

/** The screen's choices (002 §3 "Selection ids held"): event, entry, year term, location and type. */
export function RegistrationFilters({
  choice,
  events,
  entries,
  terms,
  locations,
  onChange,
}: {
  choice: Choice;
  events: CompetitionEventItem[];
  entries: CompetitionEntryItem[];
  terms: YearTerm[];
  locations: StudioLocation[];
  onChange: (next: Partial<Choice>) => void;
}) {
  return (
    <Stack gap="sm">
      <SimpleGrid cols={1} spacing="sm" verticalSpacing="sm">
        <Select
          label="Event"
          data={events.map((e) => ({ value: e.id, label: eventLabel(e) }))}
          value={choice.event}
          onChange={(event) => onChange({ event, entry: null })}
          allowDeselect={false}
          searchable
          nothingFoundMessage="No such event"
        />
        <Select
          label="Entry"
          placeholder={entries.length === 0 ? 'This event has no entries yet' : 'Choose an entry'}
          data={entries.map((e) => ({
            value: e.id,
            label: `${e.name} · ${dollarsText(e.priceCustomer)} a dancer · ${dancers(e)}`,
          }))}
          value={choice.entry}
          onChange={(entry) => onChange({ entry })}
          allowDeselect={false}
          disabled={entries.length === 0}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
        <Select
          label="Year term"
          data={terms.map((t) => ({ value: t.id, label: t.name }))}
          value={choice.term}
          onChange={(term) => onChange({ term })}
          allowDeselect={false}
        />
        <Select
          label="Location"
          data={locations.map((l) => ({ value: l.id, label: l.name }))}
          value={choice.loc}
          onChange={(loc) => onChange({ loc })}
          allowDeselect={false}
        />
      </SimpleGrid>
      <SegmentedControl
        aria-label="Registration type"
        data={REGISTRATION_TYPES.map((t) => ({ value: t, label: REGISTRATION_TYPE_LABELS[t] }))}
        value={choice.type}
        onChange={(type) => onChange({ type: type as RegistrationType })}
        fullWidth
      />
    </Stack>
  );
}
