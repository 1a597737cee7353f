import { ActionIcon, Group, Paper, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { CSSProperties, ReactNode } from 'react';

/**
 * Lets a word longer than its box (an 80-letter name without a space) break anywhere instead of
 * running out of its card and under the buttons beside it. It is inherited: set on a card, it holds for
 * every text inside, and a flex item holding such a word may then shrink below the word's width.
 */
export const wrapLongWords: CSSProperties = { overflowWrap: 'anywhere' };

/**
 * One row of a list a form builds (a student, a contact): its title, a remove button when it may go,
 * and its fields. `compact` for a form inside a dialog.
 */
export function RowCard({
  title,
  onRemove,
  compact = false,
  children,
}: {
  title: string;
  onRemove?: () => void;
  compact?: boolean;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p={compact ? 'sm' : 'md'} radius="md" style={wrapLongWords}>
      <Stack gap={compact ? 'xs' : 'sm'}>
        <Group justify="space-between" wrap="nowrap" mih={28}>
          <Text fw={600} size={compact ? 'sm' : 'md'} miw={0}>
            {title}
          </Text>
          {onRemove && (
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Remove ${title.toLowerCase()}`}
              onClick={onRemove}
            >
              <IconTrash size={compact ? 16 : 18} />
            </ActionIcon>
          )}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
