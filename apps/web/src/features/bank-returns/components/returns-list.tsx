import { Anchor, Badge, Card, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { type BankReturnItem, centsText, formatDateOnly } from '@pirouette/domain';
import { Link } from 'react-router';
import { accountHref } from '../../../app/paths/account-href';
import { FOLLOW_UP_LOOK } from '../lib/rate-view';

const NUMBERS = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
const NOWRAP = { whiteSpace: 'nowrap' } as const;

function FamilyLink({ item }: { item: BankReturnItem }) {
  return (
    <Anchor component={Link} to={accountHref(item.coAcctMemID)} fw={600} size="sm" w="fit-content">
      {item.family}
    </Anchor>
  );
}

function FollowUpBadge({ item }: { item: BankReturnItem }) {
  const look = FOLLOW_UP_LOOK[item.followUp];
  return (
    <Badge color={look.color} variant="light" radius="sm" styles={{ label: { overflow: 'visible' } }}>
      {look.label}
    </Badge>
  );
}

function WideTable({ items }: { items: BankReturnItem[] }) {
  return (
    <Card p={0}>
      <Table.ScrollContainer minWidth={900} type="native">
        <Table verticalSpacing="sm" horizontalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th pl="md">Returned on</Table.Th>
              <Table.Th>Family</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
              <Table.Th>Code</Table.Th>
              <Table.Th>Why</Table.Th>
              <Table.Th pr="md">What followed</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((r) => (
              <Table.Tr key={r.id} data-testid="bank-return">
                <Table.Td pl="md" style={NOWRAP}>
                  <Text size="sm">{formatDateOnly(r.returnedOn)}</Text>
                </Table.Td>
                <Table.Td>
                  <FamilyLink item={r} />
                </Table.Td>
                <Table.Td ta="right" style={NUMBERS}>
                  <Text size="sm" fw={600}>
                    {centsText(r.amount)}
                  </Text>
                </Table.Td>
                <Table.Td style={NOWRAP}>
                  <Text size="sm">{r.code}</Text>
                </Table.Td>
                <Table.Td miw={220}>
                  <Text size="sm">{r.reason}</Text>
                </Table.Td>
                <Table.Td pr="md" miw={220}>
                  <Stack gap={4}>
                    <FollowUpBadge item={r} />
                    <Text size="xs" c="dimmed">
                      {r.followUpText}
                    </Text>
                  </Stack>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

function NarrowList({ items }: { items: BankReturnItem[] }) {
  return (
    <Stack gap="sm">
      {items.map((r) => (
        <Paper key={r.id} withBorder p="sm" data-testid="bank-return">
          <Stack gap={8}>
            <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
              <Stack gap={2} miw={0}>
                <FamilyLink item={r} />
                <Text size="xs" c="dimmed">
                  Returned {formatDateOnly(r.returnedOn)} · {r.code}
                </Text>
              </Stack>
              <Text size="sm" fw={700} style={NUMBERS}>
                {centsText(r.amount)}
              </Text>
            </Group>
            <Text size="sm">{r.reason}</Text>
            <Group gap="xs" wrap="wrap">
              <FollowUpBadge item={r} />
              <Text size="xs" c="dimmed">
                {r.followUpText}
              </Text>
            </Group>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

/** One page of returned debits, latest first: a table on wide screens, a card each on a phone. */
export function ReturnsList({ items, narrow }: { items: BankReturnItem[]; narrow: boolean }) {
  return narrow ? <NarrowList items={items} /> : <WideTable items={items} />;
}
