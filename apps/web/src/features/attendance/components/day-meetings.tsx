import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  Select,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { DayMeetings as DayMeetingsAnswer } from '@pirouette/domain';
import {
  IconChevronLeft,
  IconChevronRight,
  IconClock,
  IconCloudOff,
  IconCloudUpload,
  IconDoor,
  IconUsers,
} from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { Link } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { isApiError } from '../../../lib/api-client';
import { useDayMeetings } from '../api/roll';
import { dayLabel, stepDay } from '../lib/labels';
import { hasWaitingTaps, loadDay, storeDay } from '../lib/queue-store';

/**
 * A day's meetings with a date switcher (decision 063): a teacher's own classes, or the owner's of one
 * location with a location switcher (decision 088). Each
 * meeting links to its roll and says how far the roll has come, and whether taps wait on this phone.
 * Without a connection the list last loaded on this device is shown, said so.
 */
export function DayMeetings({
  date,
  onDate,
  hrefOf,
  showTeacher = false,
  locID = null,
  onLocation,
}: {
  date: string | null;
  onDate: (date: string | null) => void;
  hrefOf: (classId: string, date: string, locID: string | null) => string;
  showTeacher?: boolean;
  /** The owner's location asked (decision 088); null, the answer's first. */
  locID?: string | null;
  onLocation?: (locID: string) => void;
}) {
  const day = useDayMeetings(date, locID);
  const kept = useMemo(() => loadDay(date, locID), [date, locID]);
  useEffect(() => {
    if (!day.data) return;
    storeDay(date, locID, day.data);
    // Asked again by its own date and location (a roll's way back to the day): kept under those too.
    if (date !== day.data.date || locID !== day.data.locID) storeDay(day.data.date, day.data.locID, day.data);
  }, [date, locID, day.data]);
  const unreachable =
    !day.data &&
    (day.fetchStatus === 'paused' || (day.isError && (!isApiError(day.error) || day.error.status === 0)));
  const data = day.data ?? (unreachable ? kept : undefined);
  if (day.isError && !data) return <LoadError onRetry={() => day.refetch()} />;
  const shown = data?.date ?? date;
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <ActionIcon
          variant="default"
          size="xl"
          aria-label="The day before"
          disabled={!shown}
          onClick={() => shown && onDate(stepDay(shown, -1))}
        >
          <IconChevronLeft />
        </ActionIcon>
        <Stack gap={0} align="center" miw={0}>
          <Title order={2} fz={{ base: 18, sm: 24 }} ta="center" data-testid="day-title">
            {shown ? dayLabel(shown) : ' '}
          </Title>
          {data && data.date !== data.today && (
            <Button variant="subtle" size="compact-sm" onClick={() => onDate(null)}>
              Back to today
            </Button>
          )}
          {data && data.date === data.today && (
            <Text size="sm" c="dimmed">
              Today
            </Text>
          )}
        </Stack>
        <ActionIcon
          variant="default"
          size="xl"
          aria-label="The day after"
          disabled={!shown}
          onClick={() => shown && onDate(stepDay(shown, 1))}
        >
          <IconChevronRight />
        </ActionIcon>
      </Group>
      {data && onLocation && data.loc.length > 1 && (
        <Select
          label="Location"
          data={data.loc.map((l) => ({ value: l.id, label: l.name }))}
          value={data.locID}
          allowDeselect={false}
          onChange={(id) => id && onLocation(id)}
          data-testid="day-location"
        />
      )}
      {data && !day.data && (
        <Alert color="orange" icon={<IconCloudOff />} data-testid="day-kept">
          Shown as last loaded: offline.
        </Alert>
      )}
      {!data && <Skeleton h={88} radius="md" />}
      {data && data.meetings.length === 0 && (
        <Paper withBorder radius="md" p="lg">
          <Text ta="center" c="dimmed">
            No classes meet on this day.
          </Text>
        </Paper>
      )}
      {data?.meetings.map((m) => (
        <MeetingCard
          key={m.clSchID}
          meeting={m}
          href={hrefOf(m.clSchID, m.date, data.locID)}
          showTeacher={showTeacher}
        />
      ))}
    </Stack>
  );
}

/** One meeting of the day: its class, time, room (and teacher), how far its roll has come, and taps waiting. */
function MeetingCard({
  meeting: m,
  href,
  showTeacher,
}: {
  meeting: DayMeetingsAnswer['meetings'][number];
  href: string;
  showTeacher: boolean;
}) {
  return (
    <Paper
      component={Link}
      to={href}
      withBorder
      radius="md"
      p="md"
      style={{ textDecoration: 'none', color: 'inherit' }}
      data-testid="meeting-card"
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4} miw={0}>
          <Text fw={700} fz="lg" truncate>
            {m.name}
          </Text>
          <Group gap="md" c="dimmed">
            <Group gap={4}>
              <IconClock size={16} aria-hidden />
              <Text size="sm">
                {m.timeStart}–{m.timeEnd}
              </Text>
            </Group>
            <Group gap={4}>
              <IconDoor size={16} aria-hidden />
              <Text size="sm">{m.room}</Text>
            </Group>
            {showTeacher && <Text size="sm">{m.teacher}</Text>}
          </Group>
        </Stack>
        {m.closure ? (
          <Badge color="gray" variant="light" tt="none" style={{ flexShrink: 0 }}>
            Cancelled
          </Badge>
        ) : (
          <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
            <Badge
              color={m.marked >= m.expected && m.expected > 0 ? 'teal' : 'plum'}
              variant="light"
              tt="none"
              style={{ flexShrink: 0, overflow: 'visible' }}
              leftSection={<IconUsers size={12} aria-hidden />}
            >
              {m.marked} of {m.expected} marked
            </Badge>
            {hasWaitingTaps(m.clSchID, m.date) && (
              <Badge
                color="orange"
                variant="light"
                tt="none"
                data-testid="meeting-unsent"
                leftSection={<IconCloudUpload size={12} aria-hidden />}
              >
                Marks not sent
              </Badge>
            )}
            {m.guests > 0 && (
              <Text size="xs" c="dimmed">
                {m.guests} {m.guests === 1 ? 'guest' : 'guests'}
              </Text>
            )}
          </Stack>
        )}
      </Group>
      {m.closure && (
        <Text size="sm" c="dimmed" mt={4}>
          {m.closure.reason}
        </Text>
      )}
    </Paper>
  );
}
