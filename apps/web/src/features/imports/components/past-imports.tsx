import { Badge, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import type { AnswerOf, ImportBatch, importCalls } from '@pirouette/domain';
import { Link } from 'react-router';
import { SectionCard } from '../../../components/section-card';
import { SectionLoadError } from '../../../components/section-load-error';
import { studioDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/use-session';
import { useImports } from '../api/imports';
import { writesText } from '../lib/words';

type PastImport = AnswerOf<typeof importCalls.list>[number];

export const STATUS_LABELS: Record<ImportBatch['status'], { label: string; color: string }> = {
  checked: { label: 'Checked, not imported', color: 'blue' },
  importing: { label: 'Importing', color: 'yellow' },
  imported: { label: 'Imported', color: 'teal' },
  failed: { label: 'Failed, nothing written', color: 'red' },
  replaced: { label: 'Checked again since', color: 'gray' },
};

function PastRow({ batch, href, timeZone }: { batch: PastImport; href: string; timeZone?: string }) {
  const status = STATUS_LABELS[batch.status];
  return (
    <Paper component="li" withBorder radius="md" p="sm">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Stack gap={2} miw={0} style={{ flex: '1 1 260px' }}>
          <Group gap="xs">
            <Text fw={600}>{batch.sourceName}</Text>
            <Badge color={status.color} variant="light" radius="sm">
              {status.label}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {batch.importedAt
              ? `Imported ${studioDateTime(batch.importedAt, timeZone)}`
              : `Checked ${studioDateTime(batch.createdAt, timeZone)}`}
            {' · '}
            {batch.status === 'imported' ? 'wrote ' : ''}
            {writesText(batch.totals)}
          </Text>
        </Stack>
        <Button
          component={Link}
          to={href}
          variant="default"
          size="compact-md"
          aria-label={`Open the import from ${batch.sourceName}, ${studioDateTime(batch.createdAt, timeZone)}`}
        >
          Open
        </Button>
      </Group>
    </Paper>
  );
}

/** The studio's imports, newest first: each one's source, day, state and what it writes or wrote. */
export function PastImports({ hrefOf }: { hrefOf: (id: string) => string }) {
  const list = useImports();
  const timeZone = useSession()?.user.timeZone;
  if (list.data?.length === 0) return null;
  return (
    <SectionCard title="Past imports" description="Every check and import of the studio, newest first.">
      {list.isPending ? (
        <Skeleton h={80} radius="md" />
      ) : list.isError ? (
        <SectionLoadError error={list.error} onRetry={() => list.refetch()} />
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Past imports">
          {list.data.map((b) => (
            <PastRow key={b.id} batch={b} href={hrefOf(b.id)} timeZone={timeZone} />
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}
