import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { messages } from '@pirouette/domain';
import { IconBuildingOff } from '@tabler/icons-react';
import { Link } from 'react-router';

/** A parent link whose studio is unknown: say so, and where to go instead. */
export function UnknownStudio() {
  return (
    <Stack>
      <Alert color="orange" icon={<IconBuildingOff />} title={messages.studioNotFound}>
        <Text size="sm">
          The link you followed does not lead to a studio on Pirouette. Please ask your studio for its parent
          sign-up link.
        </Text>
      </Alert>
      <Text size="sm" c="dimmed" ta="center">
        Already have an account?{' '}
        <Anchor component={Link} to="/login">
          Sign in here
        </Anchor>
      </Text>
    </Stack>
  );
}
