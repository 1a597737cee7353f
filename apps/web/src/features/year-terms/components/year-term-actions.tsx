import { ActionIcon, Button, Group, Menu, Tooltip } from '@mantine/core';
import type { YearTerm } from '@pirouette/domain';
import { IconDots, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { DialogMode } from '../../../lib/use-dialog';
import { useSession } from '../../../lib/use-session';
import { SetCurrentTermDialog } from './set-current-term-dialog';

/** Make current (after a confirmation), edit and delete of one term; the current term cannot be deleted. */
export function YearTermActions({
  term,
  onOpen,
}: {
  term: YearTerm;
  onOpen: (mode: DialogMode, term: YearTerm) => void;
}) {
  const session = useSession();
  const [confirming, setConfirming] = useState(false);
  return (
    <Group gap="xs" justify="flex-end" wrap="nowrap" onClick={(event) => event.stopPropagation()}>
      {!term.isCurrent && (
        <Button size="xs" variant="default" onClick={() => setConfirming(true)}>
          Make current
        </Button>
      )}
      {confirming && (
        <SetCurrentTermDialog
          term={term}
          studio={session?.user.cName ?? 'your studio'}
          current={session?.yrTrm ?? null}
          onClose={() => setConfirming(false)}
        />
      )}
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${term.name}`}>
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => onOpen('edit', term)}>
            Edit
          </Menu.Item>
          <Tooltip label="Make another term current first" disabled={!term.isCurrent} position="left">
            <Menu.Item
              color="red"
              leftSection={<IconTrash size={16} />}
              disabled={term.isCurrent}
              onClick={() => onOpen('del', term)}
            >
              Delete
            </Menu.Item>
          </Tooltip>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
