import { Group, Select, Text } from '@mantine/core';
import type { ScheduleAnswer } from '@pirouette/domain';
import { IconBuildingStore, IconDoor } from '@tabler/icons-react';

type Props = {
  locations: ScheduleAnswer['loc'];
  rooms: ScheduleAnswer['rm'];
  locID: string | null;
  rmID: string | null;
  onLocation: (id: string) => void;
  onRoom: (id: string) => void;
};

/** The location and room pickers; a room's description shows under its name in the list (002 §3). */
export function ScheduleToolbar({ locations, rooms, locID, rmID, onLocation, onRoom }: Props) {
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <Select
        label="Location"
        size="sm"
        w={{ base: 'calc(50% - 6px)', xs: 220 }}
        leftSection={<IconBuildingStore size={16} />}
        data={locations.map((l) => ({ value: l.id, label: l.name }))}
        value={locID}
        placeholder="Choose a location"
        allowDeselect={false}
        onChange={(id) => id && id !== locID && onLocation(id)}
      />
      <Select
        label="Room"
        size="sm"
        w={{ base: 'calc(50% - 6px)', xs: 200 }}
        leftSection={<IconDoor size={16} />}
        data={rooms.map((r) => ({ value: r.id, label: r.name }))}
        renderOption={({ option }) => {
          const description = rooms.find((r) => r.id === option.value)?.description;
          return (
            <div>
              <Text size="sm">{option.label}</Text>
              {description && (
                <Text size="xs" c="dimmed">
                  {description}
                </Text>
              )}
            </div>
          );
        }}
        value={rmID}
        placeholder={locID ? 'Choose a room' : 'Choose a location first'}
        disabled={!locID}
        nothingFoundMessage="No rooms in this location"
        allowDeselect={false}
        onChange={(id) => id && id !== rmID && onRoom(id)}
      />
    </Group>
  );
}
