import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Checkbox,
  Collapse,
  Group,
  Paper,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { centsText, countOf, dollarsText, type ToOrderGroup } from '@pirouette/domain';
import { IconChevronDown, IconChevronRight, IconShoppingCartPlus } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import {
  groupCents,
  groupChoice,
  sizeColorText,
  styleText,
  toggleGroup,
  toggleOne,
  toOrderTotals,
} from '../lib/orders';

type Props = {
  groups: ToOrderGroup[];
  narrow: boolean;
  chosen: ReadonlySet<string>;
  onChoose: (next: Set<string>) => void;
  /** Adds the costumes chosen, or every one when `all`. */
  onAdd: (all: boolean) => void;
  adding: boolean;
};

const groupKey = (g: ToOrderGroup) => `${g.costumeID}|${g.size}|${g.color}`;
const groupLabel = (g: ToOrderGroup) => `${styleText(g)}, ${sizeColorText(g) || 'one size'}`;

function GroupCheck({
  group,
  chosen,
  onChoose,
}: Pick<Props, 'chosen' | 'onChoose'> & { group: ToOrderGroup }) {
  const choice = groupChoice(group, chosen);
  return (
    <Checkbox
      checked={choice === 'all'}
      indeterminate={choice === 'some'}
      onChange={() => onChoose(toggleGroup(group, chosen))}
      aria-label={`Choose ${groupLabel(group)}`}
    />
  );
}

/** The dancers of one group, each to choose on their own. */
function GroupDancers({
  group,
  chosen,
  onChoose,
}: Pick<Props, 'chosen' | 'onChoose'> & { group: ToOrderGroup }) {
  return (
    <Stack gap={6} py={4} data-testid="to-order-dancers">
      {group.assignments.map((a) => (
        <Checkbox
          key={a.costumeAssignedID}
          checked={chosen.has(a.costumeAssignedID)}
          onChange={() => onChoose(toggleOne(a.costumeAssignedID, chosen))}
          label={
            <Text size="sm" span>
              {a.dancer}{' '}
              <Text span size="xs" c="dimmed">
                · {a.danceNumber}
                {a.price_buy !== group.price_buy
                  ? ` · assigned at a buy price of ${dollarsText(a.price_buy)}`
                  : ''}
              </Text>
            </Text>
          }
          aria-label={`Choose ${a.dancer}'s ${groupLabel(group)}`}
        />
      ))}
    </Stack>
  );
}

function ExpandButton({ open, onClick, label }: { open: boolean; onClick: () => void; label: string }) {
  return (
    <ActionIcon variant="subtle" color="gray" onClick={onClick} aria-expanded={open} aria-label={label}>
      {open ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
    </ActionIcon>
  );
}

/** The totals to order, and adding the chosen dancers' costumes or all of them to the cart. */
function AddBar({
  groups,
  narrow,
  chosen,
  onAdd,
  adding,
}: Pick<Props, 'groups' | 'narrow' | 'chosen' | 'onAdd' | 'adding'>) {
  const totals = toOrderTotals(groups);
  return (
    <Group justify="space-between" gap="sm">
      <Text size="sm" c="dimmed" data-testid="to-order-totals">
        {countOf(totals.quantity, 'costume', 'costumes')} · {centsText(totals.totalCents)} at buy prices
      </Text>
      <Group gap="xs" grow={narrow} w={narrow ? '100%' : undefined}>
        <Button
          variant="light"
          onClick={() => onAdd(false)}
          disabled={chosen.size === 0 || adding}
          loading={adding && chosen.size > 0}
        >
          Add chosen{chosen.size > 0 ? ` (${chosen.size})` : ''}
        </Button>
        <Button
          leftSection={<IconShoppingCartPlus size={16} />}
          onClick={() => onAdd(true)}
          loading={adding && chosen.size === 0}
          disabled={adding}
        >
          Add all to cart
        </Button>
      </Group>
    </Group>
  );
}

/** One group on a wider screen: its line of the table, and its dancers beneath once opened. */
function GroupRow({
  g,
  shown,
  onToggle,
  chosen,
  onChoose,
}: {
  g: Props['groups'][number];
  shown: boolean;
  onToggle: () => void;
  chosen: Props['chosen'];
  onChoose: Props['onChoose'];
}) {
  return (
    <Fragment>
      <Table.Tr data-testid="to-order-group">
        <Table.Td pl="md">
          <GroupCheck group={g} chosen={chosen} onChoose={onChoose} />
        </Table.Td>
        <Table.Td>
          <Text size="sm" fw={600}>
            {g.styleName}
          </Text>
          <Text size="xs" c="dimmed">
            #{g.styleNumber}
          </Text>
        </Table.Td>
        <Table.Td>
          <Badge variant="light" color="gray" radius="sm" tt="none">
            {g.size}
          </Badge>
        </Table.Td>
        <Table.Td>
          <Text size="sm">{g.color || '—'}</Text>
        </Table.Td>
        <Table.Td ta="right">
          <Text size="sm" fw={600}>
            {g.quantity}
          </Text>
        </Table.Td>
        <Table.Td ta="right">
          <Text size="sm">{dollarsText(g.price_buy)}</Text>
        </Table.Td>
        <Table.Td ta="right">
          <Text size="sm">{centsText(groupCents(g))}</Text>
        </Table.Td>
        <Table.Td pr="md">
          <Button
            size="compact-sm"
            variant="subtle"
            color="gray"
            onClick={onToggle}
            aria-expanded={shown}
            aria-label={`Dancers of ${groupLabel(g)}`}
            rightSection={shown ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
          >
            {g.quantity === 1 ? '1 dancer' : `${g.quantity} dancers`}
          </Button>
        </Table.Td>
      </Table.Tr>
      {shown && (
        <Table.Tr>
          <Table.Td />
          <Table.Td colSpan={7} pr="md">
            <GroupDancers group={g} chosen={chosen} onChoose={onChoose} />
          </Table.Td>
        </Table.Tr>
      )}
    </Fragment>
  );
}

/**
 * Everything assigned and not ordered of one costume company, by style, size and colour with quantities
 * and the buy price; a group opens to its dancers. All of it, or the groups and costumes ticked, go
 * into the cart.
 */
export function ToOrderList({ groups, narrow, chosen, onChoose, onAdd, adding }: Props) {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggleOpen = (key: string) => setOpen(toggleOne(key, open));
  const bar = <AddBar groups={groups} narrow={narrow} chosen={chosen} onAdd={onAdd} adding={adding} />;

  if (narrow)
    return (
      <Stack gap="sm">
        {bar}
        {groups.map((g) => {
          const key = groupKey(g);
          const shown = open.has(key);
          return (
            <Paper key={key} withBorder p="sm" data-testid="to-order-group">
              <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                <Group gap="sm" wrap="nowrap" align="flex-start">
                  <GroupCheck group={g} chosen={chosen} onChoose={onChoose} />
                  <Stack gap={2}>
                    <Text fw={600} size="sm">
                      {styleText(g)}
                    </Text>
                    <Text size="sm">{sizeColorText(g) || 'One size'}</Text>
                    <Text size="sm" c="dimmed">
                      {g.quantity} × {dollarsText(g.price_buy)} = {centsText(groupCents(g))}
                    </Text>
                  </Stack>
                </Group>
                <ExpandButton
                  open={shown}
                  onClick={() => toggleOpen(key)}
                  label={`Dancers of ${groupLabel(g)}`}
                />
              </Group>
              <Collapse in={shown}>
                <Stack pl={34} pt="xs">
                  <GroupDancers group={g} chosen={chosen} onChoose={onChoose} />
                </Stack>
              </Collapse>
            </Paper>
          );
        })}
      </Stack>
    );

  return (
    <Stack gap="sm">
      {bar}
      <Card p={0}>
        <Table.ScrollContainer minWidth={720} type="native">
          <Table verticalSpacing="sm" horizontalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th pl="md" w={40} />
                <Table.Th>Style</Table.Th>
                <Table.Th>Size</Table.Th>
                <Table.Th>Colour</Table.Th>
                <Table.Th ta="right">Quantity</Table.Th>
                <Table.Th ta="right">Buy price</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
                <Table.Th pr="md" w={120}>
                  Dancers
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {groups.map((g) => {
                const key = groupKey(g);
                return (
                  <GroupRow
                    key={key}
                    g={g}
                    shown={open.has(key)}
                    onToggle={() => toggleOpen(key)}
                    chosen={chosen}
                    onChoose={onChoose}
                  />
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
    </Stack>
  );
}
