import { Badge, Divider, Group, Paper, Stack, Text } from '@mantine/core';
import { centsText, type FamilyQuote, WEEKDAYS } from '@pirouette/domain';
import { Fragment } from 'react';

const NUMBERS = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

type Props = {
  quote: FamilyQuote;
  /** Keys (`stdID:clSchID`) of the classes new in this change, marked as such. */
  newKeys: ReadonlySet<string>;
};

/**
 * The family's monthly tuition as it stands with the selection: each class's price worked out (its base,
 * each discount by name, the cap, its final), each dancer's total and the family's. Live: it is the
 * quote the wizard sends.
 */
export function PricePanel({ quote, newKeys }: Props) {
  const withClasses = quote.students.filter((s) => s.classes.length > 0);
  return (
    <Paper withBorder p="md" radius="md" aria-label="Monthly tuition" role="region">
      <Stack gap="sm">
        <Text fw={700}>Monthly tuition</Text>
        {withClasses.length === 0 && (
          <Text size="sm" c="dimmed">
            Pick a class to see its price worked out here.
          </Text>
        )}
        {withClasses.map((s, i) => (
          <Fragment key={s.id}>
            {i > 0 && <Divider />}
            <Stack gap={6} data-testid="price-student">
              <Text fw={600} size="sm">
                {s.name}
              </Text>
              {s.classes.map((c) => (
                <Stack key={c.key} gap={0} data-testid="price-class">
                  <Group gap={6} wrap="nowrap">
                    <Text size="sm" fw={500}>
                      {c.name}{' '}
                      <Text span size="xs" c="dimmed">
                        {WEEKDAYS[c.day]?.slice(0, 3)}
                      </Text>
                    </Text>
                    {newKeys.has(c.key) && (
                      <Badge size="xs" variant="light">
                        New
                      </Badge>
                    )}
                  </Group>
                  {c.lines.map((line) => (
                    <Group key={line.label} justify="space-between" gap="xs" wrap="nowrap" pl="sm">
                      <Text size="xs" c={line.amount < 0 ? 'teal.8' : 'dimmed'} data-testid="price-line">
                        {line.label}
                      </Text>
                      <Text size="xs" c={line.amount < 0 ? 'teal.8' : 'dimmed'} style={NUMBERS}>
                        {line.amount < 0 ? `−${centsText(-line.amount)}` : centsText(line.amount)}
                      </Text>
                    </Group>
                  ))}
                  <Group justify="space-between" gap="xs" wrap="nowrap" pl="sm">
                    <Text size="xs" fw={600}>
                      Final
                    </Text>
                    <Text size="xs" fw={600} style={NUMBERS} data-testid="price-final">
                      {centsText(c.Pr_f)}
                    </Text>
                  </Group>
                </Stack>
              ))}
              <Group justify="space-between" gap="xs">
                <Text size="sm" fw={600}>
                  {s.name}'s total{s.unlimited ? ' (unlimited)' : ''}
                </Text>
                <Text size="sm" fw={700} style={NUMBERS} data-testid="price-student-total">
                  {centsText(s.total)}
                </Text>
              </Group>
            </Stack>
          </Fragment>
        ))}
        <Divider />
        <Group justify="space-between">
          <Text fw={700}>Family total a month</Text>
          <Text fw={800} size="lg" style={NUMBERS} data-testid="price-family-total">
            {centsText(quote.total)}
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}
