import { Badge, Button, Card, Group, Spoiler, Stack, Text, Title } from '@mantine/core';
import type { TermsDocument } from '@pirouette/domain';
import { IconHistory, IconPencil } from '@tabler/icons-react';
import { studioDateTime } from '../../../lib/format';
import { headingOf } from '../document-edit';

type Props = {
  doc: TermsDocument;
  timeZone?: string | null;
  onEdit: () => void;
  onHistory: () => void;
};

/** One terms document at its current version. */
export function DocumentCard({ doc, timeZone, onEdit, onHistory }: Props) {
  return (
    <Card padding="lg" component="article" aria-label={headingOf(doc.title)}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={4}>
            <Title order={3} fz="lg">
              {headingOf(doc.title)}
            </Title>
            <Group gap="xs">
              <Badge variant="light">Version {doc.version}</Badge>
              <Text size="sm" c="dimmed">
                Last edited {studioDateTime(doc.updatedAt, timeZone)}
              </Text>
            </Group>
          </Stack>
          <Group gap="xs">
            <Button
              variant="default"
              size="sm"
              leftSection={<IconHistory size={16} />}
              onClick={onHistory}
              aria-label={`Version history of ${doc.title}`}
            >
              History
            </Button>
            <Button
              size="sm"
              leftSection={<IconPencil size={16} />}
              onClick={onEdit}
              aria-label={`Edit ${doc.title}`}
            >
              Edit
            </Button>
          </Group>
        </Group>
        <Spoiler maxHeight={132} showLabel="Show all" hideLabel="Show less">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {doc.content}
          </Text>
        </Spoiler>
      </Stack>
    </Card>
  );
}
