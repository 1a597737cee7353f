import { Button, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

type Props = {
  onBack: () => void;
  backDisabled: boolean;
  /** Why the step cannot go on (a 422, the owner's step 0): said right by its button. */
  refusal: string | null;
  /** Beside the button when nothing is refused (the family's monthly total). */
  hint: ReactNode;
  action: { label: string; onClick: () => void; disabled?: boolean; loading?: boolean };
};

/**
 * A wizard step's Back and its action. A refusal sits just above the action, right-aligned, so on a
 * phone it is read with the button, not pushed off under it.
 */
export function StepActions({ onBack, backDisabled, refusal, hint, action }: Props) {
  return (
    <Stack gap={6}>
      {refusal && (
        <Text size="sm" c="red.8" role="alert" data-testid="step-refusal" ta="right" ml="auto" maw={480}>
          {refusal}
        </Text>
      )}
      <Group justify="space-between" gap="sm" wrap="nowrap">
        <Button variant="default" onClick={onBack} disabled={backDisabled}>
          Back
        </Button>
        <Group gap="sm" justify="flex-end" wrap="nowrap">
          {!refusal && (
            <Text size="sm" c="dimmed" visibleFrom="xs">
              {hint}
            </Text>
          )}
          <Button onClick={action.onClick} disabled={action.disabled} loading={action.loading}>
            {action.label}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
