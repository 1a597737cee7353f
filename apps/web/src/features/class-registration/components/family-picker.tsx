import { Loader, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type AccountListItem, type AccountStatus, accountCalls } from '@pirouette/domain';
import { useState } from 'react';
import { useCall } from '../../../lib/call';

type Props = { onPick: (id: string) => void };

const PAGE = 15;

/** "Rivera family · Emma, Leo": what tells two families apart in the list. */
export const familyLabel = (a: Pick<AccountListItem, 'lastName' | 'students'>) => {
  const name = a.lastName.trim() ? `${a.lastName.trim()} family` : 'Unnamed family';
  const kids = a.students.map((s) => s.firstName).join(', ');
  return kids ? `${name} · ${kids}` : name;
};

/** One status's first matches for the search (the accounts list's own call). */
const useMatches = (status: AccountStatus, q: string) =>
  useCall(accountCalls.list, { params: { status }, query: { page: 1, pageSize: PAGE, q } });

/**
 * The family to register, searched by family, dancer or e-mail across every list: a family that has not
 * registered yet is "incomplete", one whose classes all ended "inactive", and either may register now.
 */
export function FamilyPicker({ onPick }: Props) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const lists = [useMatches('active', q), useMatches('incomplete', q), useMatches('inactive', q)];
  const loading = lists.some((l) => l.isFetching);
  const seen = new Set<string>();
  const data = lists
    .flatMap((l) => l.data?.items ?? [])
    .filter((a) => !seen.has(a.id) && seen.add(a.id))
    .sort((a, b) => a.lastName.localeCompare(b.lastName))
    .map((a) => ({ value: a.id, label: familyLabel(a) }));
  return (
    <Select
      label="Family"
      placeholder="Search by family, dancer or e-mail"
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server searched already (dancers' names and e-mails too): its matches are shown as they are.
      filter={({ options }) => options}
      data={data}
      onChange={(id) => id && onPick(id)}
      nothingFoundMessage={loading ? 'Searching…' : 'No family matches'}
      rightSection={loading ? <Loader size="xs" /> : undefined}
      maw={480}
      data-autofocus
    />
  );
}
