import { Alert, Badge, Box, Divider, Group, Paper, Select, Stack, Text } from '@mantine/core';
import {
  IMPORT_KINDS,
  IMPORT_REQUIREMENTS,
  type ImportFileSummary,
  type ImportKind,
} from '@pirouette/domain';
import { IconAlertTriangle } from '@tabler/icons-react';
import { doubledOf, type Field, type FileEdit, labelOf, missingOf } from '../lib/mapping';
import { KIND_LABELS } from '../lib/words';

type Props = {
  file: ImportFileSummary;
  /** The fields of each kind (`importSetup.fields`). */
  fields: Partial<Record<ImportKind, readonly Field[]>>;
  edit: FileEdit;
  onEdit: (edit: FileEdit) => void;
  /** A CSV's sample value for each header. */
  samples: Record<string, string>;
  /** Whether the file is here to be sent again (not when the dry run was opened from the list). */
  editable: boolean;
};

const LEAVE_OUT = '';

/** One column: its header and a sample value, and the field it fills. */
function ColumnRow({
  header,
  sample,
  value,
  fields,
  disabled,
  onChange,
}: {
  header: string;
  sample: string | undefined;
  value: string;
  fields: readonly Field[];
  disabled: boolean;
  onChange: (key: string) => void;
}) {
  const field = fields.find((f) => f.key === value);
  return (
    <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap" py={6}>
      <Box miw={0} style={{ flex: '1 1 200px' }}>
        <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
          {header}
        </Text>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {sample === undefined ? '' : sample === '' ? 'Empty in the first rows' : `e.g. ${sample}`}
        </Text>
      </Box>
      <Select
        aria-label={`Field for the column ${header}`}
        value={value}
        onChange={(v) => onChange(v ?? LEAVE_OUT)}
        data={[
          { value: LEAVE_OUT, label: 'Leave out' },
          ...fields.map((f) => ({ value: f.key, label: f.required ? `${f.label} (required)` : f.label })),
        ]}
        allowDeselect={false}
        disabled={disabled}
        description={field?.hint}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        searchable
        style={{ flex: '1 1 240px' }}
        maw={{ base: '100%', sm: 340 }}
      />
    </Group>
  );
}

/**
 * A file's mapping: what it holds, and for each of its columns the field it fills, with a sample value
 * and the field's hint. What is missing is said as the owner chooses; "Check again" sends it.
 */
export function MappingCard({ file, fields, edit, onEdit, samples, editable }: Props) {
  const kindFields = edit.kind ? (fields[edit.kind] ?? []) : [];
  const kindChanged = edit.kind !== file.kind;
  const missing =
    edit.kind && !kindChanged ? missingOf(kindFields, edit, IMPORT_REQUIREMENTS[edit.kind]) : [];
  const doubled = edit.kind && !kindChanged ? doubledOf(kindFields, edit) : [];
  const checkedMissing = file.missing.map((k) => labelOf(kindFields, k));
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={`Columns of ${file.name}`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
          <Text size="sm" c="dimmed">
            {file.headers.length} columns: pick the field each one fills.
          </Text>
          <Select
            label="This file holds"
            value={edit.kind}
            placeholder="Choose what it holds"
            onChange={(v) => v && onEdit({ kind: v as ImportKind, mapping: edit.mapping })}
            data={IMPORT_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] }))}
            allowDeselect={false}
            disabled={!editable}
            w={{ base: '100%', xs: 220 }}
          />
        </Group>
        {file.problem && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            title="This file cannot be imported as it is"
          >
            {file.problem}
          </Alert>
        )}
        {kindChanged ? (
          <Text size="sm">
            Check again: the columns will be matched to the fields of{' '}
            {edit.kind ? KIND_LABELS[edit.kind].toLowerCase() : 'the new kind'}, and you can adjust them then.
          </Text>
        ) : (
          <>
            {missing.length > 0 && (
              <Text size="sm" c="red.8" data-testid="mapping-missing">
                No column fills {missing.join(', ')}: pick the column that holds{' '}
                {missing.length === 1 ? 'it' : 'them'}.
              </Text>
            )}
            {missing.length === 0 && checkedMissing.length > 0 && (
              <Badge color="teal" variant="light">
                Every required field is filled now: check again
              </Badge>
            )}
            {doubled.length > 0 && (
              <Text size="sm" c="orange.9">
                More than one column fills {doubled.join(', ')}: keep one and leave the others out.
              </Text>
            )}
            {kindFields.length > 0 && (
              <Stack gap={0}>
                {file.headers.map((header, i) => (
                  <Box key={header}>
                    {i > 0 && <Divider />}
                    <ColumnRow
                      header={header}
                      sample={samples[header.trim()]}
                      value={edit.mapping[header] ?? LEAVE_OUT}
                      fields={kindFields}
                      disabled={!editable}
                      onChange={(key) => onEdit({ ...edit, mapping: { ...edit.mapping, [header]: key } })}
                    />
                  </Box>
                ))}
              </Stack>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
