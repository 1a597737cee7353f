import { Box, Button, Container, Group, Text } from '@mantine/core';
import { IconCheck, IconCloudOff, IconCloudUpload } from '@tabler/icons-react';
import type { RollQueue } from '../lib/use-roll-queue';

/** The roll's sticky footer: what is saved and what is waiting, and a way to send now. */
export function RollFooter({ queue }: { queue: RollQueue }) {
  const waiting = queue.count;
  return (
    <Box
      pos="sticky"
      bottom={0}
      bg="white"
      py="sm"
      px="md"
      mx={-4}
      style={{
        borderTop: '1px solid var(--mantine-color-gray-3)',
        borderRadius: 'var(--mantine-radius-md) var(--mantine-radius-md) 0 0',
        boxShadow: '0 -4px 12px rgba(0, 0, 0, 0.06)',
        zIndex: 5,
      }}
      data-testid="roll-footer"
    >
      <Container size="sm" px={0}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap={6} wrap="nowrap" miw={0} role="status" aria-live="polite">
            {waiting === 0 ? (
              <IconCheck size={18} color="var(--mantine-color-teal-7)" aria-hidden />
            ) : queue.online ? (
              <IconCloudUpload size={18} color="var(--mantine-color-orange-7)" aria-hidden />
            ) : (
              <IconCloudOff size={18} color="var(--mantine-color-orange-7)" aria-hidden />
            )}
            <Text size="sm" fw={600} data-testid="roll-status">
              {waiting === 0
                ? 'All marks saved'
                : `${waiting} ${waiting === 1 ? 'mark' : 'marks'} not sent yet${queue.online ? '' : ' (offline)'}`}
            </Text>
          </Group>
          {waiting > 0 && (
            <Button
              size="sm"
              variant="light"
              loading={queue.sending}
              onClick={queue.flush}
              style={{ flexShrink: 0 }}
            >
              Send now
            </Button>
          )}
        </Group>
        {queue.dropped && (
          <Text size="sm" c="orange.9" mt={4} data-testid="roll-dropped">
            {queue.dropped}
          </Text>
        )}
        {queue.refused && (
          <Group gap="xs" mt={4} wrap="nowrap">
            <Text size="sm" c="red.8">
              {queue.refused}
            </Text>
            <Button size="compact-sm" variant="subtle" color="red" onClick={queue.discard}>
              Discard
            </Button>
          </Group>
        )}
      </Container>
    </Box>
  );
}
