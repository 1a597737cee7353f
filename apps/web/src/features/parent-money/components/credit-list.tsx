import { Badge, Divider, Group, Skeleton, Stack, Text } from '@mantine/core';
import { type CreditEntryShape, dollarsText, formatDateOnly } from '@pirouette/domain';
import type { UseQueryResult } from '@tanstack/react-query';
import { Fragment } from 'react';
import { SectionLoadError } from '../../../components/section-load-error';

const NUMBERS = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

const SOURCES: Record<CreditEntryShape['source'], string> = {
  overpayment: 'Paid beyond what was owed',
  refund: 'Given back as credit',
  adjustment: 'Credit from the studio',
  removed: 'Paid for a charge since taken off',
  returned: 'Returned',
};

/** Where the family's credit came from, what is left of each part (used oldest first), and its total. */
export function CreditList({
  query,
}: {
  query: UseQueryResult<{ total: number; credits: CreditEntryShape[] }, unknown>;
}) {
  if (query.isPending) return <Skeleton h={64} aria-label="Loading your credit" />;
  if (query.isError) return <SectionLoadError error={query.error} onRetry={() => query.refetch()} />;
  const { total, credits } = query.data;
  if (credits.length === 0)
    return (
      <Text size="sm" c="dimmed" py="xs" data-testid="no-credit">
        No credit. Money paid beyond what you owe, or given back as credit, shows here and pays your next
        charges by itself.
      </Text>
    );
  const left = credits.filter((c) => c.remaining > 0);
  const used = credits.filter((c) => c.remaining <= 0);
  return (
    <Stack gap={0}>
      {[...left, ...used].map((c, i) => (
        <Fragment key={c.creditID}>
          {i > 0 && <Divider />}
          <Group
            justify="space-between"
            wrap="nowrap"
            gap="sm"
            py="sm"
            align="flex-start"
            data-testid="credit-entry"
            data-used={c.remaining <= 0 || undefined}
          >
            <Stack gap={2} miw={0}>
              <Group gap={6}>
                <Text size="sm" fw={600} c={c.remaining <= 0 ? 'dimmed' : undefined}>
                  {SOURCES[c.source]}
                </Text>
                {c.remaining <= 0 && (
                  <Badge size="xs" variant="light" color="gray">
                    Used
                  </Badge>
                )}
              </Group>
              <Text size="xs" c="dimmed">
                {c.source === 'adjustment' ? `${c.description} · ` : ''}
                {formatDateOnly(c.createdOn)}
              </Text>
            </Stack>
            <Stack gap={0} align="flex-end">
              <Text fw={700} style={NUMBERS} c={c.remaining <= 0 ? 'dimmed' : 'teal.7'}>
                {dollarsText(c.remaining)}
              </Text>
              {c.remaining !== c.amount && (
                <Text size="xs" c="dimmed" style={NUMBERS}>
                  left of {dollarsText(c.amount)}
                </Text>
              )}
            </Stack>
          </Group>
        </Fragment>
      ))}
      <Divider />
      <Group justify="space-between" pt="sm">
        <Text size="sm" fw={700}>
          Credit to use
        </Text>
        <Text fw={700} style={NUMBERS} data-testid="credit-total">
          {dollarsText(total)}
        </Text>
      </Group>
    </Stack>
  );
}
