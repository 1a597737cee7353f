import { ActionIcon, Button, Group, Menu, Tooltip } from '@mantine/core';
import type { YearTerm } from '@pirouette/domain';
import { IconDots, IconPencil, IconTrash } from '@tabler/icons-react';
import { notifyError, notifySuccess } from '../../../lib/notify';
import type { DialogMode } from '../../../lib/use-dialog';
import { useSetCurrentYearTerm } from '../api/set-current-year-term';

/** Make current, edit and delete of one term; the current term cannot be deleted. */
export function YearTermActions({
  term,
  onOpen,
}: {
  term: YearTerm;
  onOpen: (mode: DialogMode, term: YearTerm) => void;
}) {
  const setCurrent = useSetCurrentYearTerm();
  return (
    <Group gap="xs" justify="flex-end" wrap="nowrap" onClick={(event) => event.stopPropagation()}>
      {!term.isCurrent && (
        <Button
          size="xs"
          variant="default"
          loading={setCurrent.isPending}
          onClick={() =>
            setCurrent.mutate(term.id, {
              onSuccess: () => notifySuccess(`${term.name} is now the current year term.`),
              onError: (error) => notifyError(error),
            })
          }
        >
          Make current
        </Button>
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
