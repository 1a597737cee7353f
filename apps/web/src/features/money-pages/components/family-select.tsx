import { Loader, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type AccountStatus, accountCalls } from '@pirouette/domain';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useCall } from '../../../lib/call';
import { familyLabel } from '../../class-registration/components/family-picker';

type Props = {
  /** The family shown (its coAcctMemID), or null for every family. */
  value: string | null;
  /** Its name when known (from the list's rows), so a family opened from the address reads as itself. */
  knownName: string | null;
  onChange: (id: string | null, label: string | null) => void;
  /** What the empty field says (every family's payments by default). */
  placeholder?: string;
};

const PAGE = 15;

/** Families paying by a plan have classes this term (active) or had (inactive): both lists are searched. */
const useMatches = (status: AccountStatus, q: string) =>
  useCall(accountCalls.list, { params: { status }, query: { page: 1, pageSize: PAGE, q } });

/**
 * The family whose payments are shown, searched by family, dancer or e-mail on the server; cleared, the
 * list shows every family's.
 */
export function FamilySelect({ value, knownName, onChange, placeholder = 'All families' }: Props) {
  const [picked, setPicked] = useState<{ value: string; label: string } | null>(null);
  const [search, setSearch] = useState('');
  const chosenLabel =
    value === null ? null : picked?.value === value ? picked.label : knownName ? `${knownName} family` : null;
  // A family opened from the address whose name no row gives: its own record names it.
  const info = useCall(
    accountCalls.info,
    { params: { id: value ?? '-' } },
    { enabled: value !== null && chosenLabel === null },
  );
  // One label for the chosen family wherever it comes from, so the field's text (which Select sets to the
  // chosen option's label) does not start a search of its own.
  const label =
    chosenLabel ?? (info.data ? `${info.data.info.lastName.trim() || 'Unnamed'} family` : 'This family');
  const typed = value !== null && search.trim() === label ? '' : search.trim();
  const [q] = useDebouncedValue(typed, 250);
  const lists = [useMatches('active', q), useMatches('inactive', q)];
  const loading = lists.some((l) => l.isFetching);
  const seen = new Set<string>();
  const data = lists
    .flatMap((l) => l.data?.items ?? [])
    .filter((a) => a.id !== value && !seen.has(a.id) && seen.add(a.id))
    .sort((a, b) => a.lastName.localeCompare(b.lastName))
    .map((a) => ({ value: a.id, label: familyLabel(a) }));
  if (value !== null) data.unshift({ value, label });
  return (
    <Select
      aria-label="Family"
      placeholder={placeholder}
      searchable
      clearable
      clearButtonProps={{ 'aria-label': 'Clear the family' }}
      searchValue={search}
      onSearchChange={setSearch}
      // The server searched already (dancers' names and e-mails too): its matches are shown as they are.
      filter={({ options }) => options}
      data={data}
      value={value}
      onChange={(id, option) => {
        setPicked(id && option ? { value: id, label: option.label } : null);
        onChange(id, option?.label ?? null);
      }}
      nothingFoundMessage={loading ? 'Searching…' : 'No family matches'}
      // The right side holds the clear button; the search's progress shows on the left.
      leftSection={loading ? <Loader size={14} /> : <IconSearch size={16} />}
      size="sm"
      w={{ base: '100%', sm: 320 }}
    />
  );
}
