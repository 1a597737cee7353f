import { Badge, Card, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { agesLabel, type BuilderClass, centsText, type Eligibility } from '@pirouette/domain';
import { IconCheck, IconLock } from '@tabler/icons-react';
import { levelColor, levelName, timeRange } from '../../schedule/schedule-format';
import type { ClassState } from '../lib/selection';

type Props = {
  cls: BuilderClass;
  state: ClassState;
  eligibility: Eligibility | undefined;
  /** The class's final monthly price for this dancer once taken (cents), when it is in the quote. */
  price: number | null;
  onToggle: () => void;
};

const STATE_LABEL: Record<ClassState, string | null> = {
  registered: 'Registered',
  dropped: 'Dropping',
  selected: 'Selected',
  none: null,
};

/** Why a class cannot be picked, or null when it can (a registered class can always be dropped). */
export function blockedReason(cls: BuilderClass, state: ClassState, eligibility: Eligibility | undefined) {
  if (state === 'registered' || state === 'dropped' || state === 'selected') return null;
  if (!cls.isOpen) return 'Not open for registration';
  if (cls.isFull || cls.placesLeft <= 0) return 'Full';
  if (eligibility && !eligibility.ok) return eligibility.reasons.join(' ');
  return null;
}

const placesText = (n: number) => (n <= 0 ? 'Full' : n === 1 ? '1 place left' : `${n} places left`);

/** One class of the week: what a parent decides on, and a press to take it or give it up. */
export function ClassCard({ cls, state, eligibility, price, onToggle }: Props) {
  const blocked = blockedReason(cls, state, eligibility);
  const full = cls.isFull || cls.placesLeft <= 0;
  const color = state === 'dropped' ? 'red' : state === 'none' ? 'gray' : 'plum';
  const label = STATE_LABEL[state];
  return (
    <UnstyledButton
      onClick={onToggle}
      disabled={blocked !== null}
      aria-pressed={state === 'selected' || state === 'registered'}
      aria-label={`${cls.name}, ${timeRange(cls.timeStart, cls.timeEnd)}${label ? `, ${label.toLowerCase()}` : ''}${blocked ? `, ${blocked}` : ''}`}
      data-testid="builder-class"
      data-state={state}
      data-blocked={blocked !== null || undefined}
      style={{ width: '100%', cursor: blocked ? 'not-allowed' : 'pointer' }}
    >
      <Card
        withBorder
        padding="xs"
        radius="md"
        style={{
          // A ring, not the border, marks the state: the left border carries the level's colour.
          boxShadow: state === 'none' ? undefined : `0 0 0 2px var(--mantine-color-${color}-5)`,
          borderLeft: `4px solid var(--mantine-color-${levelColor(cls.level)}-5)`,
          background:
            state === 'selected' || state === 'registered'
              ? 'var(--mantine-color-plum-0)'
              : state === 'dropped'
                ? 'var(--mantine-color-red-0)'
                : blocked
                  ? 'var(--mantine-color-gray-0)'
                  : undefined,
          opacity: blocked ? 0.75 : 1,
        }}
      >
        <Stack gap={2}>
          <Group justify="space-between" gap={4} wrap="nowrap" align="flex-start">
            <Text fw={700} size="sm" lh={1.25} td={state === 'dropped' ? 'line-through' : undefined}>
              {cls.name}
            </Text>
            {state === 'selected' || state === 'registered' ? (
              <IconCheck size={16} color="var(--mantine-color-plum-6)" style={{ flexShrink: 0 }} />
            ) : blocked ? (
              <IconLock size={14} color="var(--mantine-color-gray-6)" style={{ flexShrink: 0 }} />
            ) : null}
          </Group>
          <Text size="xs">{timeRange(cls.timeStart, cls.timeEnd)}</Text>
          <Text size="xs" c="dimmed">
            {cls.teacher || 'Teacher to be announced'}
          </Text>
          <Text size="xs" c="dimmed">
            {levelName(cls.level)} · {agesLabel(cls)}
          </Text>
          <Group gap={4} mt={2}>
            {label && (
              <Badge size="xs" color={color} variant={state === 'dropped' ? 'outline' : 'filled'}>
                {label}
              </Badge>
            )}
            <Badge size="xs" variant="light" color={full ? 'red' : cls.placesLeft <= 3 ? 'orange' : 'teal'}>
              {placesText(cls.placesLeft)}
            </Badge>
            <Text size="xs" fw={600} ml="auto" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {price !== null ? `${centsText(price)}/mo` : `${centsText(Math.round(cls.cost * 100))}/mo`}
            </Text>
          </Group>
          {blocked && blocked !== 'Full' && (
            <Text size="xs" c="red.8" data-testid="class-blocked">
              {blocked}
            </Text>
          )}
        </Stack>
      </Card>
    </UnstyledButton>
  );
}
