import { ActionIcon, Badge, Box, Button, Collapse, Group, Stack, Text } from '@mantine/core';
import type { CompetitionEventItem } from '@pirouette/domain';
import { IconChevronDown, IconChevronRight, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { countText, eventDays } from '../lib/competitions';
import { EventEntries } from './event-entries';

type Props = {
  event: CompetitionEventItem;
  past: boolean;
  narrow: boolean;
  onEdit: (e: CompetitionEventItem) => void;
  onDelete: (e: CompetitionEventItem) => void;
};

/** One event of a location: its days, type and entries, which open beneath it. */
export function EventItem({ event, past, narrow, onEdit, onDelete }: Props) {
  const [open, setOpen] = useState(false);
  const entries = countText(event.nEntries, 'entry', 'entries');
  return (
    <Box
      data-testid="competition-event"
      py="xs"
      px="sm"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Button
          variant="subtle"
          color="dark"
          px={4}
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          leftSection={open ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
          styles={{ label: { whiteSpace: 'normal' } }}
        >
          <Stack gap={0} align="flex-start">
            <Text size="sm" fw={600} c={past ? 'dimmed' : undefined}>
              {eventDays(event.dateStart, event.dateEnd)}
            </Text>
            <Text size="xs" c="dimmed" fw={400}>
              {past ? `${entries} · past` : entries}
            </Text>
          </Stack>
        </Button>
        <Group gap={6} wrap="nowrap">
          <Badge variant={past ? 'default' : 'light'} radius="sm" tt="none">
            {event.type}
          </Badge>
          <ActionIcon
            variant="subtle"
            color="gray"
            onClick={() => onEdit(event)}
            aria-label={`Edit the event of ${eventDays(event.dateStart, event.dateEnd)}`}
          >
            <IconPencil size={16} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="red"
            onClick={() => onDelete(event)}
            aria-label={`Delete the event of ${eventDays(event.dateStart, event.dateEnd)}`}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      </Group>
      <Collapse in={open}>
        {open && (
          <Box pl={narrow ? 0 : 'xl'} pt="xs">
            <EventEntries eventId={event.id} narrow={narrow} />
          </Box>
        )}
      </Collapse>
    </Box>
  );
}
