import { ActionIcon, Badge, Group, NativeSelect, Paper, Stack, Text, Tooltip } from '@mantine/core';
import type { RecitalNumber } from '@pirouette/domain';
import { IconLock, IconLockOpen } from '@tabler/icons-react';
import classes from './shows.module.css';

/** A number on the board: its class, song and dancers; moved to a show, locked there. */
export function NumberCard({
  number,
  shows,
  onPlace,
  busy,
}: {
  number: RecitalNumber;
  shows: { id: string; name: string }[];
  onPlace?: (showId: string | null, locked: boolean) => void;
  busy?: boolean;
}) {
  const lockLabel = number.locked ? `Unlock ${number.name}` : `Lock ${number.name} in its show`;
  return (
    <Paper
      withBorder
      p="xs"
      radius="sm"
      className={classes.card}
      data-testid="number-card"
      data-locked={number.locked || undefined}
    >
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={600} size="sm">
              {number.name}
            </Text>
            <Text size="xs" c="dimmed">
              {number.className} · {number.genre} · {number.songLength}
            </Text>
          </Stack>
          {onPlace ? (
            <Tooltip label={lockLabel}>
              <ActionIcon
                variant={number.locked ? 'filled' : 'subtle'}
                color={number.locked ? 'violet' : 'gray'}
                aria-label={lockLabel}
                aria-pressed={number.locked}
                disabled={busy || number.showId === null}
                onClick={() => onPlace(number.showId, !number.locked)}
              >
                {number.locked ? <IconLock size={16} /> : <IconLockOpen size={16} />}
              </ActionIcon>
            </Tooltip>
          ) : number.locked ? (
            <Badge size="xs" variant="light" leftSection={<IconLock size={10} />}>
              Locked
            </Badge>
          ) : null}
        </Group>
        <Text size="xs">{number.dancers.map((d) => d.name).join(', ')}</Text>
        {number.costume ? (
          <Text size="xs" c="dimmed">
            Costume: {number.costume}
          </Text>
        ) : null}
        {onPlace ? (
          <NativeSelect
            size="xs"
            aria-label={`Show for ${number.name}`}
            value={number.showId ?? ''}
            disabled={busy}
            data={[
              { value: '', label: 'No show yet' },
              ...shows.map((s) => ({ value: s.id, label: s.name })),
            ]}
            onChange={(e) => onPlace(e.currentTarget.value || null, false)}
          />
        ) : null}
      </Stack>
    </Paper>
  );
}
