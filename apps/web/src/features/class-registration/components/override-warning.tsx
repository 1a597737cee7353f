import { Alert, Checkbox, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { refusedSelections } from '../lib/eligibility';

type Props = {
  warnings: ReturnType<typeof refusedSelections>;
  override: boolean;
  onOverride: (value: boolean) => void;
};

/**
 * The owner's warning (issue 15 point 7): the classes not open to the dancer and why; the owner may
 * register anyway, which the server logs with the reasons.
 */
export function OverrideWarning({ warnings, override, onOverride }: Props) {
  if (warnings.length === 0) return null;
  return (
    <Alert
      color="orange"
      icon={<IconAlertTriangle />}
      title="Not open to the dancer"
      data-testid="override-warning"
    >
      {warnings.map((w) => (
        <Text key={w.key} size="sm">
          {w.name}: {w.reasons.join(' ')}
        </Text>
      ))}
      <Checkbox
        mt="sm"
        label="Register anyway"
        description="The registration is kept in the family's log with these reasons."
        checked={override}
        onChange={(e) => onOverride(e.currentTarget.checked)}
      />
    </Alert>
  );
}
