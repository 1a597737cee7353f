import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';

/** Edit and delete of one row, each shown only when the screen offers it. */
export function RowActions({
  label,
  onEdit,
  onDelete,
}: {
  label: string;
  onEdit?: () => void;
  onDelete?: () => void;
}) {
  if (!onEdit && !onDelete) return null;
  return (
    <Group gap={2} wrap="nowrap" style={{ flexShrink: 0 }}>
      {onEdit && (
        <Tooltip label="Edit">
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`Edit ${label}`} onClick={onEdit}>
            <IconPencil size={18} />
          </ActionIcon>
        </Tooltip>
      )}
      {onDelete && (
        <Tooltip label="Delete">
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={`Delete ${label}`}
            onClick={onDelete}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}
