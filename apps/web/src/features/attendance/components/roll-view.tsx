import { Alert, Anchor, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { MarkStatus, RollDancer } from '@pirouette/domain';
import { IconArrowLeft, IconChecks, IconCloudOff, IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { Link } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { isApiError } from '../../../lib/api-client';
import { useRoll } from '../api/roll';
import { dayLabel } from '../lib/labels';
import { loadRoll, storeRoll } from '../lib/queue-store';
import { useRollQueue } from '../lib/use-roll-queue';
import { DancerRow } from './dancer-row';
import { RollFooter } from './roll-footer';
import { TrialGuests } from './trial-guests';

/**
 * The roll of one meeting (decision 063), the teacher's on a phone and the owner's alike: a tap marks a
 * dancer present, the four marks beside; every tap is kept on the device and sent when it can be, and the
 * footer says what is still waiting. Make-up and trial guests are listed apart. Without a connection (the
 * request paused or failed to reach the server) the roll last loaded on this device is shown, said so.
 */
export function RollView({
  classId,
  date,
  back,
  owner = false,
}: {
  classId: string;
  date: string;
  back: { to: string; label: string };
  owner?: boolean;
}) {
  const roll = useRoll(classId, date);
  const kept = useMemo(() => loadRoll(classId, date), [classId, date]);
  useEffect(() => {
    if (roll.data) storeRoll(classId, date, roll.data);
  }, [classId, date, roll.data]);
  const unreachable =
    !roll.data &&
    (roll.fetchStatus === 'paused' || (roll.isError && (!isApiError(roll.error) || roll.error.status === 0)));
  const data = roll.data ?? (unreachable ? kept : null);
  const canMark = data?.canMark ?? false;
  const queue = useRollQueue(classId, date, canMark);
  const backLink = (
    <Anchor component={Link} to={back.to} size="sm">
      <Group gap={4}>
        <IconArrowLeft size={16} aria-hidden />
        {back.label}
      </Group>
    </Anchor>
  );
  if (roll.isError && !data) {
    return (
      <Stack>
        {backLink}
        <LoadError message={roll.error.message} onRetry={() => roll.refetch()} />
      </Stack>
    );
  }
  if (!data) return <Skeleton h={240} radius="md" />;
  const r = data;
  const markOf = (d: RollDancer) => queue.waiting.get(d.stdID) ?? d.mark;
  const row = (d: RollDancer, fromClass?: string) => (
    <DancerRow
      key={d.stdID}
      person={{ key: d.stdID, ...d, fromClass }}
      mark={markOf(d)}
      waiting={queue.waiting.has(d.stdID)}
      disabled={!canMark}
      onMark={(s: MarkStatus) => queue.tap(d.stdID, s)}
    />
  );
  const unmarked = r.dancers.filter((d) => markOf(d) === null).map((d) => d.stdID);
  return (
    <Stack gap="md">
      {backLink}
      <Stack gap={2}>
        <Title order={2} fz={{ base: 22, sm: 26 }}>
          {r.class.name}
        </Title>
        <Text c="dimmed">
          {dayLabel(r.class.date)} · {r.class.timeStart}–{r.class.timeEnd} · {r.class.room}
          {owner ? ` · ${r.class.teacher}` : ''}
        </Text>
      </Stack>
      {!roll.data && (
        <Alert color="orange" icon={<IconCloudOff />} data-testid="roll-kept">
          Shown as last loaded: offline. Your taps are kept on this device and sent when the connection
          returns.
        </Alert>
      )}
      {r.closure && (
        <Alert color="gray" icon={<IconInfoCircle />} title="This meeting is cancelled">
          {r.closure.reason}
        </Alert>
      )}
      {!r.closure && r.whyNot && (
        <Alert color="blue" icon={<IconInfoCircle />}>
          {r.whyNot}
        </Alert>
      )}
      <Group justify="space-between">
        <Text fw={700} size="sm" tt="uppercase" c="dimmed">
          Dancers ({r.dancers.length})
        </Text>
        {canMark && r.dancers.length > 0 && (
          <Button
            variant="light"
            color="teal"
            leftSection={<IconChecks size={18} />}
            disabled={unmarked.length === 0}
            onClick={() => queue.tapMany(unmarked, 'present')}
          >
            All present
          </Button>
        )}
      </Group>
      {r.dancers.length === 0 && <Text c="dimmed">No dancers are registered for this meeting.</Text>}
      {r.dancers.map((d) => row(d))}
      {r.makeups.length > 0 && (
        <Text fw={700} size="sm" tt="uppercase" c="dimmed" mt="sm">
          Make-up guests ({r.makeups.length})
        </Text>
      )}
      {r.makeups.map((g) => row(g, g.fromClass))}
      <TrialGuests
        classId={classId}
        date={date}
        trials={r.trials}
        canMark={canMark}
        canEdit={owner && !r.closure}
      />
      {((canMark && r.dancers.length + r.makeups.length > 0) || queue.count > 0) && (
        <RollFooter queue={queue} />
      )}
    </Stack>
  );
}
