import { Accordion, Badge, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { messages, type TermsDocument } from '@pirouette/domain';
import type { ReactNode } from 'react';
import { dialogStyles } from '../../../components/config-dialog';
import { LoadError } from '../../../components/load-error';
import { studioDateTime } from '../../../lib/format';
import { errorText } from '../../../lib/notify';
import { useDocumentVersions } from '../api/terms-documents';
import { headingOf } from '../document-edit';

type Props = { doc: TermsDocument | null; opened: boolean; timeZone?: string | null; onClose: () => void };

/** Every kept version of a document, newest first; each opens to the text parents saw then. */
export function DocumentVersionsDialog({ doc, opened, timeZone, onClose }: Props) {
  const versions = useDocumentVersions(opened && doc ? doc.id : null);
  let body: ReactNode;
  if (versions.isPending) body = <Skeleton h={180} radius="md" />;
  else if (versions.isError)
    body = (
      <LoadError
        message={errorText(versions.error, messages.loadFailed)}
        onRetry={() => versions.refetch()}
      />
    );
  else
    body = (
      <Accordion variant="separated" radius="md" defaultValue={versions.data[0]?.id ?? null}>
        {versions.data.map((v, i) => (
          <Accordion.Item key={v.id} value={v.id}>
            <Accordion.Control>
              <Group gap="sm" wrap="wrap">
                <Text fw={600}>Version {v.version}</Text>
                {i === 0 && (
                  <Badge size="sm" variant="light">
                    Current
                  </Badge>
                )}
                <Text size="sm" c="dimmed">
                  {studioDateTime(v.createdAt, timeZone)}
                  {v.createdBy ? ` · ${v.createdBy}` : ''}
                </Text>
              </Group>
            </Accordion.Control>
            <Accordion.Panel>
              <Stack gap="xs">
                <Text fw={600} size="sm">
                  {headingOf(v.title)}
                </Text>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {v.content}
                </Text>
              </Stack>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    );
  return (
    <Modal
      styles={dialogStyles}
      opened={opened}
      onClose={onClose}
      title={doc ? `Version history: ${headingOf(doc.title)}` : 'Version history'}
      size="xl"
      radius="lg"
      centered
    >
      {body}
    </Modal>
  );
}
