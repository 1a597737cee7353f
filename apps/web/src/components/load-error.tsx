import { Alert, Button, Center, Stack } from '@mantine/core';
import { messages } from '@pirouette/domain';
import { IconAlertTriangle } from '@tabler/icons-react';

/** 000 §8: a failed load of user or company information. */
export function LoadError({ onRetry, message }: { onRetry?: () => void; message?: string }) {
  return (
    <Center mih="50vh" p="md">
      <Stack align="center" maw={420}>
        <Alert color="red" icon={<IconAlertTriangle />} title={message ?? messages.loadFailed} w="100%">
          Please check your connection and try again.
        </Alert>
        {onRetry && (
          <Button variant="light" onClick={onRetry}>
            Try again
          </Button>
        )}
      </Stack>
    </Center>
  );
}
