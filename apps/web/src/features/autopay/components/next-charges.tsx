import { Anchor, Card, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { type AutopayPage, countOf, dollarsText, formatDateOnly } from '@pirouette/domain';
import { IconCalendarDollar } from '@tabler/icons-react';
import { Link } from 'react-router';
import { accountHref } from '../../../app/paths/account-href';
import { EmptyState } from '../../../components/empty-state';
import { PageSection } from './page-section';
import { CardExpiryBadge } from './result-badge';

type Next = AutopayPage['next'];
type Family = Next['families'][number];

const NUMBERS = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

function CardCell({ family }: { family: Family }) {
  return (
    <Group gap={6} wrap="wrap">
      <Text size="sm" c={family.expiry === 'none' ? 'red.7' : undefined} style={{ whiteSpace: 'nowrap' }}>
        {family.card}
      </Text>
      <CardExpiryBadge expiry={family.expiry} />
    </Group>
  );
}

function WideTable({ next }: { next: Next }) {
  return (
    <Card p={0}>
      <Table.ScrollContainer minWidth={520} type="native">
        <Table verticalSpacing="sm" horizontalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th pl="md">Family</Table.Th>
              <Table.Th>Card</Table.Th>
              <Table.Th ta="right" pr="md">
                Amount
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {next.families.map((f) => (
              <Table.Tr key={f.coAcctMemID} data-testid="next-charge">
                <Table.Td pl="md">
                  <Anchor component={Link} to={accountHref(f.coAcctMemID)} fw={600} size="sm">
                    {f.family}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <CardCell family={f} />
                </Table.Td>
                <Table.Td ta="right" pr="md" style={NUMBERS}>
                  <Text size="sm" fw={600}>
                    {dollarsText(f.amount)}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th pl="md" colSpan={2}>
                Total
              </Table.Th>
              <Table.Th ta="right" pr="md" style={NUMBERS} data-testid="next-total">
                {dollarsText(next.total)}
              </Table.Th>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

function NarrowList({ next }: { next: Next }) {
  return (
    <Stack gap="xs">
      {next.families.map((f) => (
        <Paper key={f.coAcctMemID} withBorder p="sm" data-testid="next-charge">
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
            <Stack gap={2} miw={0}>
              <Anchor component={Link} to={accountHref(f.coAcctMemID)} fw={600} size="sm" w="fit-content">
                {f.family}
              </Anchor>
              <CardCell family={f} />
            </Stack>
            <Text size="sm" fw={700} style={NUMBERS}>
              {dollarsText(f.amount)}
            </Text>
          </Group>
        </Paper>
      ))}
      <Group justify="space-between" px="sm">
        <Text size="sm" fw={700}>
          Total
        </Text>
        <Text size="sm" fw={700} style={NUMBERS} data-testid="next-total">
          {dollarsText(next.total)}
        </Text>
      </Group>
    </Stack>
  );
}

/**
 * The next billing day's automatic charges: who, how much as the books stand today, and the card each
 * is charged to (flagged when it expires before or soon after).
 */
export function NextCharges({
  next,
  narrow,
  paused,
}: {
  next: Next;
  narrow: boolean;
  /** How many families the studio paused: they are left out of the next charges. */
  paused: number;
}) {
  const none = next.on === null || next.families.length === 0;
  return (
    <PageSection
      title="Next automatic charges"
      description={
        none
          ? undefined
          : `On ${formatDateOnly(next.on!)}: ${countOf(next.families.length, 'family', 'families')}, ${dollarsText(next.total)} as the balances stand today.`
      }
    >
      {none ? (
        <EmptyState title="No automatic charges coming up" icon={IconCalendarDollar}>
          {paused > 0
            ? 'No family on auto-pay has a plan payment coming due, leaving out the families paused.'
            : 'No family on auto-pay has a plan payment coming due. Charges show here once one does.'}
        </EmptyState>
      ) : narrow ? (
        <NarrowList next={next} />
      ) : (
        <WideTable next={next} />
      )}
    </PageSection>
  );
}
