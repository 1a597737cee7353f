import { Badge, Box, Card, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { agesLabel, type BuilderClass, centsText, type Eligibility } from '@pirouette/domain';
import { IconAlertTriangle, IconCheck, IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { levelColor, levelName, timeRange } from '../../../lib/schedule-format';
import type { ClassState } from '../lib/selection';

/** Who picks: a parent is held to the rules; the owner is warned and may go on (a full class stops both). */
export type BuilderMode = 'parent' | 'owner';

type Props = {
  cls: BuilderClass;
  state: ClassState;
  eligibility: Eligibility | undefined;
  /** The class's final monthly price for this dancer once taken (cents), when it is in the quote. */
  price: number | null;
  onToggle: () => void;
  mode?: BuilderMode;
  /** Under a full class: the waitlist's action or the dancer's place on it (the parent's builder). */
  footer?: ReactNode;
  /** The week shows every room of the location: each card says its room. */
  showRoom?: boolean;
};

const STATE_LABEL: Record<ClassState, string | null> = {
  registered: 'Registered',
  dropped: 'Dropping',
  selected: 'Selected',
  none: null,
};

const isFull = (cls: BuilderClass) => cls.isFull || cls.placesLeft <= 0;

/** Why a class cannot be picked, or null when it can (a registered class can always be dropped). */
export function blockedReason(
  cls: BuilderClass,
  state: ClassState,
  eligibility: Eligibility | undefined,
  mode: BuilderMode = 'parent',
) {
  if (state === 'registered' || state === 'dropped' || state === 'selected') return null;
  if (mode === 'owner') return isFull(cls) ? 'Full' : null;
  if (!cls.isOpen) return 'Not open for registration';
  if (isFull(cls)) return 'Full';
  if (eligibility && !eligibility.ok) return eligibility.reasons.join(' ');
  return null;
}

/** What the owner is warned of before picking a class (closed to parents, not open to the dancer). */
export function ownerWarning(cls: BuilderClass, state: ClassState, eligibility: Eligibility | undefined) {
  if (state !== 'none' && state !== 'selected') return null;
  const reasons = [
    ...(cls.isOpen ? [] : ['Closed to parents.']),
    ...(eligibility && !eligibility.ok ? eligibility.reasons : []),
  ];
  return reasons.length > 0 ? reasons.join(' ') : null;
}

const placesText = (n: number) => (n <= 0 ? 'Full' : n === 1 ? '1 place left' : `${n} places left`);

/**
 * One class of the week: what a parent decides on, and a press to take it or give it up. The owner's
 * wizard only adds (drops have their own date, from the family's overview): a registered class is shown,
 * not pressed.
 */
export function ClassCard({
  cls,
  state,
  eligibility,
  price,
  onToggle,
  mode = 'parent',
  footer,
  showRoom = false,
}: Props) {
  const blocked = blockedReason(cls, state, eligibility, mode);
  const warning = mode === 'owner' ? ownerWarning(cls, state, eligibility) : null;
  const locked = mode === 'owner' && (state === 'registered' || state === 'dropped');
  const full = isFull(cls);
  const color = state === 'dropped' ? 'red' : state === 'none' ? 'gray' : 'plum';
  const label = STATE_LABEL[state];
  const card = (
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
        opacity: blocked && !footer ? 0.75 : 1,
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
          ) : warning ? (
            <IconAlertTriangle size={14} color="var(--mantine-color-orange-7)" style={{ flexShrink: 0 }} />
          ) : null}
        </Group>
        <Text size="xs">
          {timeRange(cls.timeStart, cls.timeEnd)}
          {showRoom && ` · ${cls.room}`}
        </Text>
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
          {full && cls.waiting > 0 && (
            <Badge size="xs" variant="outline" color="gray">
              {cls.waiting} waiting
            </Badge>
          )}
          <Text size="xs" fw={600} ml="auto" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {price !== null ? `${centsText(price)}/mo` : `${centsText(Math.round(cls.cost * 100))}/mo`}
          </Text>
        </Group>
        {blocked && blocked !== 'Full' && (
          <Text size="xs" c="red.8" data-testid="class-blocked">
            {blocked}
          </Text>
        )}
        {warning && (
          <Text size="xs" c="orange.9" data-testid="class-warning">
            {warning}
          </Text>
        )}
        {footer}
      </Stack>
    </Card>
  );
  const name = `${cls.name}, ${timeRange(cls.timeStart, cls.timeEnd)}${label ? `, ${label.toLowerCase()}` : ''}${blocked ? `, ${blocked}` : ''}`;
  // A full class with the waitlist's button under it is not one big button: a button inside a button
  // is neither valid nor pressable by keyboard.
  if (footer) {
    return (
      <Box
        data-testid="builder-class"
        data-state={state}
        data-blocked={blocked !== null || undefined}
        aria-label={name}
        role="group"
      >
        {card}
      </Box>
    );
  }
  return (
    <UnstyledButton
      onClick={onToggle}
      disabled={blocked !== null || locked}
      aria-pressed={state === 'selected' || state === 'registered'}
      aria-label={name}
      data-testid="builder-class"
      data-state={state}
      data-blocked={blocked !== null || undefined}
      style={{ width: '100%', cursor: blocked ? 'not-allowed' : locked ? 'default' : 'pointer' }}
    >
      {card}
    </UnstyledButton>
  );
}
