import { ActionIcon, Badge, Card, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { type DiscountItem, describeDiscount } from '@pirouette/domain';
import { IconArrowDown, IconArrowUp, IconPencil, IconTrash } from '@tabler/icons-react';

type Props = {
  discounts: readonly DiscountItem[];
  onEdit: (d: DiscountItem) => void;
  onDelete: (d: DiscountItem) => void;
  /** Every discount's id in the new order. */
  onReorder: (ids: string[]) => void;
  reordering: boolean;
};

const GROUPS = [
  {
    typeID: 100,
    title: 'Multi-class discounts',
    note: 'Applied first, to each child’s classes from the most expensive down.',
  },
  {
    typeID: 200,
    title: 'Sibling discounts',
    note: 'Applied next, from the second child on (children ordered by tuition, highest first).',
  },
] as const;

/** The discounts by type, in the order they apply; each can move up or down within its type. */
export function DiscountList({ discounts, onEdit, onDelete, onReorder, reordering }: Props) {
  const move = (group: readonly DiscountItem[], index: number, by: -1 | 1) => {
    const target = group[index + by];
    const item = group[index];
    if (!target || !item) return;
    const ids = discounts.map((d) => d.id);
    const a = ids.indexOf(item.id);
    const b = ids.indexOf(target.id);
    ids[a] = target.id;
    ids[b] = item.id;
    onReorder(ids);
  };

  return (
    <Stack gap="lg">
      {GROUPS.map((g) => {
        const group = discounts.filter((d) => d.typeID === g.typeID);
        return (
          <Stack gap="xs" key={g.typeID}>
            <div>
              <Title order={3} fz="md">
                {g.title}
              </Title>
              <Text size="sm" c="dimmed">
                {g.note}
              </Text>
            </div>
            {group.length === 0 ? (
              <Text size="sm" c="dimmed" fs="italic">
                None yet.
              </Text>
            ) : (
              group.map((d, i) => (
                <Card key={d.id} p="sm" data-testid="discount-row">
                  <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                    <Group gap="sm" wrap="nowrap" align="flex-start" miw={0}>
                      {group.length > 1 && (
                        <Badge variant="light" color="gray" circle mt={2}>
                          {i + 1}
                        </Badge>
                      )}
                      <Stack gap={2} miw={0}>
                        <Text fw={600}>{describeDiscount(d)}</Text>
                        {d.name && (
                          <Text size="sm" c="dimmed">
                            {d.name}
                          </Text>
                        )}
                      </Stack>
                    </Group>
                    <Group gap={2} wrap="nowrap">
                      {group.length > 1 && (
                        <>
                          <Tooltip label="Apply earlier">
                            <ActionIcon
                              variant="subtle"
                              color="gray"
                              aria-label="Move up"
                              disabled={i === 0 || reordering}
                              onClick={() => move(group, i, -1)}
                            >
                              <IconArrowUp size={16} />
                            </ActionIcon>
                          </Tooltip>
                          <Tooltip label="Apply later">
                            <ActionIcon
                              variant="subtle"
                              color="gray"
                              aria-label="Move down"
                              disabled={i === group.length - 1 || reordering}
                              onClick={() => move(group, i, 1)}
                            >
                              <IconArrowDown size={16} />
                            </ActionIcon>
                          </Tooltip>
                        </>
                      )}
                      <Tooltip label="Edit">
                        <ActionIcon
                          variant="subtle"
                          aria-label={`Edit ${describeDiscount(d)}`}
                          onClick={() => onEdit(d)}
                        >
                          <IconPencil size={16} />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label="Delete">
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`Delete ${describeDiscount(d)}`}
                          onClick={() => onDelete(d)}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  </Group>
                </Card>
              ))
            )}
          </Stack>
        );
      })}
    </Stack>
  );
}
