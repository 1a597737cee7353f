import { Badge, Group, Paper, Select, Skeleton, Stack, Table, Text } from '@mantine/core';
import { type FateCounts, type ImportKind, type ImportRow, ROW_FATES, type RowFate } from '@pirouette/domain';
import { useState } from 'react';
import { ListPager } from '../../../components/list-pager';
import { SectionCard } from '../../../components/section-card';
import { SectionLoadError } from '../../../components/section-load-error';
import { ROWS_PAGE_SIZE, useImportRows } from '../api/imports';
import { FATE_COLORS, FATE_LABELS, KIND_LABELS, kindsOf, sumOf } from '../lib/words';

type Props = {
  batchId: string;
  totals: Partial<Record<ImportKind, FateCounts>>;
  narrow: boolean;
};

const ALL = 'all';

function FateBadge({ fate }: { fate: RowFate }) {
  return (
    <Badge
      color={FATE_COLORS[fate]}
      variant="light"
      radius="sm"
      style={{ flexShrink: 0, overflow: 'visible' }}
    >
      {FATE_LABELS[fate]}
    </Badge>
  );
}

/** The rows on a phone: a card each, its place in the file first. */
function RowCards({ rows }: { rows: readonly ImportRow[] }) {
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {rows.map((r) => (
        <Paper component="li" key={`${r.file}:${r.row}:${r.kind}`} withBorder radius="md" p="sm">
          <Stack gap={4}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm" c="dimmed" truncate>
                {r.file}, row {r.row}
              </Text>
              <FateBadge fate={r.fate} />
            </Group>
            <Text fw={600}>{r.label}</Text>
            {r.sentence && (
              <Text size="sm" c={r.fate === 'refused' ? 'red.8' : undefined}>
                {r.sentence}
              </Text>
            )}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

function RowTable({ rows }: { rows: readonly ImportRow[] }) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="xs" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>File</Table.Th>
            <Table.Th ta="right" w={64}>
              Row
            </Table.Th>
            <Table.Th>What</Table.Th>
            <Table.Th w={110}>Fate</Table.Th>
            <Table.Th>Why</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={`${r.file}:${r.row}:${r.kind}`}>
              <Table.Td>{r.file}</Table.Td>
              <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {r.row}
              </Table.Td>
              <Table.Td>{r.label}</Table.Td>
              <Table.Td>
                <FateBadge fate={r.fate} />
              </Table.Td>
              <Table.Td c={r.fate === 'refused' ? 'red.8' : undefined}>{r.sentence}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * The dry run's rows, 100 a page, by file and row, filtered by fate and kind. When rows are refused the
 * list opens on them: each with its file, its row number and the sentence that says why.
 */
export function RowsCard({ batchId, totals, narrow }: Props) {
  const refused = sumOf(totals, 'refused');
  const [fate, setFate] = useState<RowFate | typeof ALL>(refused > 0 ? 'refused' : ALL);
  const [kind, setKind] = useState<ImportKind | typeof ALL>(ALL);
  const [page, setPage] = useState(1);
  const rows = useImportRows(
    batchId,
    { fate: fate === ALL ? undefined : fate, kind: kind === ALL ? undefined : kind },
    page,
  );
  const fateCount = (f: RowFate) => sumOf(totals, f);
  return (
    <SectionCard
      title="Row by row"
      description={
        refused > 0
          ? `${refused} ${refused === 1 ? 'row is' : 'rows are'} refused and will not be imported: each says why. Fix them in the file and check again, or import without them.`
          : 'What becomes of each row of the files.'
      }
    >
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label="Show"
          value={fate}
          onChange={(v) => {
            setFate((v as RowFate | null) ?? ALL);
            setPage(1);
          }}
          data={[
            { value: ALL, label: 'Every row' },
            ...ROW_FATES.map((f) => ({ value: f, label: `${FATE_LABELS[f]} (${fateCount(f)})` })),
          ]}
          allowDeselect={false}
          w={{ base: '100%', xs: 200 }}
        />
        <Select
          label="Kind"
          value={kind}
          onChange={(v) => {
            setKind((v as ImportKind | null) ?? ALL);
            setPage(1);
          }}
          data={[
            { value: ALL, label: 'Every kind' },
            ...kindsOf(totals).map(([k]) => ({ value: k, label: KIND_LABELS[k] })),
          ]}
          allowDeselect={false}
          w={{ base: '100%', xs: 200 }}
        />
      </Group>
      {rows.isPending ? (
        <Skeleton h={200} radius="md" />
      ) : rows.isError ? (
        <SectionLoadError error={rows.error} onRetry={() => rows.refetch()} />
      ) : rows.data.total === 0 ? (
        <Text size="sm" c="dimmed">
          No row here.
        </Text>
      ) : (
        <Stack
          gap="sm"
          aria-label="Rows"
          data-testid="import-rows"
          style={{ opacity: rows.isPlaceholderData ? 0.6 : 1 }}
        >
          {narrow ? <RowCards rows={rows.data.rows} /> : <RowTable rows={rows.data.rows} />}
          <ListPager
            page={page}
            total={rows.data.total}
            pageSize={ROWS_PAGE_SIZE}
            onChange={setPage}
            noun={['row', 'rows']}
            disabled={rows.isPlaceholderData}
          />
        </Stack>
      )}
    </SectionCard>
  );
}
