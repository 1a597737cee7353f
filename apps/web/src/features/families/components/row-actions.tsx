import { ActionIcon, Group } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { type ReactElement, useLayoutEffect, useRef, useState } from 'react';
import { onDemand } from '../../../lib/on-demand';

// The tooltips (and the floating-ui library that places them) come when a pointer or the keyboard first
// reaches a row's buttons, not with the page: the buttons say what they do to a screen reader anyway.
const tooltip = onDemand(() => import('../../../components/tooltip-module').then((m) => m.Tooltip));

function Hint({ label, children }: { label: string; children: ReactElement }) {
  const Tooltip = tooltip.current();
  return Tooltip ? <Tooltip label={label}>{children}</Tooltip> : children;
}

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
  const group = useRef<HTMLDivElement>(null);
  // The button focused when the tooltips arrived: wrapping it in its tooltip draws it anew, and the
  // focus is given back to it.
  const focused = useRef<string | null>(null);
  const [, setHinted] = useState(tooltip.current() !== null);
  const wake = () => {
    if (tooltip.current()) return;
    tooltip.load().then(
      () => setHinted(true),
      () => {},
    );
  };
  useLayoutEffect(() => {
    const name = focused.current;
    if (!name || !tooltip.current() || group.current?.contains(document.activeElement)) return;
    focused.current = null;
    group.current?.querySelector<HTMLElement>(`[aria-label="${CSS.escape(name)}"]`)?.focus();
  });
  if (!onEdit && !onDelete) return null;
  return (
    <Group
      ref={group}
      gap={2}
      wrap="nowrap"
      style={{ flexShrink: 0 }}
      onPointerEnter={wake}
      onFocus={(event) => {
        if (!tooltip.current()) focused.current = event.target.getAttribute('aria-label');
        wake();
      }}
    >
      {onEdit && (
        <Hint label="Edit">
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`Edit ${label}`} onClick={onEdit}>
            <IconPencil size={18} />
          </ActionIcon>
        </Hint>
      )}
      {onDelete && (
        <Hint label="Delete">
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={`Delete ${label}`}
            onClick={onDelete}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Hint>
      )}
    </Group>
  );
}
