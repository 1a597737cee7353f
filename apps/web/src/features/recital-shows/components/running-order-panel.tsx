import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  List,
  NativeSelect,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  countOf,
  formatDateOnly,
  quickChangeSentence,
  type RunningNumber,
  type ShowRunningOrder,
} from '@pirouette/domain';
import { IconAlertTriangle, IconArrowDown, IconArrowUp, IconLock } from '@tabler/icons-react';
import { Fragment, useEffect, useMemo, useState } from 'react';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSaveOrder } from '../api/shows';
import { moved, reckon } from '../lib/board';
import classes from './shows.module.css';

function NumberRow({
  n,
  i,
  last,
  clash,
  move,
}: {
  n: RunningNumber;
  i: number;
  last: boolean;
  clash: boolean;
  move: (from: number, to: number) => void;
}) {
  return (
    <Paper
      component="li"
      withBorder
      p="xs"
      className={`${classes.row} ${clash ? classes.clash : ''}`}
      data-testid="running-number"
      data-clash={clash || undefined}
    >
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Stack gap={0} align="center">
          <Text fw={700} className={classes.place}>
            #{i + 1}
          </Text>
          <Text size="xs" c="dimmed" className={classes.time}>
            {n.startsAt}
          </Text>
        </Stack>
        <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={600}>{n.name}</Text>
            {n.locked ? <IconLock size={14} aria-label="Locked in this show" /> : null}
            {clash ? (
              <Badge color="red" size="sm" variant="light">
                Quick change
              </Badge>
            ) : null}
          </Group>
          <Text size="xs" c="dimmed">
            {n.className} · {n.songName || 'No song yet'} · {n.songLength}
          </Text>
          <Text size="sm">{n.dancers.map((d) => d.name).join(', ')}</Text>
        </Stack>
        <Group gap={4} wrap="nowrap">
          <ActionIcon
            variant="subtle"
            aria-label={`Move ${n.name} up`}
            disabled={i === 0}
            onClick={() => move(i, i - 1)}
          >
            <IconArrowUp size={18} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            aria-label={`Move ${n.name} down`}
            disabled={last}
            onClick={() => move(i, i + 1)}
          >
            <IconArrowDown size={18} />
          </ActionIcon>
        </Group>
      </Group>
    </Paper>
  );
}

/**
 * A show's running order (decision 072): its numbers moved up or down (buttons, so by keyboard too),
 * start times from the curtain, the intermission's place, the quick changes closer than the studio's
 * gap marked and listed in words — all worked out again as the order changes, then saved whole.
 */
export function RunningOrderPanel({ data }: { data: ShowRunningOrder }) {
  const [order, setOrder] = useState(data.numbers);
  const [intermission, setIntermission] = useState<number | null>(data.show.intermissionAfter);
  // A new answer (saved, or numbers moved on the board) replaces what is shown.
  useEffect(() => {
    setOrder(data.numbers);
    setIntermission(data.show.intermissionAfter);
  }, [data]);
  const saveOrder = useSaveOrder();
  const shown = useMemo(() => reckon(data, order, intermission), [data, order, intermission]);
  const clashing = new Set(shown.quickChanges.flatMap((c) => [c.first, c.second]));
  const changed =
    order.map((n) => n.id).join() !== data.numbers.map((n) => n.id).join() ||
    intermission !== data.show.intermissionAfter;
  const move = (from: number, to: number) => setOrder((o) => moved(o, from, to));
  const save = () =>
    saveOrder.mutate(
      {
        params: { showId: data.show.id },
        body: {
          order: order.map((n) => n.id),
          intermissionAfter: intermission !== null && intermission < order.length - 1 ? intermission : null,
        },
      },
      { onSuccess: (a) => notifySuccess(a.msg), onError: (e) => notifyError(e) },
    );

  return (
    <Paper withBorder p="md" radius="md" data-testid="running-order">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <Stack gap={0}>
            <Title order={3}>{data.show.name}</Title>
            <Text size="sm">
              {formatDateOnly(data.show.day)} · doors {data.show.doorsAt} · curtain {data.show.startsAt} ·
              ends about {shown.endsAt}
            </Text>
            <Text size="sm" c="dimmed">
              {countOf(order.length, 'number', 'numbers')} · a quick change needs {data.quickChangeGap} places
            </Text>
          </Stack>
          <Button onClick={save} loading={saveOrder.isPending} disabled={!changed}>
            Save order
          </Button>
        </Group>
        <NativeSelect
          label="Intermission"
          w={{ base: '100%', sm: 320 }}
          value={intermission === null ? '' : String(intermission)}
          onChange={(e) =>
            setIntermission(e.currentTarget.value === '' ? null : Number(e.currentTarget.value))
          }
          data={[
            { value: '', label: 'No intermission' },
            ...order.slice(0, -1).map((n, i) => ({ value: String(i), label: `After #${i + 1} ${n.name}` })),
          ]}
        />
        {shown.quickChanges.length > 0 ? (
          <Alert
            color="red"
            icon={<IconAlertTriangle size={18} />}
            title={`Quick changes too close: ${shown.quickChanges.length}`}
            data-testid="quick-changes"
          >
            <List size="sm" spacing={2}>
              {shown.quickChanges.map((c) => (
                <List.Item key={`${c.dancerId}:${c.second}`}>
                  {quickChangeSentence(c, data.quickChangeGap)}
                </List.Item>
              ))}
            </List>
          </Alert>
        ) : order.length > 0 ? (
          <Text size="sm" c="green.8">
            No quick change too close: every dancer has at least {data.quickChangeGap} places between numbers.
          </Text>
        ) : null}
        {changed ? (
          <Text size="sm" c="orange.8">
            Not saved yet.
          </Text>
        ) : null}
        {order.length === 0 ? (
          <Text c="dimmed">No number is in this show yet. Place numbers on the board first.</Text>
        ) : (
          <Stack gap={6} component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Running order">
            {shown.numbers.map((n, i) => (
              <Fragment key={n.id}>
                <NumberRow n={n} i={i} last={i === order.length - 1} clash={clashing.has(n.id)} move={move} />
                {intermission === i && i < order.length - 1 ? (
                  <Paper component="li" p="xs" className={classes.intermission}>
                    <Text size="sm" fw={600}>
                      Intermission · {data.recital.intermissionMinutes} min
                    </Text>
                  </Paper>
                ) : null}
              </Fragment>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
