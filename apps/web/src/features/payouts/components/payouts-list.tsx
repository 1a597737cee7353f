import { Button, Card, Collapse, Group, Stack, Table, Text } from '@mantine/core';
import { centsText, formatDateOnly, type PayoutSummary } from '@pirouette/domain';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { PayoutItems } from './payout-items';

const NUMBERS = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

const countText = (n: number) => (n === 1 ? '1 payment' : `${n} payments`);

function Toggle({ payout, open, onToggle }: { payout: PayoutSummary; open: boolean; onToggle: () => void }) {
  return (
    <Button
      variant="subtle"
      size="compact-sm"
      leftSection={open ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
      onClick={onToggle}
      aria-expanded={open}
      aria-label={`${open ? 'Hide' : 'Show'} the payments of the ${payout.description}`}
    >
      {countText(payout.count)}
    </Button>
  );
}

/** Each payout as the bank statement shows it; opened, the payments it contains and their fees. */
export function PayoutsList({ payouts, narrow }: { payouts: PayoutSummary[]; narrow: boolean }) {
  const [open, setOpen] = useState<Set<string>>(new Set());
  const toggle = (id: string) =>
    setOpen((was) => {
      const next = new Set(was);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  if (narrow)
    return (
      <Stack gap="sm">
        {payouts.map((p) => (
          <Card key={p.id} withBorder padding="md" data-testid="payout">
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Stack gap={2}>
                <Text fw={600} size="sm">
                  {p.description}
                </Text>
                <Text size="xs" c="dimmed">
                  {centsText(p.gross)} less {centsText(p.fees)} in fees
                </Text>
              </Stack>
              <Text fw={700} style={NUMBERS}>
                {centsText(p.net)}
              </Text>
            </Group>
            <Group mt="xs">
              <Toggle payout={p} open={open.has(p.id)} onToggle={() => toggle(p.id)} />
            </Group>
            <Collapse in={open.has(p.id)}>
              {open.has(p.id) && (
                <Stack mt="xs" pt="xs" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
                  <PayoutItems id={p.id} narrow />
                </Stack>
              )}
            </Collapse>
          </Card>
        ))}
      </Stack>
    );
  return (
    <Card p={0} withBorder>
      <Table verticalSpacing="sm" horizontalSpacing="md" data-testid="payouts-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Paid on</Table.Th>
            <Table.Th>Bank statement line</Table.Th>
            <Table.Th>Contains</Table.Th>
            <Table.Th ta="right">Gross</Table.Th>
            <Table.Th ta="right">Fees</Table.Th>
            <Table.Th ta="right">Net to bank</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {payouts.map((p) => (
            <Fragment key={p.id}>
              <Table.Tr data-testid="payout">
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm">{formatDateOnly(p.paidOn)}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {p.description}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Toggle payout={p} open={open.has(p.id)} onToggle={() => toggle(p.id)} />
                </Table.Td>
                <Table.Td ta="right" style={NUMBERS}>
                  <Text size="sm">{centsText(p.gross)}</Text>
                </Table.Td>
                <Table.Td ta="right" style={NUMBERS}>
                  <Text size="sm">{centsText(-p.fees)}</Text>
                </Table.Td>
                <Table.Td ta="right" style={NUMBERS}>
                  <Text size="sm" fw={700}>
                    {centsText(p.net)}
                  </Text>
                </Table.Td>
              </Table.Tr>
              {open.has(p.id) && (
                <Table.Tr>
                  <Table.Td colSpan={6} bg="var(--mantine-color-gray-0)">
                    <PayoutItems id={p.id} narrow={false} />
                  </Table.Td>
                </Table.Tr>
              )}
            </Fragment>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}
