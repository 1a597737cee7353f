import { Anchor, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { Link } from 'react-router';

/** /verify/email — what to do to verify an address. */
export function VerifyEmailEntryPage() {
  return (
    <Paper p={{ base: 'lg', sm: 40 }} shadow="sm" withBorder>
      <Stack align="center" ta="center" gap="md">
        <ThemeIcon size={64} radius="xl" variant="light">
          <IconMail size={34} />
        </ThemeIcon>
        <Title order={1} fz={26}>
          Check your inbox
        </Title>
        <Text c="dimmed">
          We sent you an e-mail with a verification link. Open the link in that e-mail to confirm your
          address, then sign in. The link is valid for 48 hours and works once.
        </Text>
        <Text c="dimmed" size="sm">
          No e-mail? Look in your spam folder. Signing in with an address that is not verified yet sends you a
          new link.
        </Text>
        <Anchor component={Link} to="/login" fw={600}>
          Go to sign in
        </Anchor>
      </Stack>
    </Paper>
  );
}
