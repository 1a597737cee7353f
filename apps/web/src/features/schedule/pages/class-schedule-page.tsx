import { Button, Group, Skeleton, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ScheduleClass, scheduleMessages } from '@pirouette/domain';
import { IconBuildingStore, IconCalendarEvent, IconDoor, IconPlus } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { adminHref, findSection } from '../../../app/paths/admin-sections';
import { EmptyState } from '../../../components/empty-state';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { errorText } from '../../../lib/notify';
import { useDialog } from '../../../lib/use-dialog';
import { useSession } from '../../../lib/use-session';
import { useClassFormInputs, useSchedule } from '../api/schedule';
import { newClassValues } from '../class-form-values';
import { ClassDialog } from '../components/class-dialog';
import { RoomWeek } from '../components/room-week';
import { ScheduleNotices } from '../components/schedule-notices';
import { ScheduleToolbar } from '../components/schedule-toolbar';
import { useScheduleSelection } from '../use-schedule-selection';

/** Today's weekday, Monday 0 … Sunday 6: a phone opens on today's classes. */
const today = () => (new Date().getDay() + 6) % 7;

const noRoom = () => notifications.show({ color: 'red', message: scheduleMessages.noRoomSelected });

/** No room chosen yet: which to choose (a location first, or one of its rooms), or that it has none. */
function ChooseRoom({
  locID,
  rooms,
  onRoom,
  locationsLink,
}: {
  locID: string | null;
  rooms: readonly { id: string; name: string }[];
  onRoom: (id: string) => void;
  locationsLink: ReactNode;
}) {
  return (
    <EmptyState
      title={locID ? (rooms.length ? 'Choose a room' : 'This location has no rooms') : 'Choose a location'}
      icon={IconDoor}
      action={
        locID && rooms.length === 0 ? (
          locationsLink
        ) : (
          <Group gap="xs" justify="center">
            {rooms.map((r) => (
              <Button key={r.id} variant="light" onClick={() => onRoom(r.id)}>
                {r.name}
              </Button>
            ))}
          </Group>
        )
      }
    >
      {locID ? 'The week of the room you choose shows here.' : 'Choose a location, then a room.'}
    </EmptyState>
  );
}

/** The weekly class schedule of a room, with the class panel and the new, edit and delete dialogs (002 §2). */
export function ClassSchedulePage() {
  const section = findSection('schedule/class');
  const term = useSession()?.yrTrm ?? null;
  const sel = useScheduleSelection();
  const schedule = useSchedule({ yrTrmID: term?.id ?? null, locID: sel.locID, rmID: sel.rmID }, !!term);
  const inputs = useClassFormInputs(term?.id ?? null);
  const dialog = useDialog<ScheduleClass>();
  const [preset, setPreset] = useState<{ day: number; start?: string }>({ day: 0 });

  const data = schedule.data;
  const { adopt, setLocation } = sel;
  useEffect(() => {
    if (!data || schedule.isPlaceholderData) return;
    // The address names no location: open on the server's choice. A location that is gone is cleared.
    if (!sel.locID && data.selIDs.locID) adopt(data.selIDs.locID, data.selIDs.rmID);
    else if (sel.locID && !data.loc.some((l) => l.id === sel.locID)) setLocation(null);
  }, [data, schedule.isPlaceholderData, sel.locID, adopt, setLocation]);

  const rooms = data?.rm.filter((r) => r.locationID === sel.locID) ?? [];
  const room = rooms.find((r) => r.id === sel.rmID) ?? null;
  const classes = room && data ? data.cls.filter((c) => c.roomID === room.id) : [];
  const selected = classes.find((c) => c.id === sel.classID) ?? null;

  const openNew = (day: number, start?: string) => {
    if (!room || !term) return noRoom();
    setPreset({ day, start });
    dialog.open('new');
  };
  const newValues = () =>
    room && term && inputs.data
      ? newClassValues({
          day: preset.day,
          start: preset.start,
          dayClasses: classes.filter((c) => c.day === preset.day),
          yearTermID: term.id,
          roomID: room.id,
          inputs: inputs.data,
        })
      : null;

  const locationsLink = (
    <Button component={Link} to={adminHref('myStudio/locations')} variant="light">
      Go to Locations
    </Button>
  );

  let body: ReactNode;
  if (!term) {
    body = (
      <EmptyState
        title="No year term yet"
        icon={IconCalendarEvent}
        action={
          <Button component={Link} to={adminHref('myStudio/dance-year')} variant="light">
            Go to Dance Year
          </Button>
        }
      >
        Classes belong to a year term. Add the studio’s first term to start its schedule.
      </EmptyState>
    );
  } else if (schedule.isPending) {
    body = <Skeleton h={520} radius="lg" />;
  } else if (schedule.isError) {
    body = (
      <LoadError
        message={errorText(schedule.error, scheduleMessages.loadFailed)}
        onRetry={() => schedule.refetch()}
      />
    );
  } else if (data && data.loc.length === 0) {
    body = (
      <EmptyState title="No locations yet" icon={IconBuildingStore} action={locationsLink}>
        Classes are taught in the rooms of a location. Add your studio’s locations and rooms first.
      </EmptyState>
    );
  } else if (!room) {
    body = <ChooseRoom locID={sel.locID} rooms={rooms} onRoom={sel.setRoom} locationsLink={locationsLink} />;
  } else {
    body = (
      <RoomWeek
        room={room}
        classes={classes}
        loading={schedule.isPlaceholderData && schedule.isFetching}
        selected={selected}
        onSelect={(cls) => sel.selectClass(cls.id === sel.classID ? null : cls.id)}
        onClose={() => sel.selectClass(null)}
        onAdd={openNew}
        day={sel.day ?? today()}
        onDay={sel.setDay}
        inputs={inputs.data}
        onEdit={(cls) => dialog.open('edit', cls)}
        onDelete={(cls) => dialog.open('del', cls)}
      />
    );
  }

  return (
    <Stack gap="lg">
      <PageHeader
        title={section.title}
        description={term ? `The weekly classes of each room in ${term.name}.` : section.description}
        actions={
          term && data?.loc.length ? (
            <Group gap="sm" align="flex-end">
              <ScheduleToolbar
                locations={data.loc}
                rooms={rooms}
                locID={sel.locID}
                rmID={room?.id ?? null}
                onLocation={sel.setLocation}
                onRoom={sel.setRoom}
              />
              <Button leftSection={<IconPlus size={16} />} onClick={() => openNew(sel.day ?? 0)}>
                New class
              </Button>
            </Group>
          ) : undefined
        }
      />
      {term && room && <ScheduleNotices inputs={inputs.data} term={term} />}
      {body}
      <ClassDialog
        state={dialog.state}
        opened={dialog.opened}
        onClose={dialog.close}
        inputs={inputs.data}
        rooms={data?.rm ?? []}
        newValues={newValues}
        onDeleted={(cls) => cls.id === sel.classID && sel.selectClass(null)}
      />
    </Stack>
  );
}
