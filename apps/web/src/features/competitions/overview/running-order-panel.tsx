import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  List,
  NumberInput,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  type CompetitionPerformance,
  type CompetitionRunningOrder,
  countOf,
  QUICK_CHANGE_GAP_MAX,
  QUICK_CHANGE_GAP_MIN,
} from '@pirouette/domain';
import { IconAlertTriangle, IconArrowDown, IconArrowUp, IconPrinter } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSaveQuickChangeGap, useSaveRunningOrder } from './api';
import { datesText } from './event-cards';
import classes from './overview.module.css';
import { clashesOf, clashText, moved } from './running-order';

type Props = { data: CompetitionRunningOrder };

const performanceText = (p: CompetitionPerformance) =>
  `${p.name} (${p.entry}${p.kind === 'prv' ? ', private' : ''})`;

/** The studio's quick-change gap, set on its own (it counts for every event). */
function GapSetting({ saved }: { saved: number }) {
  const [gap, setGap] = useState<number | string>(saved);
  // A new answer replaces what is shown.
  useEffect(() => setGap(saved), [saved]);
  const saveGap = useSaveQuickChangeGap();
  const gapValid =
    typeof gap === 'number' &&
    Number.isInteger(gap) &&
    gap >= QUICK_CHANGE_GAP_MIN &&
    gap <= QUICK_CHANGE_GAP_MAX;
  const setGapNow = () =>
    gapValid &&
    saveGap.mutate(
      { body: { quickChangeGap: gap } },
      { onSuccess: (a) => notifySuccess(a.msg), onError: (e) => notifyError(e) },
    );
  return (
    <Group gap="xs" align="flex-end" className={classes.noPrint}>
      <NumberInput
        label="Quick-change gap"
        description="Places a dancer needs between two performances"
        min={QUICK_CHANGE_GAP_MIN}
        max={QUICK_CHANGE_GAP_MAX}
        allowDecimal={false}
        value={gap}
        onChange={setGap}
        w={220}
      />
      <Button
        variant="light"
        onClick={setGapNow}
        disabled={!gapValid || gap === saved}
        loading={saveGap.isPending}
      >
        Set gap
      </Button>
    </Group>
  );
}

/** The clashes listed per dancer, or that there are none. */
function ClashSummary({
  clashes,
  order,
  gap,
}: {
  clashes: ReturnType<typeof clashesOf>;
  order: CompetitionPerformance[];
  gap: number;
}) {
  const names = new Map(order.map((p) => [p.key, p.name]));
  const byDancer = new Map<string, typeof clashes>();
  for (const c of clashes) byDancer.set(c.dancer, [...(byDancer.get(c.dancer) ?? []), c]);
  if (clashes.length > 0)
    return (
      <Alert
        color="red"
        icon={<IconAlertTriangle size={18} />}
        title={`Quick changes too close: ${countOf(clashes.length, 'clash', 'clashes')}`}
        data-testid="clash-list"
      >
        <List size="sm" spacing={2}>
          {[...byDancer].flatMap(([, cs]) =>
            cs.map((c) => (
              <List.Item key={`${c.dancerId}:${c.second}`}>
                {clashText(c, (k) => names.get(k) ?? '', gap)}
              </List.Item>
            )),
          )}
        </List>
      </Alert>
    );
  if (order.length === 0) return null;
  return (
    <Text size="sm" c="green.8" className={classes.noPrint}>
      No quick-change clashes: every dancer has at least {gap} places between performances.
    </Text>
  );
}

/** One performance at its place: its name, dancers, clash badge, and moving it up or down. */
function PerformanceRow({
  p,
  i,
  last,
  clash,
  move,
}: {
  p: CompetitionPerformance;
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
      data-testid="performance"
      data-clash={clash || undefined}
    >
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Text fw={700} className={classes.place}>
          #{i + 1}
        </Text>
        <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={600}>{performanceText(p)}</Text>
            {clash ? (
              <Badge color="red" size="sm" variant="light">
                Quick change
              </Badge>
            ) : null}
          </Group>
          <Text size="sm" c="dimmed">
            {p.dancers.map((d) => d.name).join(', ')}
          </Text>
        </Stack>
        <Group gap={4} wrap="nowrap" className={classes.noPrint}>
          <ActionIcon
            variant="subtle"
            aria-label={`Move ${p.name} up`}
            disabled={i === 0}
            onClick={() => move(i, i - 1)}
          >
            <IconArrowUp size={18} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            aria-label={`Move ${p.name} down`}
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

/** Each dancer with their places in the order as it stands. */
function DancerPlaces({
  order,
  dancers,
}: {
  order: CompetitionPerformance[];
  dancers: Props['data']['dancers'];
}) {
  if (dancers.length === 0) return null;
  return (
    <Stack gap={4}>
      <Title order={4}>Dancers</Title>
      {dancersPlaces(order, dancers).map((d) => (
        <Text key={d.id} size="sm">
          <Text span fw={600} size="sm">
            {d.name}
          </Text>
          : {d.places.map((pl) => `#${pl}`).join(', ')}
        </Text>
      ))}
    </Stack>
  );
}

/**
 * An event's running order (decision 033): the performances in order, each moved up or down, then
 * saved; the quick-change clashes marked on the performances and listed per dancer, worked out again as
 * the order changes; the studio's gap; printed alone.
 */
export function RunningOrderPanel({ data }: Props) {
  const [order, setOrder] = useState(data.performances);
  // A new answer (saved, or registrations changed elsewhere) replaces what is shown.
  useEffect(() => setOrder(data.performances), [data.performances]);
  const saveOrder = useSaveRunningOrder();

  const clashes = useMemo(() => clashesOf(order, data.quickChangeGap), [order, data.quickChangeGap]);
  const clashing = new Set(clashes.flatMap((c) => [c.first, c.second]));
  const changed = order.map((p) => p.key).join() !== data.performances.map((p) => p.key).join();
  const unplaced = data.performances.some((p) => !p.placed);

  const move = (from: number, to: number) => setOrder((o) => moved(o, from, to));
  const save = () =>
    saveOrder.mutate(
      { params: { eventId: data.event.id }, body: { order: order.map((p) => p.key) } },
      { onSuccess: (a) => notifySuccess(a.msg), onError: (e) => notifyError(e) },
    );

  return (
    <Paper withBorder p="md" radius="md" className={classes.sheet} data-testid="running-order">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <Stack gap={0}>
            <Title order={3}>Running order</Title>
            <Text size="sm">
              {data.event.company} {data.event.type} · {data.event.location} · {datesText(data.event)}
            </Text>
            <Text size="sm" c="dimmed">
              {countOf(order.length, 'performance', 'performances')} ·{' '}
              {countOf(data.event.dancers, 'dancer', 'dancers')}
            </Text>
          </Stack>
          <Group gap="xs" className={classes.noPrint}>
            <Button variant="default" leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>
              Print
            </Button>
            <Button onClick={save} loading={saveOrder.isPending} disabled={!changed && !unplaced}>
              Save order
            </Button>
          </Group>
        </Group>

        <GapSetting saved={data.quickChangeGap} />
        <ClashSummary clashes={clashes} order={order} gap={data.quickChangeGap} />
        {changed ? (
          <Text size="sm" c="orange.8" className={classes.noPrint}>
            Not saved yet.
          </Text>
        ) : null}

        {order.length === 0 ? (
          <Text c="dimmed">No dancers are registered for this event yet.</Text>
        ) : (
          <Stack gap={6} component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
            {order.map((p, i) => (
              <PerformanceRow
                key={p.key}
                p={p}
                i={i}
                last={i === order.length - 1}
                clash={clashing.has(p.key)}
                move={move}
              />
            ))}
          </Stack>
        )}

        <DancerPlaces order={order} dancers={data.dancers} />
      </Stack>
    </Paper>
  );
}

/** Each dancer's places in the order as it stands on screen. */
function dancersPlaces(order: CompetitionPerformance[], dancers: CompetitionRunningOrder['dancers']) {
  const places = new Map(dancers.map((d) => [d.id, [] as number[]]));
  order.forEach((p, i) => {
    for (const d of p.dancers) places.get(d.id)?.push(i + 1);
  });
  return dancers.map((d) => ({ ...d, places: places.get(d.id) ?? [] }));
}
