import { Group, Loader, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { WEEKDAYS } from '@pirouette/domain';
import type { WeekFilter } from '../lib/week-filter';

type Props = {
  filter: WeekFilter;
  onChange: (f: WeekFilter) => void;
  locations: { id: string; name: string }[];
  rooms: { id: string; name: string }[];
  ages: number[];
  /** The chosen location's week is on its way. */
  loading?: boolean;
};

const ALL = 'all';

/** The week's filters: the location, then its rooms (all by default), a day and an age. */
export function WeekFilters({ filter, onChange, locations, rooms, ages, loading = false }: Props) {
  const set = (more: Partial<WeekFilter>) => onChange({ ...filter, ...more });
  return (
    <Group gap="md" align="flex-end" wrap="wrap">
      {locations.length > 1 ? (
        <Select
          label="Location"
          value={filter.locationID}
          onChange={(v) => v && set({ locationID: v, roomID: null })}
          data={locations.map((l) => ({ value: l.id, label: l.name }))}
          allowDeselect={false}
          rightSection={loading ? <Loader size="xs" aria-label="Loading the week" /> : undefined}
          w={{ base: '100%', sm: 220 }}
        />
      ) : (
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            Location
          </Text>
          <Text size="sm" lh="34px">
            {locations[0]?.name}
          </Text>
        </Stack>
      )}
      {rooms.length > 1 && (
        <Stack gap={4} maw="100%">
          <Text size="sm" fw={600}>
            Room
          </Text>
          <SegmentedControl
            aria-label="Room"
            value={filter.roomID ?? ALL}
            onChange={(v) => set({ roomID: v === ALL ? null : v })}
            data={[{ value: ALL, label: 'All rooms' }, ...rooms.map((r) => ({ value: r.id, label: r.name }))]}
            style={{ maxWidth: '100%', overflowX: 'auto' }}
          />
        </Stack>
      )}
      <Select
        label="Day"
        value={filter.day === null ? ALL : String(filter.day)}
        onChange={(v) => set({ day: v === null || v === ALL ? null : Number(v) })}
        data={[
          { value: ALL, label: 'Every day' },
          ...WEEKDAYS.map((d, i) => ({ value: String(i), label: d })),
        ]}
        allowDeselect={false}
        w={{ base: 'calc(50% - 8px)', sm: 160 }}
      />
      <Select
        label="Age"
        value={filter.age === null ? ALL : String(filter.age)}
        onChange={(v) => set({ age: v === null || v === ALL ? null : Number(v) })}
        data={[
          { value: ALL, label: 'Any age' },
          ...ages.map((a) => ({ value: String(a), label: `Age ${a}` })),
        ]}
        allowDeselect={false}
        w={{ base: 'calc(50% - 8px)', sm: 140 }}
      />
    </Group>
  );
}
