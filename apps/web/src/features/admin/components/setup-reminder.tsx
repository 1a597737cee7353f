import { Alert, Anchor, Group, Text } from '@mantine/core';
import { SETUP_STEP_TEXTS } from '@pirouette/domain';
import { IconChecklist } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ADMIN_ROOT } from '../../../app/paths/admin-sections';
import { useSetupFollowsChanges, useStudioSetup } from '../api/studio-setup';

/**
 * One line above every admin page but the dashboard while the studio is still being set up: how far
 * it is, the next step, and the way back to the checklist. A new owner lands on the list of accounts
 * (000 §6), which is empty until the setup is done; this is what tells them where to begin.
 */
export function SetupReminder() {
  const setup = useStudioSetup();
  useSetupFollowsChanges();
  const data = setup.data;
  if (!data || data.complete) return null;
  const next = data.steps.find((step) => !step.done && !step.optional);
  return (
    <Alert
      variant="light"
      color="plum"
      radius="md"
      py="xs"
      icon={<IconChecklist size={18} />}
      data-testid="setup-reminder"
    >
      <Group gap="xs" justify="space-between" wrap="wrap">
        <Text size="sm">
          Setting up your studio: {data.nDone} of {data.nSteps} steps done.
          {next && ` Next: ${SETUP_STEP_TEXTS[next.key].title.toLowerCase()}.`}
        </Text>
        <Anchor component={Link} to={ADMIN_ROOT} size="sm" fw={600}>
          Open the setup checklist
        </Anchor>
      </Group>
    </Alert>
  );
}
