import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type CompetitionRegisteredEvent, dollarsText } from '@pirouette/domain';
import { Link } from 'react-router';
import { accountHref } from '../../../app/paths/account-href';

/**
 * An event's registrations grouped by dancer (002 §2; issue 19 point 2): each dancer with their family,
 * their entries with the dance number or lesson, each fee and whether the family has paid it (the
 * ledger says, decision 032), and the event's money: what the studio owes the competition, what
 * families are charged and have paid.
 */
export function RegisteredList({ data }: { data: CompetitionRegisteredEvent }) {
  const entry = new Map(data.entry_List.map((e) => [e.cmpEntID, e.name]));
  const what = new Map<string, string>([
    ...data.dncNum_List.map((n) => [n.id, n.name] as const),
    ...data.private_List.map((p) => [p.id, p.name] as const),
  ]);
  const line = new Map(data.reg_List.map((l) => [l.id, l]));
  return (
    <Stack gap="md">
      <Title order={3} fz="lg">
        Registered for this event
      </Title>
      <SimpleGrid cols={3} spacing="xs">
        <Money label="Studio owes the competition" value={data.totals.priceStudio} />
        <Money label="Families charged" value={data.totals.price} />
        <Money label="Families paid" value={data.totals.paid} />
      </SimpleGrid>
      {data.std_List.length === 0 ? (
        <Text c="dimmed" size="sm">
          No dancer is registered for this event yet.
        </Text>
      ) : (
        data.std_List.map((s) => (
          <Paper key={s.acctStdID} withBorder radius="md" p="sm" style={{ overflowWrap: 'anywhere' }}>
            <Stack gap={6}>
              <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                <Stack gap={0} miw={0}>
                  <Text fw={600}>{s.studentName}</Text>
                  <Anchor component={Link} to={accountHref(s.coAcctMemID)} size="xs">
                    {s.family || 'Family'} family
                  </Anchor>
                </Stack>
                <Text size="sm" fw={600} style={{ flex: 'none' }}>
                  {dollarsText(s.price)}
                </Text>
              </Group>
              {s.regIDs.map((id) => {
                const l = line.get(id)!;
                return (
                  <Group key={id} justify="space-between" gap="xs" wrap="nowrap">
                    <Text size="sm" miw={0}>
                      {entry.get(l.compCoEntryID) ?? 'Entry'} · {what.get(l.pID) ?? ''}
                    </Text>
                    <Group gap={6} wrap="nowrap" style={{ flex: 'none' }}>
                      <Text size="sm">{dollarsText(l.price)}</Text>
                      <Badge size="sm" variant="light" color={l.isPayed ? 'teal' : 'orange'}>
                        {l.isPayed ? 'Paid' : l.paid > 0 ? `${dollarsText(l.paid)} paid` : 'Unpaid'}
                      </Badge>
                    </Group>
                  </Group>
                );
              })}
            </Stack>
          </Paper>
        ))
      )}
    </Stack>
  );
}

function Money({ label, value }: { label: string; value: number }) {
  return (
    <Paper withBorder radius="md" p="xs">
      <Text size="xs" c="dimmed" lh={1.2}>
        {label}
      </Text>
      <Text fw={700}>{dollarsText(value)}</Text>
    </Paper>
  );
}
