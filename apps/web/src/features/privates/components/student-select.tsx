import { Group, Select, type SelectProps, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { formatDateOnly, type StudentOption } from '@pirouette/domain';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useStudentOptions } from '../api/privates';

type Props = Omit<SelectProps, 'data' | 'value' | 'onChange'> & {
  value: string;
  onChange: (id: string) => void;
  /** Students already in the lesson: listed, but not chosen again. */
  registeredIds: readonly string[];
};

/** A student of the studio, searched by name on the server (GET inputs/student?q=). */
export function StudentSelect({ value, onChange, registeredIds, ...props }: Props) {
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<StudentOption | null>(null);
  const [q] = useDebouncedValue(search === chosen?.name ? '' : search.trim(), 250);
  const students = useStudentOptions(q);
  const list = students.data ?? [];
  const all = chosen && !list.some((s) => s.id === chosen.id) ? [chosen, ...list] : list;
  const byId = new Map(all.map((s) => [s.id, s]));

  return (
    <Select
      {...props}
      searchable
      clearable
      leftSection={<IconSearch size={16} />}
      placeholder="Type a name"
      data={all.map((s) => ({
        value: s.id,
        label: s.name,
        disabled: registeredIds.includes(s.id),
      }))}
      // The server has already searched; the list shows what it answered.
      filter={({ options }) => options}
      value={value || null}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(id) => {
        setChosen(id ? (byId.get(id) ?? null) : null);
        onChange(id ?? '');
      }}
      nothingFoundMessage={students.isFetching ? 'Searching…' : 'No student by that name'}
      renderOption={({ option }) => {
        const student = byId.get(option.value);
        return (
          <Group justify="space-between" w="100%" wrap="nowrap" gap="sm">
            <Text size="sm">{option.label}</Text>
            <Text size="xs" c="dimmed">
              {registeredIds.includes(option.value)
                ? 'Already registered'
                : student?.dob
                  ? `Born ${formatDateOnly(student.dob)}`
                  : ''}
            </Text>
          </Group>
        );
      }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
