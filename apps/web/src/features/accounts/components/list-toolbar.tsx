import { Badge, CloseButton, Group, SegmentedControl, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { ACCOUNT_STATUSES, type AccountList, type AccountStatus } from '@pirouette/domain';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useFirstMedia } from '../../../lib/rendered';
import type { AccountsView } from '../list-params';
import { STATUS_LABELS } from './account-status-badge';

export const SEARCH_DEBOUNCE_MS = 300;

type Props = {
  status: AccountStatus;
  view: AccountsView;
  q: string;
  counts: AccountList['counts'] | null;
  onStatus: (status: AccountStatus) => void;
  onView: (view: AccountsView) => void;
  onSearch: (q: string) => void;
  /**
   * The id of the list the tabs choose (it is below them, not in a Tabs.Panel): each tab controls it,
   * where Mantine would name a panel that is not there (axe-core's critical aria-valid-attr-value).
   */
  listId: string;
};

/** The lists (active, inactive, incomplete) with their counts, the active list's sub-filters, and the search. */
export function ListToolbar({ status, view, q, counts, onStatus, onView, onSearch, listId }: Props) {
  // On a phone the three tabs share the width, so they stay on one line (on a page the server rendered,
  // from the first render: decision 097).
  const firstMedia = useFirstMedia();
  const compact = useMediaQuery('(max-width: 36em)', firstMedia.initial) ?? false;
  return (
    <Stack gap="md">
      <Tabs
        value={status}
        onChange={(value) => value && onStatus(value as AccountStatus)}
        styles={{ tab: { paddingInline: 'var(--mantine-spacing-sm)' } }}
      >
        <Tabs.List grow={compact}>
          {ACCOUNT_STATUSES.map((s) => {
            const count = counts?.[s];
            const current = s === status;
            return compact ? (
              <Tabs.Tab
                key={s}
                value={s}
                aria-controls={listId}
                aria-label={count === undefined ? STATUS_LABELS[s] : `${STATUS_LABELS[s]} (${count})`}
              >
                <Stack gap={0} align="center">
                  <span>{STATUS_LABELS[s]}</span>
                  <Text span size="xs" fw={700} c={current ? undefined : 'dimmed'} mih={18}>
                    {count ?? ''}
                  </Text>
                </Stack>
              </Tabs.Tab>
            ) : (
              <Tabs.Tab
                key={s}
                value={s}
                aria-controls={listId}
                rightSection={
                  count !== undefined && (
                    <Badge
                      size="sm"
                      variant={current ? 'filled' : 'light'}
                      color={current ? undefined : 'gray'}
                      circle={count < 10}
                    >
                      {count}
                    </Badge>
                  )
                }
              >
                {STATUS_LABELS[s]}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
      </Tabs>
      <Group gap="sm" align="center" wrap="wrap">
        {status === 'active' && (
          <SegmentedControl
            value={view}
            onChange={(value) => onView(value as AccountsView)}
            data={[
              { value: 'all', label: 'All' },
              { value: 'filtered', label: 'Filtered' },
            ]}
            aria-label="Active families"
          />
        )}
        <SearchBox q={q} onSearch={onSearch} />
      </Group>
    </Stack>
  );
}

/** The search field: what is typed is searched for once typing pauses (300 ms). */
function SearchBox({ q, onSearch }: { q: string; onSearch: (q: string) => void }) {
  const [value, setValue] = useState(q);
  const [debounced] = useDebouncedValue(value, SEARCH_DEBOUNCE_MS);
  const field = useRef<HTMLInputElement>(null);
  // Typed before the page was hydrated (the server rendered it, decision 097; its scripts still on their
  // way): the field kept the text, so it is searched for, as typed after.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the field mounts
  useEffect(() => {
    const typed = field.current?.value ?? value;
    if (typed !== value) setValue(typed);
  }, []);
  // Only a pause in typing searches; the address changing on its own does not.
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the typed text only
  useEffect(() => {
    if (debounced.trim() !== q) onSearch(debounced);
  }, [debounced]);
  // The address changed under the field (back, a link): show what is searched for.
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows q only
  useEffect(() => {
    if (q !== value.trim()) setValue(q);
  }, [q]);
  return (
    <TextInput
      ref={field}
      value={value}
      onChange={(event) => setValue(event.currentTarget.value)}
      placeholder="Search a family or student"
      aria-label="Search a family or student"
      leftSection={<IconSearch size={16} />}
      rightSection={
        value ? (
          <CloseButton
            size="sm"
            aria-label="Clear the search"
            onClick={() => {
              setValue('');
              onSearch('');
            }}
          />
        ) : null
      }
      size="sm"
      style={{ flex: '1 1 220px' }}
      maw={420}
    />
  );
}
