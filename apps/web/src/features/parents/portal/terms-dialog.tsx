import { Alert, Badge, Button, Group, Loader, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { messages, type TermsStatus, termsDocumentMessages } from '@pirouette/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { dialogStyles } from '../../../components/config-dialog';
import { errorText, notifySuccess } from '../../../lib/notify';
import { sentenceCase, type TermsState } from '../../families/family-view';
import { useAcceptTerms, useParentTerms } from '../api/parents';

type Props = { term: TermsStatus; state: TermsState; onClose: () => void };

/**
 * One studio document as the parent reads it, in the version in force, with the button that accepts
 * that very version for their family. When the studio saves a newer version meanwhile, the server
 * refuses, the new text is fetched and shown, and the parent reads again.
 */
export function TermsDialog({ term, state, onClose }: Props) {
  const isPhone = useMediaQuery('(max-width: 36em)');
  const texts = useParentTerms(true);
  const accept = useAcceptTerms();
  const [refusal, setRefusal] = useState<string | null>(null);
  const doc = texts.data?.find((d) => d.id === term.id) ?? null;
  const title = sentenceCase(doc?.title ?? term.title);
  // The version in force may be newer than the list said, when the studio changed it meanwhile.
  const mayAccept = doc !== null && doc.version !== term.acceptedVersion;

  const submit = () => {
    if (!doc) return;
    setRefusal(null);
    accept.mutate(
      { body: { coTermID: doc.id, version: doc.version } },
      {
        onSuccess: (result) => {
          notifySuccess(result.msg);
          onClose();
        },
        onError: (error) => setRefusal(errorText(error)),
      },
    );
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={title}
      styles={dialogStyles}
      size="lg"
      radius="lg"
      centered
      fullScreen={isPhone}
    >
      <Stack gap="md">
        {texts.isPending ? (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm" c="dimmed">
              Loading the document…
            </Text>
          </Group>
        ) : !doc ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
            {texts.isError ? errorText(texts.error, messages.loadFailed) : termsDocumentMessages.notFound}
          </Alert>
        ) : (
          <>
            <Group gap="xs">
              <Badge variant="light">Version {doc.version}</Badge>
              {state === 'outdated' && term.acceptedVersion !== null && (
                <Text size="sm" c="dimmed">
                  You accepted version {term.acceptedVersion}; the studio has changed it since.
                </Text>
              )}
            </Group>
            <ScrollArea.Autosize mah={isPhone ? undefined : '55vh'} type="auto" offsetScrollbars>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="terms-text">
                {doc.content}
              </Text>
            </ScrollArea.Autosize>
          </>
        )}
        {refusal && (
          <Alert color="orange" variant="light" icon={<IconAlertCircle size={18} />}>
            {refusal}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={accept.isPending}>
            {mayAccept ? 'Not now' : 'Close'}
          </Button>
          {mayAccept && (
            <Button onClick={submit} loading={accept.isPending}>
              I accept version {doc?.version}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
