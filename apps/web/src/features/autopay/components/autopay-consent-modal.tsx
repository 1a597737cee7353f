import { Alert, Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { dialogStyles } from '../../../components/config-dialog';

type Props = {
  opened: boolean;
  /** The authorization as the server words it for the card on file; null while it is read again. */
  terms: { version: string; text: string } | null;
  /** Why the parent is asked again (the authorization changed, or the server refused). */
  notice: string | null;
  loading: boolean;
  onAuthorize: (version: string) => void;
  onClose: () => void;
};

/**
 * Turning auto-pay on is the parent's authorization: its words, as the server has them, read before
 * "I authorize", whose click sends the version read. A changed authorization is shown again to read.
 */
export function AutopayConsentModal({ opened, terms, notice, loading, onAuthorize, onClose }: Props) {
  return (
    <Modal
      opened={opened}
      onClose={loading ? () => {} : onClose}
      title="Turn on automatic payments"
      styles={dialogStyles}
      centered
      radius="lg"
    >
      <Stack gap="md">
        {notice && (
          <Alert
            variant="light"
            color="yellow"
            icon={<IconAlertTriangle size={18} />}
            data-testid="consent-notice"
          >
            {notice}
          </Alert>
        )}
        <Text size="sm" c="dimmed">
          Please read the authorization:
        </Text>
        <Paper withBorder p="md" radius="md" bg="var(--mantine-color-gray-0)">
          <Text size="sm" data-testid="autopay-terms">
            {terms?.text ?? 'Loading the authorization…'}
          </Text>
        </Paper>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={loading}>
            Cancel
          </Button>
          <Button onClick={() => terms && onAuthorize(terms.version)} loading={loading} disabled={!terms}>
            I authorize
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
