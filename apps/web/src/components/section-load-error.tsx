import { Alert, Button } from '@mantine/core';
import { messages } from '@pirouette/domain';
import { IconAlertTriangle } from '@tabler/icons-react';
import { errorText } from '../lib/notify';

/** A part of the overview that failed to load: the server's message (or the spec's) and a retry, in place. */
export function SectionLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title={errorText(error, messages.loadFailed)}
    >
      <Button variant="white" color="red" size="compact-sm" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}
