import { Button, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { messages, type StudioLocation, type StudioRoom } from '@pirouette/domain';
import { IconBuildingStore, IconPlus } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { adminHref, findSection } from '../../../app/paths/admin-sections';
import { EmptyState } from '../../../components/empty-state';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { errorText } from '../../../lib/notify';
import { type DialogMode, useDialog } from '../../../lib/use-dialog';
import { useLocations } from '../api/locations';
import { LocationCard } from '../components/location-card';
import { LocationDialog } from '../components/location-dialog';
import { RoomDialog, type RoomTarget } from '../components/room-dialog';

export const LOCATIONS_PATH = adminHref('myStudio/locations');
/** `?room={id}` opens that room's edit dialog: other screens send the owner here to edit a room. */
export const ROOM_PARAM = 'room';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Locations and their rooms (002 §2), with the new, edit and delete dialogs of both. */
export function LocationsPage() {
  const section = findSection('myStudio/locations');
  const locations = useLocations();
  const locationDialog = useDialog<StudioLocation>();
  const roomDialog = useDialog<RoomTarget>();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const roomParam = params.get(ROOM_PARAM);
  const openedFromParam = useRef<string | null>(null);
  const openRoom = roomDialog.open;

  useEffect(() => {
    if (!roomParam || !locations.data || openedFromParam.current === roomParam) return;
    for (const location of locations.data) {
      const room = location.rooms.find((r) => r.id === roomParam);
      if (room) {
        openedFromParam.current = roomParam;
        openRoom('edit', { location, room });
        return;
      }
    }
  }, [roomParam, locations.data, openRoom]);

  const backToLocations = () => {
    openedFromParam.current = null;
    navigate(LOCATIONS_PATH, { replace: true });
  };
  const closeRoomDialog = () => {
    roomDialog.close();
    if (roomParam) backToLocations();
  };
  const onRoom = (mode: DialogMode, location: StudioLocation, room?: StudioRoom) =>
    roomDialog.open(mode, { location, room });

  const newButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => locationDialog.open('new')}>
      New location
    </Button>
  );

  let body: ReactNode;
  if (locations.isPending) {
    body = (
      <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }}>
        <Skeleton h={260} radius="lg" />
        <Skeleton h={260} radius="lg" />
      </SimpleGrid>
    );
  } else if (locations.isError) {
    body = (
      <LoadError
        message={errorText(locations.error, messages.genericFailure)}
        onRetry={() => locations.refetch()}
      />
    );
  } else if (locations.data.length === 0) {
    body = (
      <EmptyState title={section.emptyTitle} icon={IconBuildingStore} action={newButton}>
        {section.emptyText} Each location needs at least one room.
      </EmptyState>
    );
  } else {
    const roomCount = locations.data.reduce((n, l) => n + l.rooms.length, 0);
    body = (
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {plural(locations.data.length, 'location', 'locations')} · {plural(roomCount, 'room', 'rooms')}
        </Text>
        <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }}>
          {locations.data.map((location) => (
            <LocationCard
              key={location.id}
              location={location}
              onLocation={(mode, l) => locationDialog.open(mode, l)}
              onRoom={onRoom}
            />
          ))}
        </SimpleGrid>
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <PageHeader
        title={section.title}
        description={section.description}
        actions={locations.data?.length ? newButton : undefined}
      />
      {body}
      <LocationDialog
        state={locationDialog.state}
        opened={locationDialog.opened}
        onClose={locationDialog.close}
      />
      <RoomDialog
        state={roomDialog.state}
        opened={roomDialog.opened}
        onClose={closeRoomDialog}
        onEdited={backToLocations}
      />
    </Stack>
  );
}
