import { Alert, Badge, Card, SimpleGrid, Stack, Text } from '@mantine/core';
import type { BankReturnsPage } from '@pirouette/domain';
import { IconAlertTriangle } from '@tabler/icons-react';
import { rateView, rateWarnings } from '../lib/rate-view';

const NUMBERS = { fontVariantNumeric: 'tabular-nums' } as const;

/** The period's warnings: a rate over Nacha's threshold (red), one past half of it (yellow). */
export function RateWarnings({ rates }: { rates: BankReturnsPage['rates'] }) {
  const warnings = rateWarnings(rates);
  if (warnings.length === 0) return null;
  const over = warnings.some((w) => w.status === 'over');
  return (
    <Alert
      color={over ? 'red' : 'yellow'}
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title={over ? 'A return rate is over Nacha’s limit' : 'A return rate is close to Nacha’s limit'}
      data-testid="rate-warnings"
    >
      <Stack gap={4}>
        {warnings.map((w) => (
          <Text key={w.text} size="sm">
            {w.text}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}

/** The three return rates of the period, each with its counts, its limit and its standing. */
export function RatesPanel({ rates }: { rates: BankReturnsPage['rates'] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
      {rates.map((r) => {
        const v = rateView(r);
        return (
          <Card key={r.kind} p="lg" data-testid="return-rate" data-status={r.status}>
            <Stack gap={6}>
              <Text size="sm" fw={600}>
                {v.label}
              </Text>
              <Text fz={28} fw={700} style={NUMBERS} data-testid="return-rate-figure">
                {v.figure}
              </Text>
              <Badge color={v.color} variant="light" radius="sm" w="fit-content">
                {v.statusLabel}
              </Badge>
              <Text size="sm" style={NUMBERS}>
                {v.counts}
              </Text>
              <Text size="xs" c="dimmed">
                {v.limit}
              </Text>
              <Text size="xs" c="dimmed">
                Counts {v.what}.
              </Text>
            </Stack>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
