import { Anchor, Button, Card, Divider, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { centsText, countOf, type DepositSlip, formatDateOnly, messages } from '@pirouette/domain';
import { IconArrowLeft, IconPrinter } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { adminHref } from '../../../app/paths/admin-sections';
import { LoadError } from '../../../components/load-error';
import { errorText } from '../../../lib/notify';
import { useDepositSlip } from '../api/deposits';
import classes from './deposit-slip.module.css';

function SlipFigures({ slip }: { slip: DepositSlip }) {
  return (
    <Table className={classes.figures} withTableBorder withColumnBorders verticalSpacing="xs">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Check no.</Table.Th>
          <Table.Th>From</Table.Th>
          <Table.Th ta="right">Amount</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {slip.checks.length === 0 && (
          <Table.Tr>
            <Table.Td colSpan={3}>
              <Text size="sm" c="dimmed">
                No checks in this deposit.
              </Text>
            </Table.Td>
          </Table.Tr>
        )}
        {slip.checks.map((c) => (
          <Table.Tr key={c.paymentID}>
            <Table.Td>{c.number || '—'}</Table.Td>
            <Table.Td>{c.family} family</Table.Td>
            <Table.Td ta="right">{centsText(c.amount)}</Table.Td>
          </Table.Tr>
        ))}
        <Table.Tr>
          <Table.Th colSpan={2}>Checks ({slip.checks.length})</Table.Th>
          <Table.Td ta="right">{centsText(slip.checksTotal)}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th colSpan={2}>
            Cash{slip.cash.count > 0 ? ` (${countOf(slip.cash.count, 'payment', 'payments')})` : ''}
          </Table.Th>
          <Table.Td ta="right">{centsText(slip.cash.total)}</Table.Td>
        </Table.Tr>
        {slip.terminal.count > 0 && (
          <Table.Tr>
            <Table.Th colSpan={2}>Terminal slips ({slip.terminal.count})</Table.Th>
            <Table.Td ta="right">{centsText(slip.terminal.total)}</Table.Td>
          </Table.Tr>
        )}
        <Table.Tr>
          <Table.Th colSpan={2}>Total deposit</Table.Th>
          <Table.Td ta="right" fw={700} data-testid="slip-total">
            {centsText(slip.total)}
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

/** A deposit's slip (issue 34 item 3): what the bank's deposit slip holds, printable. */
export function DepositSlipPage() {
  const { id = '' } = useParams();
  const slip = useDepositSlip(id);
  const back = (
    <Anchor component={Link} to={adminHref('transactions/deposits')} size="sm" w="fit-content">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} />
        Back to deposits
      </Group>
    </Anchor>
  );
  if (slip.isPending)
    return (
      <Stack gap="lg" aria-busy="true" aria-label="Loading the slip">
        {back}
        <Skeleton h={420} radius="lg" />
      </Stack>
    );
  if (slip.isError)
    return (
      <Stack gap="lg">
        {back}
        <LoadError message={errorText(slip.error, messages.loadFailed)} onRetry={() => slip.refetch()} />
      </Stack>
    );
  const s = slip.data;
  return (
    <Stack gap="lg" className={classes.page}>
      <Group justify="space-between" className={classes.noPrint} wrap="wrap">
        {back}
        <Button leftSection={<IconPrinter size={18} />} onClick={() => window.print()}>
          Print the slip
        </Button>
      </Group>
      <Card p={{ base: 'md', sm: 'xl' }} className={classes.slip} withBorder>
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
            <Stack gap={2}>
              <Title order={2} fz={{ base: 22, sm: 26 }}>
                Deposit slip #{s.number}
              </Title>
              <Text fw={600}>{s.studio.name}</Text>
              <Text size="sm">{s.studio.address}</Text>
            </Stack>
            <Stack gap={2} ta={{ base: 'left', xs: 'right' }}>
              <Text size="sm" c="dimmed">
                Date
              </Text>
              <Text fw={600}>{formatDateOnly(s.depositedOn)}</Text>
            </Stack>
          </Group>
          <Divider />
          <SlipFigures slip={s} />
          <Text size="sm" c="dimmed">
            Made by {s.by}
            {s.memo ? ` · ${s.memo}` : ''}
          </Text>
        </Stack>
      </Card>
    </Stack>
  );
}
