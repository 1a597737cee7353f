import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Menu,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { COMPETITION_LIMITS } from '@pirouette/domain';
import { IconChevronDown, IconPlus, IconTrash } from '@tabler/icons-react';
import { ENTRY_PRESETS, type EntryDraft, type EntryField, emptyEntry } from '../lib/competitions';

type Props = {
  drafts: EntryDraft[];
  onChange: (drafts: EntryDraft[]) => void;
  /** Each bad row's problems by field (shown once the owner tried to save). */
  errors: Map<string, Partial<Record<EntryField, string>>>;
  narrow: boolean;
};

const money = { prefix: '$', decimalScale: 2, min: 0, hideControls: true, thousandSeparator: ',' } as const;
const whole = { min: 0, max: COMPETITION_LIMITS.dancers, allowDecimal: false, hideControls: true } as const;

/** What each row's parts need: the row, its place, its problems, and changing or removing it. */
type RowProps = {
  d: EntryDraft;
  i: number;
  narrow: boolean;
  errors: Props['errors'];
  set: (key: string, patch: Partial<EntryDraft>) => void;
  remove: (key: string) => void;
};

/** One field of a row, labelled beside it on a phone and by the table's heading otherwise. */
function Field({ d, i, narrow, errors, set, name, label }: RowProps & { name: EntryField; label: string }) {
  const error = errors.get(d.key)?.[name];
  const common = {
    'aria-label': `${label} of entry ${i + 1}`,
    error,
    size: narrow ? 'sm' : 'xs',
  } as const;
  if (name === 'name')
    return (
      <TextInput
        {...common}
        placeholder="e.g. Small Group"
        value={d.name}
        onChange={(e) => set(d.key, { name: e.currentTarget.value })}
        label={narrow ? label : undefined}
      />
    );
  const props = name === 'priceStudio' || name === 'priceCustomer' ? money : whole;
  return (
    <NumberInput
      {...common}
      {...props}
      value={d[name]}
      onChange={(v) => set(d.key, { [name]: v })}
      label={narrow ? label : undefined}
    />
  );
}

function Performance({ d, i, narrow, set }: RowProps) {
  return (
    <Checkbox
      label={narrow ? 'Performed on stage' : undefined}
      aria-label={`Entry ${i + 1} is performed on stage`}
      checked={d.isPerformance}
      onChange={(e) => set(d.key, { isPerformance: e.currentTarget.checked })}
    />
  );
}

function RemoveButton({ d, i, remove }: RowProps) {
  return (
    <ActionIcon
      variant="subtle"
      color="red"
      onClick={() => remove(d.key)}
      aria-label={`Remove entry ${i + 1}`}
    >
      <IconTrash size={16} />
    </ActionIcon>
  );
}

/** Adding a row, empty or from a usual category. */
function Adders({ addRow }: { addRow: (preset?: (typeof ENTRY_PRESETS)[number]) => void }) {
  return (
    <Group gap="xs">
      <Button size="compact-sm" variant="light" leftSection={<IconPlus size={14} />} onClick={() => addRow()}>
        Add entry
      </Button>
      <Menu position="bottom-start" withinPortal>
        <Menu.Target>
          <Button size="compact-sm" variant="subtle" rightSection={<IconChevronDown size={14} />}>
            Add a usual category
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {ENTRY_PRESETS.map((p) => (
            <Menu.Item key={p.name} onClick={() => addRow(p)}>
              {p.name}{' '}
              <Text span size="xs" c="dimmed">
                {p.min === p.max ? p.min : `${p.min}–${p.max}`} dancers
              </Text>
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}

/** On a phone: each row a card of its fields. */
function EntryCard(row: RowProps) {
  const { d, i, errors } = row;
  return (
    <Paper withBorder p="sm" data-testid="entry-row" bg={errors.has(d.key) ? 'red.0' : undefined}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600} size="sm">
            Entry {i + 1}
          </Text>
          <RemoveButton {...row} />
        </Group>
        <Field {...row} name="name" label="Name" />
        <SimpleGrid cols={2} spacing="xs">
          <Field {...row} name="priceStudio" label="Studio pays" />
          <Field {...row} name="priceCustomer" label="Family pays" />
          <Field {...row} name="nDancersMin" label="Fewest dancers" />
          <Field {...row} name="nDancersMax" label="Most dancers" />
        </SimpleGrid>
        <Performance {...row} />
      </Stack>
    </Paper>
  );
}

const top = { verticalAlign: 'top' } as const;

/** On a wider screen: each row a line of the table. */
function EntryLine(row: RowProps) {
  const { d, errors } = row;
  return (
    <Table.Tr
      data-testid="entry-row"
      data-bad={errors.has(d.key) || undefined}
      bg={errors.has(d.key) ? 'red.0' : undefined}
    >
      <Table.Td style={top}>
        <Field {...row} name="name" label="Name" />
      </Table.Td>
      <Table.Td style={top}>
        <Field {...row} name="priceStudio" label="Studio pays" />
      </Table.Td>
      <Table.Td style={top}>
        <Field {...row} name="priceCustomer" label="Family pays" />
      </Table.Td>
      <Table.Td style={top}>
        <Field {...row} name="nDancersMin" label="Fewest dancers" />
      </Table.Td>
      <Table.Td style={top}>
        <Field {...row} name="nDancersMax" label="Most dancers" />
      </Table.Td>
      <Table.Td style={{ verticalAlign: 'top', paddingTop: 10 }}>
        <Group justify="center">
          <Performance {...row} />
        </Group>
      </Table.Td>
      <Table.Td style={{ verticalAlign: 'top', paddingTop: 6 }}>
        <RemoveButton {...row} />
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * The entries of a new event as rows the owner adds and removes, each row's problems beside its fields
 * (002 §5's batch rules). Prices are per dancer, in dollars. A row starts empty or from a usual category.
 */
export function EntryRows({ drafts, onChange, errors, narrow }: Props) {
  const set = (key: string, patch: Partial<EntryDraft>) =>
    onChange(drafts.map((d) => (d.key === key ? { ...d, ...patch } : d)));
  const remove = (key: string) => onChange(drafts.filter((d) => d.key !== key));
  const addRow = (preset?: (typeof ENTRY_PRESETS)[number]) =>
    onChange([
      ...drafts,
      emptyEntry(preset ? { name: preset.name, nDancersMin: preset.min, nDancersMax: preset.max } : {}),
    ]);
  const rowOf = (d: EntryDraft, i: number): RowProps => ({ d, i, narrow, errors, set, remove });
  const adders = <Adders addRow={addRow} />;

  if (drafts.length === 0)
    return (
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          No entries yet: the event is saved on its own, and entries can be added to it later.
        </Text>
        {adders}
      </Stack>
    );

  if (narrow)
    return (
      <Stack gap="sm">
        {drafts.map((d, i) => (
          <EntryCard key={d.key} {...rowOf(d, i)} />
        ))}
        {adders}
      </Stack>
    );

  return (
    <Stack gap="xs">
      <Table verticalSpacing={4} horizontalSpacing={6} withRowBorders={false}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th w={110}>Studio pays</Table.Th>
            <Table.Th w={110}>Family pays</Table.Th>
            <Table.Th w={76}>Fewest</Table.Th>
            <Table.Th w={76}>Most</Table.Th>
            <Table.Th w={84}>On stage</Table.Th>
            <Table.Th w={36} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {drafts.map((d, i) => (
            <EntryLine key={d.key} {...rowOf(d, i)} />
          ))}
        </Table.Tbody>
      </Table>
      <Text size="xs" c="dimmed">
        Prices are per dancer: what the studio pays the competition, and what each dancer's family is charged.
      </Text>
      {adders}
    </Stack>
  );
}
