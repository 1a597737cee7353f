import { Button } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';

/**
 * A card's "Edit" button and its delete button (a red bin), each named for what it acts on; the caller
 * groups them with its own. `grow`: the Edit button takes the width left (a phone's card).
 */
export function EditDeleteButtons({
  name,
  onEdit,
  onDelete,
  grow,
}: {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
  grow?: boolean;
}) {
  return (
    <>
      <Button
        size="compact-sm"
        variant="default"
        leftSection={<IconPencil size={14} />}
        onClick={onEdit}
        style={grow ? { flex: 1 } : undefined}
        aria-label={`Edit ${name}`}
      >
        Edit
      </Button>
      <Button size="compact-sm" variant="subtle" color="red" onClick={onDelete} aria-label={`Delete ${name}`}>
        <IconTrash size={16} />
      </Button>
    </>
  );
}
