import { Badge, Button, Card, Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { type CostumeStyle, dollarsText } from '@pirouette/domain';
import { IconTrash } from '@tabler/icons-react';
import { sortedEntries } from '../lib/costumes';

function Prices({ style }: { style: CostumeStyle }) {
  if (!style.sizeColors.length)
    return (
      <Text size="sm" c="dimmed">
        No prices yet: a size and colour is priced when it is first assigned.
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={0} type="native" mah={220}>
      <Table verticalSpacing={2} horizontalSpacing={6} fz="sm" withRowBorders={false} striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Size</Table.Th>
            <Table.Th>Colour</Table.Th>
            <Table.Th ta="right">Buy</Table.Th>
            <Table.Th ta="right">Sell</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sortedEntries(style.sizeColors, style.sizeGroups, style.colors).map((p) => (
            <Table.Tr key={p.priceID}>
              <Table.Td>{p.size}</Table.Td>
              <Table.Td>{p.color || '—'}</Table.Td>
              <Table.Td ta="right">{dollarsText(p.price_buy)}</Table.Td>
              <Table.Td ta="right">{dollarsText(p.price_sell)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Tags({ label, items }: { label: string; items: string[] }) {
  return (
    <Group gap={4} align="center">
      <Text size="xs" c="dimmed" w={56}>
        {label}
      </Text>
      {items.length ? (
        items.map((s) => (
          <Badge key={s} variant="light" color="gray" radius="sm" tt="none">
            {s}
          </Badge>
        ))
      ) : (
        <Text size="xs" c="dimmed">
          —
        </Text>
      )}
    </Group>
  );
}

/** The costume styles of a dance number, each with its company, sizes, colours and size-colour prices. */
export function NumberStyles({
  styles,
  removingId,
  onRemove,
}: {
  styles: CostumeStyle[];
  removingId: string | null;
  onRemove: (style: CostumeStyle) => void;
}) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
      {styles.map((style) => (
        <Card key={style.id} component={Paper} withBorder p="md" data-testid="costume-style">
          <Stack gap="xs">
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Stack gap={0} miw={0}>
                <Text fw={600}>{style.styleName}</Text>
                <Text size="sm" c="dimmed">
                  {style.company} · #{style.styleNumber}
                </Text>
              </Stack>
              <Button
                size="compact-sm"
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={14} />}
                loading={removingId === style.id}
                onClick={() => onRemove(style)}
                aria-label={`Remove ${style.styleName} from the dance number`}
              >
                Remove
              </Button>
            </Group>
            <Tags label="Sizes" items={style.sizeGroups} />
            <Tags label="Colours" items={style.colors} />
            <Prices style={style} />
            {style.notes && (
              <Text size="xs" c="dimmed">
                {style.notes}
              </Text>
            )}
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
