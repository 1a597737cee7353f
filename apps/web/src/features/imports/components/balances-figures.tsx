import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { centsText, countOf, type ImportBatch, openingBalanceWords } from '@pirouette/domain';

type Props = { balances: ImportBatch['balances']; sourceName: string; asOf: string };

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap={2}>
        <Text size="sm" c="dimmed">
          {label}
        </Text>
        <Text fz={22} fw={700} data-testid={testId} style={{ fontVariantNumeric: 'tabular-nums' }}>
          {value}
        </Text>
      </Stack>
    </Paper>
  );
}

/** What the opening balances add up to: owed by families, their credits, and the net. */
export function BalancesFigures({ balances, sourceName, asOf }: Props) {
  if (balances.families === 0)
    return (
      <Text size="sm" c="dimmed">
        No opening balance: no family starts owing anything or with a credit.
      </Text>
    );
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <Figure label="Owed by families" value={centsText(balances.owed)} testId="balances-owed" />
        <Figure label="Credits" value={centsText(Math.abs(balances.credit))} testId="balances-credit" />
        <Figure
          label="Net"
          value={balances.net < 0 ? `−${centsText(-balances.net)}` : centsText(balances.net)}
          testId="balances-net"
        />
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        {countOf(balances.families, 'family starts', 'families start')} with a balance: each one line on the
        family’s bill, “{openingBalanceWords(sourceName, asOf)}” (the day of its balance in the file),
        explained like every other charge.
      </Text>
    </Stack>
  );
}
