import { Box, Button, Drawer, Group, LoadingOverlay, Paper, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ClassFormInputs, ScheduleClass, ScheduleRoom } from '@pirouette/domain';
import { IconPlus } from '@tabler/icons-react';
import { useRef } from 'react';
import { dialogStyles } from '../../../components/config-dialog';
import { unlessDialogAbove } from '../../../lib/drawer-close';
import { levelColor, levelName, plural } from '../../../lib/schedule-format';
import { ClassDetail } from './class-detail';
import { DayList } from './day-list';
import { WeekGrid } from './week-grid';

/** Below this the week is a day at a time; from `PANE_QUERY` up the class opens beside the week. */
const PHONE_QUERY = '(max-width: 48em)';
const PANE_QUERY = '(min-width: 75em)';
const PANE_WIDTH = 360;

type Props = {
  room: ScheduleRoom;
  classes: ScheduleClass[];
  loading: boolean;
  selected: ScheduleClass | null;
  onSelect: (cls: ScheduleClass) => void;
  onClose: () => void;
  onAdd: (day: number, start?: string) => void;
  day: number;
  onDay: (day: number) => void;
  inputs: ClassFormInputs | undefined;
  onEdit: (cls: ScheduleClass) => void;
  onDelete: (cls: ScheduleClass) => void;
};

/** How full the room's week is, and what its colours mean. */
function Summary({ classes }: { classes: ScheduleClass[] }) {
  const levels = [...new Set(classes.map((c) => c.level))].sort((a, b) => a - b);
  const students = classes.reduce((n, c) => n + c.nReg, 0);
  const full = classes.filter((c) => c.isFull).length;
  return (
    <Group justify="space-between" gap="xs" px={4}>
      <Text size="sm" c="dimmed">
        {plural(classes.length, 'class', 'classes')} · {plural(students, 'student')} registered
        {full > 0 && (
          <Text span c="red.7" fw={600}>
            {' '}
            · {full} full
          </Text>
        )}
      </Text>
      {levels.length > 0 && <Legend levels={levels} />}
    </Group>
  );
}

function Legend({ levels }: { levels: number[] }) {
  return (
    <Group gap="md" visibleFrom="sm">
      {levels.map((level) => (
        <Group key={level} gap={6} wrap="nowrap">
          <Box
            w={10}
            h={10}
            style={{ borderRadius: 3, background: `var(--mantine-color-${levelColor(level)}-6)` }}
          />
          <Text size="xs" c="dimmed">
            {levelName(level)}
          </Text>
        </Group>
      ))}
      <Group gap={6} wrap="nowrap">
        <Box
          w={14}
          h={10}
          style={{
            borderRadius: 3,
            background:
              'repeating-linear-gradient(-45deg, var(--mantine-color-gray-1), var(--mantine-color-gray-1) 3px, var(--mantine-color-gray-4) 3px, var(--mantine-color-gray-4) 5px)',
          }}
        />
        <Text size="xs" c="dimmed">
          Closed
        </Text>
      </Group>
    </Group>
  );
}

/** A room's week (a grid, or a day list on a phone) and the open class beside it or in a drawer. */
export function RoomWeek(props: Props) {
  const { room, classes, loading, selected, onSelect, onClose, onAdd, inputs } = props;
  const isPhone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const withPane = useMediaQuery(PANE_QUERY, true, { getInitialValueInEffect: false });
  // The drawer keeps showing its class while it slides away.
  const shown = useRef<ScheduleClass | null>(null);
  if (selected) shown.current = selected;
  const detail = (cls: ScheduleClass, inPane: boolean) => (
    <ClassDetail
      cls={cls}
      roomName={room.name}
      inputs={inputs}
      onEdit={() => props.onEdit(cls)}
      onDelete={() => props.onDelete(cls)}
      onClose={onClose}
      withClose={inPane}
    />
  );
  const empty = (
    <Paper shadow="sm" p="lg" radius="lg" withBorder maw={380} ta="center">
      <Stack gap="xs" align="center">
        <Text fw={700}>No classes in {room.name} yet</Text>
        <Text size="sm" c="dimmed">
          Use a day’s + or click an empty time to add a class there.
        </Text>
        <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => onAdd(0)}>
          New class
        </Button>
      </Stack>
    </Paper>
  );

  return (
    <>
      <Group align="flex-start" gap="md" wrap="nowrap">
        <Stack gap="xs" style={{ flex: 1, minWidth: 0 }} pos="relative">
          <LoadingOverlay visible={loading} zIndex={3} overlayProps={{ blur: 1 }} />
          <Summary classes={classes} />
          {isPhone ? (
            <DayList
              classes={classes}
              day={props.day}
              onDay={props.onDay}
              selectedId={selected?.id ?? null}
              onSelect={onSelect}
              onAdd={onAdd}
            />
          ) : (
            <WeekGrid
              classes={classes}
              selectedId={selected?.id ?? null}
              onSelect={onSelect}
              onAdd={onAdd}
              empty={classes.length === 0 && !loading ? empty : undefined}
            />
          )}
        </Stack>
        {withPane && selected && (
          <Paper
            withBorder
            p="md"
            w={PANE_WIDTH}
            style={{
              flexShrink: 0,
              position: 'sticky',
              top: 80,
              maxHeight: 'calc(100vh - 96px)',
              overflowY: 'auto',
            }}
          >
            {detail(selected, true)}
          </Paper>
        )}
      </Group>
      {!withPane && (
        <Drawer
          opened={!!selected}
          onClose={unlessDialogAbove(onClose)}
          position={isPhone ? 'bottom' : 'right'}
          size={isPhone ? '92%' : 460}
          radius={isPhone ? 'lg' : 0}
          title="Class details"
          styles={dialogStyles}
        >
          {shown.current && detail(shown.current, false)}
        </Drawer>
      )}
    </>
  );
}
