import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { messages } from '@pirouette/domain';
import { Link } from 'react-router';

/** Any unknown route (000 §2). */
export function NotFoundPage() {
  return (
    <Center mih="80vh" p="md">
      <Stack align="center" ta="center" gap="md" maw={480}>
        <Text fz={96} fw={900} lh={1} c="plum.2" aria-hidden="true">
          404
        </Text>
        <Title order={1}>{messages.notFoundTitle}</Title>
        <Text c="dimmed" size="lg">
          {messages.notFoundBody}
        </Text>
        <Button component={Link} to="/accounts/parents" size="md">
          Back to Portal
        </Button>
      </Stack>
    </Center>
  );
}
