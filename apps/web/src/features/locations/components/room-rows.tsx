import { ActionIcon, Button, Group, SimpleGrid, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { NewLocationValues } from '../location-form-values';

/** The rooms of a new location, typed inline; there is always at least one row. */
export function RoomRows({ form }: { form: UseFormReturnType<NewLocationValues> }) {
  const { rooms } = form.getValues();
  const roomsError = form.errors.rooms;
  return (
    <Stack gap="xs">
      <Group justify="space-between" align="flex-end">
        <div>
          <Text fw={600} size="sm">
            Rooms
          </Text>
          <Text size="xs" c="dimmed">
            At least one; the description is how the room shows in lists.
          </Text>
        </div>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={() => form.insertListItem('rooms', { name: '', description: '' })}
        >
          Add room
        </Button>
      </Group>
      {rooms.map((_, index) => (
        // Rows have no id before they are saved; their position is their identity here.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" style={{ flex: 1 }}>
            <TextInput
              aria-label={`Room ${index + 1} name`}
              placeholder={`Room ${index + 1} name`}
              required
              {...form.getInputProps(`rooms.${index}.name`)}
            />
            <TextInput
              aria-label={`Room ${index + 1} description`}
              placeholder="Description (optional)"
              {...form.getInputProps(`rooms.${index}.description`)}
            />
          </SimpleGrid>
          <Tooltip label={rooms.length === 1 ? 'A location needs a room' : 'Remove this room'}>
            <ActionIcon
              variant="subtle"
              color="gray"
              size={42}
              aria-label={`Remove room ${index + 1}`}
              disabled={rooms.length === 1}
              onClick={() => form.removeListItem('rooms', index)}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ))}
      {typeof roomsError === 'string' && (
        <Text c="red" size="sm" role="alert">
          {roomsError}
        </Text>
      )}
    </Stack>
  );
}
