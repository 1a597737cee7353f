import { Badge, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { centsText, formatDateOnly, type MoneyFigures, type ShowFigures } from '@pirouette/domain';
import { ScrollTable } from '../../books/components/scroll-table';

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={700} fz="xl">
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Stack>
  );
}

/** The processor's fees in words: actual, plus the estimate for orders not paid out yet. */
export function feesText(m: MoneyFigures): { value: string; hint?: string } {
  const total = m.feesActual + m.feesEstimated;
  if (m.estimatedOrders === 0)
    return { value: centsText(total), hint: total > 0 ? 'From the payouts' : undefined };
  return {
    value: centsText(total),
    hint: `${centsText(m.feesEstimated)} estimated (2.9 % + 30¢) for ${m.estimatedOrders} order${m.estimatedOrders === 1 ? '' : 's'} not paid out yet`,
  };
}

/** The recital's income across its shows. */
export function MoneyCard({ money }: { money: MoneyFigures }) {
  const fees = feesText(money);
  return (
    <Card p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Title order={3} fz="lg">
          Income, all shows
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
          <Figure label="Gross" value={centsText(money.gross)} />
          <Figure label="Refunds" value={centsText(money.refunds)} />
          <Figure label="Net" value={centsText(money.net)} />
          <Figure label="Processor fees" value={fees.value} hint={fees.hint} />
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

/** One show: its figures, and its sections' seats. */
export function ShowCard({ show }: { show: ShowFigures }) {
  const t = show.totals;
  return (
    <Card p={{ base: 'md', sm: 'lg' }} data-testid="show-figures">
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Title order={3} fz="lg">
            {show.name}
          </Title>
          <Badge variant="light" color="gray">
            {formatDateOnly(show.day)}, {show.startsAt}
          </Badge>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
          <Figure
            label="Sold"
            value={String(t.sold)}
            hint={`${show.orders} order${show.orders === 1 ? '' : 's'}`}
          />
          <Figure label="Comped" value={String(t.comped)} />
          <Figure
            label="Seats left"
            value={String(t.left)}
            hint={`of ${t.seats}${t.held > 0 ? `, ${t.held} held now` : ''}`}
          />
          <Figure
            label="Net income"
            value={centsText(show.money.net)}
            hint={`Fees ${feesText(show.money).value}`}
          />
        </SimpleGrid>
        {show.sections.length === 0 ? (
          <Text size="sm" c="dimmed">
            No seats yet: describe the venue on Seating.
          </Text>
        ) : (
          <ScrollTable label={`${show.name}: sections`} minWidth={520}>
            <Table verticalSpacing="xs" striped aria-label={`${show.name}: seats by section`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Section</Table.Th>
                  <Table.Th ta="right">Seats</Table.Th>
                  <Table.Th ta="right">Sold</Table.Th>
                  <Table.Th ta="right">Comped</Table.Th>
                  <Table.Th ta="right">Held</Table.Th>
                  <Table.Th ta="right">Left</Table.Th>
                  <Table.Th ta="right">Ticket sales</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {show.sections.map((s) => (
                  <Table.Tr key={s.section}>
                    <Table.Td>{s.section}</Table.Td>
                    <Table.Td ta="right">{s.seats}</Table.Td>
                    <Table.Td ta="right">{s.sold}</Table.Td>
                    <Table.Td ta="right">{s.comped}</Table.Td>
                    <Table.Td ta="right">{s.held}</Table.Td>
                    <Table.Td ta="right">{s.left}</Table.Td>
                    <Table.Td ta="right" ff="monospace">
                      {centsText(s.gross)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
      </Stack>
    </Card>
  );
}
