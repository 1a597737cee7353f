import { Button, Card, Group, Select, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { useFilterOptions } from '../api/accounts';
import {
  classChoice,
  classOptions,
  DAY_OPTIONS,
  LEVEL_OPTIONS,
  locationOptions,
  roomOptions,
} from '../filter-options';
import { hasFilter, type ListFilter } from '../list-params';

type Props = { filter: ListFilter; onChange: (change: Partial<ListFilter>) => void; onClear: () => void };

const numberOrNull = (value: string | null) => (value === null ? null : Number(value));

/** The active list's filter (001 §4 "active-filter"): families with a class at this place, day and level. */
export function FilterPanel({ filter, onChange, onClear }: Props) {
  const options = useFilterOptions();
  const data = options.data;
  const common = { clearable: true, size: 'sm' as const, comboboxProps: { withinPortal: true } };
  return (
    <Card padding="md" bg="gray.0">
      <Group justify="space-between" mb="sm" gap="xs">
        <Text size="sm" fw={600}>
          Families with a class in the current term that matches
        </Text>
        {hasFilter(filter) && (
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconFilterOff size={14} />}
            onClick={onClear}
          >
            Clear filter
          </Button>
        )}
      </Group>
      {options.isPending ? (
        <Skeleton h={36} />
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm">
          <Select
            {...common}
            label="Location"
            placeholder="Any location"
            data={data ? locationOptions(data) : []}
            value={filter.locID}
            onChange={(locID) => onChange({ locID })}
          />
          <Select
            {...common}
            label="Room"
            placeholder="Any room"
            data={data ? roomOptions(data, filter.locID) : []}
            value={filter.rmID}
            onChange={(rmID) => {
              const room = data?.rm.find((r) => r.id === rmID);
              onChange(room ? { locID: room.locationID, rmID } : { rmID });
            }}
          />
          <Select
            {...common}
            label="Class"
            placeholder="Any class"
            searchable
            nothingFoundMessage="No class fits"
            data={data ? classOptions(data, filter) : []}
            value={filter.clSchID}
            onChange={(clSchID) => onChange(data ? classChoice(data, clSchID) : { clSchID })}
          />
          <Select
            {...common}
            label="Weekday"
            placeholder="Any day"
            data={DAY_OPTIONS}
            value={filter.day === null ? null : String(filter.day)}
            onChange={(day) => onChange({ day: numberOrNull(day) })}
          />
          <Select
            {...common}
            label="Level"
            placeholder="Any level"
            data={LEVEL_OPTIONS}
            value={filter.level === null ? null : String(filter.level)}
            onChange={(level) => onChange({ level: numberOrNull(level) })}
          />
        </SimpleGrid>
      )}
      {options.isError && (
        <Text size="sm" c="red" mt="xs">
          The locations and classes could not be loaded; the weekday and level still filter.
        </Text>
      )}
    </Card>
  );
}
