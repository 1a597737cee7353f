import {
  Badge,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { MARK_STATUSES, type MarkStatus } from '@pirouette/domain';
import { IconAlertTriangle, IconCloudUpload } from '@tabler/icons-react';
import { useId } from 'react';
import { MARK_LABELS } from '../lib/labels';

export type RowPerson = {
  key: string;
  firstName: string;
  lastName: string;
  age: number | null;
  allergies?: string;
  note?: string;
  /** A make-up guest's own class. */
  fromClass?: string;
};

/**
 * One dancer on the roll: a big button (one tap: present) and the four marks beside it, the allergies in
 * red, and a small badge while the tap waits to be sent. The button's label ("name: mark present") replaces
 * its content for a screen reader, so the make-up class, the note and the allergy are linked to it with
 * `aria-describedby` and read after the label.
 */
export function DancerRow({
  person,
  mark,
  waiting,
  disabled,
  onMark,
}: {
  person: RowPerson;
  mark: MarkStatus | null;
  waiting: boolean;
  disabled: boolean;
  onMark: (status: MarkStatus) => void;
}) {
  const name = `${person.firstName} ${person.lastName}`.trim();
  const id = useId();
  const described = [
    person.fromClass !== undefined && `${id}-from`,
    person.note && `${id}-note`,
    person.allergies && `${id}-allergy`,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <Paper withBorder radius="md" p="sm" data-testid="roll-row" data-mark={mark ?? ''} data-waiting={waiting}>
      <Stack gap="xs">
        <UnstyledButton
          onClick={() => onMark('present')}
          disabled={disabled}
          aria-label={`${name}: mark present`}
          aria-describedby={described || undefined}
          style={{ minHeight: 44 }}
        >
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Stack gap={2} miw={0}>
              <Text fw={700} fz="lg" truncate>
                {name}
                {person.age !== null && (
                  <Text span c="dimmed" fw={400} fz="sm">
                    {' '}
                    · {person.age}
                  </Text>
                )}
              </Text>
              {person.fromClass !== undefined && (
                <Text size="sm" c="dimmed" id={`${id}-from`}>
                  Make-up from {person.fromClass || 'another class'}
                </Text>
              )}
              {person.note && (
                <Text size="sm" c="dimmed" id={`${id}-note`}>
                  {person.note}
                </Text>
              )}
            </Stack>
            {waiting && (
              <Badge color="orange" variant="light" leftSection={<IconCloudUpload size={12} aria-hidden />}>
                Not sent
              </Badge>
            )}
          </Group>
          {person.allergies && (
            <Badge
              id={`${id}-allergy`}
              mt={6}
              color="red"
              variant="light"
              leftSection={<IconAlertTriangle size={12} aria-hidden />}
              style={{ textTransform: 'none' }}
            >
              Allergy: {person.allergies}
            </Badge>
          )}
        </UnstyledButton>
        <SegmentedControl
          fullWidth
          size="md"
          disabled={disabled}
          value={mark ?? ''}
          color={mark ? MARK_LABELS[mark].color : undefined}
          onChange={(value) => onMark(value as MarkStatus)}
          aria-label={`Mark for ${name}`}
          data={MARK_STATUSES.map((s) => ({
            value: s,
            label: (
              <>
                <span aria-hidden>{MARK_LABELS[s].letter}</span>
                <VisuallyHidden>{MARK_LABELS[s].word}</VisuallyHidden>
              </>
            ),
          }))}
        />
      </Stack>
    </Paper>
  );
}
