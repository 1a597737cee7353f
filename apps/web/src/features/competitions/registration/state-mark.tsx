import { Badge, Checkbox, Group, Text } from '@mantine/core';
import type { RegState } from '@pirouette/domain';
import { IconCircleCheckFilled } from '@tabler/icons-react';

/**
 * A row's registration state (002 §4) as the owner reads it: 0 an empty box, 1 a ticked box (selected
 * to register), 2 a green tick and the word Registered, never a box to untick (a removal is its own
 * button). `partly` for a class with some of its numbers selected.
 */
export function StateMark({
  state,
  label,
  partly = false,
  onToggle,
}: {
  state: RegState;
  label: string;
  partly?: boolean;
  onToggle: () => void;
}) {
  if (state === 2)
    return (
      <IconCircleCheckFilled
        size={20}
        color="var(--mantine-color-teal-6)"
        aria-label={`${label}: registered`}
        style={{ flex: 'none' }}
      />
    );
  return (
    <Checkbox
      checked={state === 1}
      indeterminate={partly}
      onChange={onToggle}
      aria-label={`Select ${label}`}
      style={{ flex: 'none' }}
    />
  );
}

/** "3 of 5 registered", green when all are. */
export function CountBadge({ registered, total }: { registered: number; total: number }) {
  const all = total > 0 && registered === total;
  return (
    <Badge variant={all ? 'filled' : 'light'} color={all ? 'teal' : 'gray'} style={{ flex: 'none' }}>
      {all ? 'Registered' : `${registered} of ${total} registered`}
    </Badge>
  );
}

/** The three states, as a line above the lists. */
export function StateLegend() {
  return (
    <Group gap="lg" c="dimmed">
      <Group gap={6}>
        <Checkbox checked={false} readOnly tabIndex={-1} aria-hidden size="xs" />
        <Text size="sm">Not selected</Text>
      </Group>
      <Group gap={6}>
        <Checkbox checked readOnly tabIndex={-1} aria-hidden size="xs" />
        <Text size="sm">Selected to register</Text>
      </Group>
      <Group gap={6}>
        <IconCircleCheckFilled size={16} color="var(--mantine-color-teal-6)" aria-hidden />
        <Text size="sm">Registered</Text>
      </Group>
    </Group>
  );
}
