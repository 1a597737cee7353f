import { Card, Grid, Stack, Text } from '@mantine/core';
import { type AutopayPage, countOf, dollarsText } from '@pirouette/domain';

const NUMBERS = { fontVariantNumeric: 'tabular-nums' } as const;

function Total({
  label,
  value,
  detail,
  color,
}: {
  label: string;
  value: string;
  detail: string;
  color?: string;
}) {
  return (
    <Card h="100%" p={{ base: 'sm', sm: 'lg' }} aria-label={`${label}: ${value}, ${detail}`} role="group">
      <Stack gap={2}>
        <Text size="sm" c="dimmed">
          {label}
        </Text>
        <Text fz={{ base: 'lg', sm: 24 }} fw={700} c={color} style={NUMBERS}>
          {value}
        </Text>
        <Text size="xs" c="dimmed">
          {detail}
        </Text>
      </Stack>
    </Card>
  );
}

/**
 * Every automatic charge so far (all runs, not this page's): what was charged and how many times, what
 * was declined and how many times, and how many families are on auto-pay.
 */
export function AutopayTotals({
  totals,
  enrolled,
}: {
  totals: AutopayPage['totals'];
  enrolled: AutopayPage['enrolled'];
}) {
  const paused = enrolled.filter((f) => f.paused).length;
  return (
    // On a phone the two sums share a row and the families take the next one whole.
    <Grid gutter={{ base: 'sm', sm: 'md' }}>
      <Grid.Col span={{ base: 6, sm: 4 }}>
        <Total
          label="Charged"
          value={dollarsText(totals.charged)}
          detail={countOf(totals.charges, 'charge', 'charges')}
          color="teal.8"
        />
      </Grid.Col>
      <Grid.Col span={{ base: 6, sm: 4 }}>
        <Total
          label="Declined"
          value={dollarsText(totals.declined)}
          detail={countOf(totals.declines, 'decline', 'declines')}
          color={totals.declines > 0 ? 'red.7' : undefined}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <Total
          label="On auto-pay"
          value={countOf(enrolled.length, 'family', 'families')}
          detail={paused > 0 ? `${paused} paused by the studio` : 'None paused'}
        />
      </Grid.Col>
    </Grid>
  );
}
