import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { CHART_MEASURES, CHART_SIZES_MAX, type CostumeCompanyItem, messages } from '@pirouette/domain';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { LoadError } from '../../../components/load-error';
import { errorText, notifySuccess } from '../../../lib/notify';
import { useSaveSizeChart, useSizeChart } from '../api/costumes';
import {
  type ChartBound,
  type ChartRowDraft,
  chartBody,
  chartDrafts,
  chartErrors,
  emptyChartRow,
  MEASURE_LABELS,
  moveRow,
  type RowErrors,
  rowOfMessage,
} from '../lib/costumes';

const PHONE_QUERY = '(max-width: 48em)';

type RowProps = {
  row: ChartRowDraft;
  index: number;
  count: number;
  errors: RowErrors;
  onChange: (field: 'size' | ChartBound, value: string) => void;
  onMove: (step: -1 | 1) => void;
  onRemove: () => void;
};

function BoundInput({
  row,
  field,
  errors,
  onChange,
  label,
}: Omit<RowProps, 'index' | 'count' | 'onMove' | 'onRemove'> & { field: ChartBound; label: string }) {
  return (
    <TextInput
      size="xs"
      inputMode="decimal"
      aria-label={`${label}, size ${row.size || 'new'}`}
      placeholder={field.endsWith('Min') ? 'from' : 'to'}
      value={row[field]}
      error={errors[field]}
      onChange={(e) => onChange(field, e.currentTarget.value)}
      w={field.endsWith('Min') ? undefined : undefined}
    />
  );
}

function RowButtons({ row, index, count, onMove, onRemove }: RowProps) {
  const name = row.size || 'the new size';
  return (
    <Group gap={2} wrap="nowrap">
      <ActionIcon
        variant="subtle"
        color="gray"
        disabled={index === 0}
        onClick={() => onMove(-1)}
        aria-label={`Move ${name} up`}
      >
        <IconArrowUp size={16} />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="gray"
        disabled={index === count - 1}
        onClick={() => onMove(1)}
        aria-label={`Move ${name} down`}
      >
        <IconArrowDown size={16} />
      </ActionIcon>
      <ActionIcon variant="subtle" color="red" onClick={onRemove} aria-label={`Remove ${name}`}>
        <IconTrash size={16} />
      </ActionIcon>
    </Group>
  );
}

function WideRow(props: RowProps) {
  const { row, errors, onChange } = props;
  return (
    <Table.Tr data-testid="chart-row">
      <Table.Td>
        <TextInput
          size="xs"
          aria-label="Size"
          placeholder="e.g. CM"
          value={row.size}
          error={errors.size}
          onChange={(e) => onChange('size', e.currentTarget.value)}
        />
      </Table.Td>
      {CHART_MEASURES.flatMap((m) =>
        (['Min', 'Max'] as const).map((side) => (
          <Table.Td key={`${m}${side}`}>
            <BoundInput
              {...props}
              field={`${m}${side}`}
              label={`${MEASURE_LABELS[m]} ${side === 'Min' ? 'from' : 'to'}`}
            />
          </Table.Td>
        )),
      )}
      <Table.Td>
        <RowButtons {...props} />
      </Table.Td>
    </Table.Tr>
  );
}

function NarrowRow(props: RowProps) {
  const { row, errors, onChange } = props;
  return (
    <Paper withBorder p="sm" data-testid="chart-row">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <TextInput
            size="xs"
            label="Size"
            placeholder="e.g. CM"
            value={row.size}
            error={errors.size}
            onChange={(e) => onChange('size', e.currentTarget.value)}
            style={{ flex: 1 }}
          />
          <RowButtons {...props} />
        </Group>
        {CHART_MEASURES.map((m) => (
          <Stack gap={2} key={m}>
            <Text size="xs" c="dimmed">
              {MEASURE_LABELS[m]} (inches)
            </Text>
            <SimpleGrid cols={2} spacing="xs">
              <BoundInput {...props} field={`${m}Min`} label={`${MEASURE_LABELS[m]} from`} />
              <BoundInput {...props} field={`${m}Max`} label={`${MEASURE_LABELS[m]} to`} />
            </SimpleGrid>
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}

function ChartEditor({ company, onClose }: { company: CostumeCompanyItem; onClose: () => void }) {
  const narrow = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const chart = useSizeChart(company.id);
  const save = useSaveSizeChart();
  const [rows, setRows] = useState<ChartRowDraft[] | null>(null);
  const [errors, setErrors] = useState<RowErrors[]>([]);
  const [refusal, setRefusal] = useState<string | null>(null);

  useEffect(() => {
    if (chart.data && rows === null)
      setRows(chart.data.chart.length ? chartDrafts(chart.data.chart) : [emptyChartRow()]);
  }, [chart.data, rows]);

  if (chart.isError)
    return (
      <LoadError message={errorText(chart.error, messages.loadFailed)} onRetry={() => chart.refetch()} />
    );
  if (!rows)
    return (
      <Stack aria-busy="true" aria-label="Loading the size chart">
        <Skeleton h={36} />
        <Skeleton h={36} />
        <Skeleton h={36} />
      </Stack>
    );

  const change = (index: number, field: 'size' | ChartBound, value: string) => {
    setRows(rows.map((r, i) => (i === index ? { ...r, [field]: value } : r)));
    if (errors[index]?.[field])
      setErrors(errors.map((e, i) => (i === index ? { ...e, [field]: undefined } : e)));
  };
  const move = (index: number, step: -1 | 1) => {
    setRows(moveRow(rows, index, step));
    setErrors(moveRow(errors, index, step));
  };
  const remove = (index: number) => {
    setRows(rows.filter((_, i) => i !== index));
    setErrors(errors.filter((_, i) => i !== index));
  };
  const submit = () => {
    // Blank rows left at the end are not sizes: they are dropped rather than refused.
    const kept = rows.filter(
      (r, i) => i < rows.length - 1 || Object.entries(r).some(([k, v]) => k !== 'key' && v.trim()),
    );
    const checked = chartErrors(kept);
    setRefusal(checked.chart);
    if (checked.rows.some((e) => Object.keys(e).length) || checked.chart) {
      setRows(kept);
      setErrors(checked.rows);
      return;
    }
    save.mutate(
      { params: { id: company.id }, body: chartBody(kept) },
      {
        onSuccess: (answer) => {
          notifySuccess(answer.msg);
          onClose();
        },
        onError: (error) => {
          const message = errorText(error);
          const at = rowOfMessage(kept, message);
          setRows(kept);
          if (at >= 0) setErrors(kept.map((_, i) => (i === at ? { size: message } : {})));
          else setRefusal(message);
        },
      },
    );
  };

  const rowProps = (row: ChartRowDraft, index: number): RowProps => ({
    row,
    index,
    count: rows.length,
    errors: errors[index] ?? {},
    onChange: (field, value) => change(index, field, value),
    onMove: (step) => move(index, step),
    onRemove: () => remove(index),
  });

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Smallest size first, each range in inches with one decimal (e.g. 24.5). Leave a bound empty when the
        size has none on that side. Sizes are suggested to dancers from these ranges.
      </Text>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed" ta="center" py="md">
          No sizes: add the first size of the chart, or save to empty it.
        </Text>
      ) : narrow ? (
        <Stack gap="sm">
          {rows.map((row, i) => (
            <NarrowRow key={row.key} {...rowProps(row, i)} />
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={760} type="native">
          <Table verticalSpacing={6} horizontalSpacing={6}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Size</Table.Th>
                {CHART_MEASURES.flatMap((m) => [
                  <Table.Th key={`${m}Min`}>{MEASURE_LABELS[m]} from</Table.Th>,
                  <Table.Th key={`${m}Max`}>to</Table.Th>,
                ])}
                <Table.Th>
                  <VisuallyHidden>Order and remove</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row, i) => (
                <WideRow key={row.key} {...rowProps(row, i)} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Group justify="space-between">
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          disabled={rows.length >= CHART_SIZES_MAX}
          onClick={() => setRows([...rows, emptyChartRow()])}
        >
          Add size
        </Button>
      </Group>
      {refusal && (
        <Alert color="red" role="alert">
          {refusal}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={save.isPending}>
          Cancel
        </Button>
        <Button onClick={submit} loading={save.isPending}>
          Save chart
        </Button>
      </Group>
    </Stack>
  );
}

/** A company's size chart, edited row by row and saved as a whole. */
export function SizeChartDialog({
  company,
  opened,
  onClose,
}: {
  company: CostumeCompanyItem | null;
  opened: boolean;
  onClose: () => void;
}) {
  const narrow = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  return (
    <Modal
      opened={opened && !!company}
      onClose={onClose}
      title={company ? `Size chart: ${company.name}` : 'Size chart'}
      size="min(1040px, 96vw)"
      radius="lg"
      centered
      fullScreen={narrow}
    >
      {company && <ChartEditor key={company.id} company={company} onClose={onClose} />}
    </Modal>
  );
}
