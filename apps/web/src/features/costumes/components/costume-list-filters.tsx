import { Card, Group, Select, Switch } from '@mantine/core';
import type { CostumeListOptions } from '@pirouette/domain';
import type { ReactNode } from 'react';
import {
  type CostumeListKind,
  type CostumeListState,
  classChoices,
  numberChoices,
  withClass,
  withNumber,
  withOpen,
} from '../lib/lists';

type Props = {
  kind: CostumeListKind;
  state: CostumeListState;
  options: CostumeListOptions;
  update: (change: (state: CostumeListState) => CostumeListState) => void;
  /** At the row's end: the CSV download. */
  aside: ReactNode;
};

/**
 * The lists' filters: a class, a dance number (of the class when one is chosen), and for the balances
 * whether only the ones still owed are listed. The choices are the classes and numbers that have rows.
 */
export function CostumeListFilters({ kind, state, options, update, aside }: Props) {
  return (
    <Card p={{ base: 'sm', sm: 'md' }}>
      <Group gap="md" align="flex-end" wrap="wrap">
        <Select
          label="Class"
          placeholder="All classes"
          data={classChoices(options)}
          value={state.cls}
          onChange={(cls) => update((s) => withClass(s, cls, options))}
          clearable
          clearButtonProps={{ 'aria-label': 'Clear the class' }}
          nothingFoundMessage="No class of that name"
          searchable
          w={{ base: '100%', xs: 220 }}
        />
        <Select
          label="Dance number"
          placeholder="All dance numbers"
          data={numberChoices(options, state.cls)}
          value={state.number}
          onChange={(number) => update((s) => withNumber(s, number))}
          clearable
          clearButtonProps={{ 'aria-label': 'Clear the dance number' }}
          nothingFoundMessage="No dance number of that name"
          searchable
          w={{ base: '100%', xs: 260 }}
        />
        {kind === 'balances' && (
          <Switch
            label="Only balances still owed"
            checked={state.open}
            onChange={(event) => {
              const open = event.currentTarget.checked;
              update((s) => withOpen(s, open));
            }}
            mb={8}
          />
        )}
        <Group ml={{ base: 0, sm: 'auto' }} w={{ base: '100%', sm: 'auto' }}>
          {aside}
        </Group>
      </Group>
    </Card>
  );
}
