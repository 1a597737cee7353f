import { ActionIcon, Badge, Button, Card, Divider, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { formatPhone, type StudioLocation, type StudioRoom } from '@pirouette/domain';
import { IconDoor, IconMapPin, IconPencil, IconPhone, IconPlus, IconTrash } from '@tabler/icons-react';
import type { DialogMode } from '../../../lib/use-dialog';

type Props = {
  location: StudioLocation;
  onLocation: (mode: Exclude<DialogMode, 'new'>, location: StudioLocation) => void;
  onRoom: (mode: DialogMode, location: StudioLocation, room?: StudioRoom) => void;
};

function RoomLine({
  room,
  isLast,
  onEdit,
  onDelete,
}: {
  room: StudioRoom;
  isLast: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <Group gap="sm" wrap="nowrap" miw={0}>
        <IconDoor size={18} stroke={1.5} style={{ flexShrink: 0, opacity: 0.6 }} />
        <div style={{ minWidth: 0 }}>
          <Text fw={500} size="sm" truncate>
            {room.name}
          </Text>
          {room.description && (
            <Text size="xs" c="dimmed" truncate>
              {room.description}
            </Text>
          )}
        </div>
      </Group>
      <Group gap={2} wrap="nowrap">
        <Tooltip label="Edit room">
          <ActionIcon variant="subtle" color="gray" aria-label={`Edit room ${room.name}`} onClick={onEdit}>
            <IconPencil size={16} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={isLast ? 'A location keeps at least one room' : 'Delete room'}>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Delete room ${room.name}`}
            disabled={isLast}
            onClick={onDelete}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  );
}

/** One location: where it is, how to call it, and its rooms. */
export function LocationCard({ location, onLocation, onRoom }: Props) {
  const { rooms } = location;
  return (
    <Card padding="lg" component="article" aria-label={location.name}>
      <Stack gap="md" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={3} fz="lg" lineClamp={2}>
            {location.name}
          </Title>
          <Group gap={2} wrap="nowrap">
            <Tooltip label="Edit location">
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Edit location ${location.name}`}
                onClick={() => onLocation('edit', location)}
              >
                <IconPencil size={18} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Delete location">
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Delete location ${location.name}`}
                onClick={() => onLocation('del', location)}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
        <Stack gap={6}>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <IconMapPin size={16} style={{ flexShrink: 0, marginTop: 3, opacity: 0.6 }} />
            <Text size="sm">
              {location.address}
              <br />
              {location.city}, {location.state} {location.zipcode}
            </Text>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <IconPhone size={16} style={{ flexShrink: 0, opacity: 0.6 }} />
            <Text size="sm" component="a" href={`tel:${location.phone}`} c="inherit">
              {formatPhone(location.phone)}
            </Text>
          </Group>
        </Stack>
        <Divider />
        <Group justify="space-between">
          <Group gap="xs">
            <Text fw={600} size="sm">
              Rooms
            </Text>
            <Badge variant="light" size="sm" circle>
              {rooms.length}
            </Badge>
          </Group>
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconPlus size={14} />}
            onClick={() => onRoom('new', location)}
          >
            Add room
          </Button>
        </Group>
        <Stack gap="xs">
          {rooms.map((room) => (
            <RoomLine
              key={room.id}
              room={room}
              isLast={rooms.length === 1}
              onEdit={() => onRoom('edit', location, room)}
              onDelete={() => onRoom('del', location, room)}
            />
          ))}
        </Stack>
      </Stack>
    </Card>
  );
}
