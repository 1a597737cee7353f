import { Anchor, Badge, Button, Card, Group, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { CARD_LIMITS } from '@pirouette/domain';
import { IconShieldLock } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { accountHref } from '../../../app/paths/account-href';
import { SectionLoadError } from '../../../components/section-load-error';
import { studioDateTime } from '../../../lib/format';
import { useCardLimitHits } from '../api/cards';

const PAGE_SIZE = 5;

/**
 * The owner's dashboard: the families a card limit stopped (issue 31 item 3, decision 038), latest
 * first. Card testing looks like this: many declined cards, many cards added, a studio's declines in an
 * hour. Each row names the family (a link to its account), which limit, when and how often it was
 * refused; nothing went to the card processor for those.
 */
export function CardLimitsPanel({ timeZone }: { timeZone?: string | null }) {
  const [page, setPage] = useState(1);
  const hits = useCardLimitHits(page, PAGE_SIZE);
  const data = hits.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <Card p="lg" data-testid="card-limits-panel">
      <Group gap="md" align="flex-start" wrap="nowrap">
        <ThemeIcon size={44} radius="md" variant="light" color={data?.total ? 'orange' : 'teal'}>
          <IconShieldLock size={24} />
        </ThemeIcon>
        <Stack gap="xs" miw={0} style={{ flex: 1 }}>
          <Title order={3} fz="md">
            Card safety limits
          </Title>
          <Text size="sm" c="dimmed">
            A family is stopped after {CARD_LIMITS.declines.limit} declined cards or {CARD_LIMITS.cards.limit}{' '}
            cards added in 24 hours, and every family after {CARD_LIMITS.studio.limit} declines at the studio
            in an hour. Nothing is sent to the card processor while a limit holds.
          </Text>
          {hits.isError ? (
            <SectionLoadError error={hits.error} onRetry={() => hits.refetch()} />
          ) : !data ? (
            <Skeleton h={48} aria-label="Loading the card limits" />
          ) : data.items.length === 0 ? (
            <Text size="sm">No family has reached a card limit.</Text>
          ) : (
            <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {data.items.map((hit) => (
                <Group
                  component="li"
                  key={`${hit.coAcctMemID}:${hit.kind}:${hit.firstAt}`}
                  justify="space-between"
                  gap="xs"
                  py={8}
                  wrap="wrap"
                  style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
                  data-testid="card-limit-hit"
                >
                  <Stack gap={2} miw={0}>
                    <Anchor component={Link} to={accountHref(hit.coAcctMemID)} fw={600} size="sm">
                      {hit.family} family
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {studioDateTime(hit.lastAt, timeZone)}
                      {hit.refused > 1 ? ` · refused ${hit.refused} times` : ''}
                    </Text>
                  </Stack>
                  <Badge variant="light" color={hit.kind === 'studio' ? 'red' : 'orange'} radius="sm">
                    {hit.label}
                  </Badge>
                </Group>
              ))}
            </Stack>
          )}
          {data && pages > 1 && (
            <Group justify="space-between" gap="xs">
              <Text size="xs" c="dimmed">
                Page {page} of {pages}
              </Text>
              <Group gap="xs">
                <Button
                  size="compact-sm"
                  variant="default"
                  disabled={page <= 1}
                  onClick={() => setPage(page - 1)}
                >
                  Newer
                </Button>
                <Button
                  size="compact-sm"
                  variant="default"
                  disabled={page >= pages}
                  onClick={() => setPage(page + 1)}
                >
                  Older
                </Button>
              </Group>
            </Group>
          )}
        </Stack>
      </Group>
    </Card>
  );
}
