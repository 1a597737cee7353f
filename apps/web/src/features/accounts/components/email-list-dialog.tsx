import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { messages } from '@pirouette/domain';
import { IconCopy, IconMailOff } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { dialogStyles } from '../../../components/config-dialog';
import { errorText, notifySuccess } from '../../../lib/notify';
import { type AccountEmailsRequest, useAccountEmails } from '../api/accounts';
import { chosenCount, copiedEmails, shownEmails } from '../email-selection';

type Props = {
  opened: boolean;
  onClose: () => void;
  request: AccountEmailsRequest;
  /** The view the list is of, e.g. "active families matching “Hart”". */
  viewLabel: string;
};

/**
 * The e-mail list of the current view (001 §2): every family of it, all pages, asked of the server.
 * Every address starts chosen; Copy puts the chosen ones on the clipboard, separated by ", ".
 */
export function EmailListDialog({ opened, onClose, request, viewLabel }: Props) {
  const isPhone = useMediaQuery('(max-width: 36em)');
  const emails = useAccountEmails(request, opened);
  const list = shownEmails(emails.data?.emails ?? []);
  const [excluded, setExcluded] = useState<ReadonlySet<string>>(new Set());
  const [manual, setManual] = useState<string | null>(null);

  // Each opening starts with every address chosen.
  useEffect(() => {
    if (opened) {
      setExcluded(new Set());
      setManual(null);
    }
  }, [opened]);

  const chosen = chosenCount(list, excluded);
  const toggle = (email: string, checked: boolean) =>
    setExcluded((previous) => {
      const next = new Set(previous);
      if (checked) next.delete(email);
      else next.add(email);
      return next;
    });

  const copy = async () => {
    const text = copiedEmails(list, excluded);
    try {
      await navigator.clipboard.writeText(text);
      notifySuccess(text, `Copied ${chosen} e-mail ${chosen === 1 ? 'address' : 'addresses'}`);
      onClose();
    } catch {
      // Without clipboard access the addresses are shown to copy by hand.
      setManual(text);
    }
  };

  let body: ReactNode;
  if (emails.isPending) {
    body = (
      <Stack gap="xs">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} h={22} />
        ))}
      </Stack>
    );
  } else if (emails.isError) {
    body = (
      <Alert color="red" title={errorText(emails.error, messages.loadFailed)}>
        <Button variant="light" size="xs" mt="xs" onClick={() => emails.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  } else if (list.length === 0) {
    body = (
      <Stack align="center" gap="xs" py="lg">
        <IconMailOff size={32} stroke={1.5} opacity={0.5} />
        <Text c="dimmed" ta="center">
          None of these families has an e-mail address.
        </Text>
      </Stack>
    );
  } else {
    body = (
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed">
            {chosen} of {list.length} selected
          </Text>
          <Group gap={4}>
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={() => setExcluded(new Set())}
              disabled={chosen === list.length}
            >
              Select all
            </Button>
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={() => setExcluded(new Set(list))}
              disabled={chosen === 0}
            >
              Select none
            </Button>
          </Group>
        </Group>
        <ScrollArea.Autosize mah={isPhone ? 'calc(100dvh - 250px)' : 340} type="auto" offsetScrollbars>
          <Stack gap={10} role="group" aria-label="E-mail addresses">
            {list.map((email) => (
              <Checkbox
                key={email}
                label={email}
                checked={!excluded.has(email)}
                onChange={(event) => toggle(email, event.currentTarget.checked)}
              />
            ))}
          </Stack>
        </ScrollArea.Autosize>
        {manual !== null && (
          <Textarea
            label="Copy these addresses"
            description="The browser did not let us use the clipboard: select the text and copy it."
            value={manual}
            readOnly
            autosize
            minRows={2}
            maxRows={6}
            onFocus={(event) => event.currentTarget.select()}
          />
        )}
      </Stack>
    );
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="E-mail list"
      styles={dialogStyles}
      radius="lg"
      centered
      fullScreen={isPhone}
    >
      <Stack gap="md">
        <Text size="sm">
          The addresses of the {viewLabel}
          {emails.data ? ` (${emails.data.ids.length})` : ''}, across every page of the list.
        </Text>
        {body}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button leftSection={<IconCopy size={16} />} onClick={copy} disabled={!emails.data || chosen === 0}>
            Copy
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
