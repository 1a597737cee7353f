import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { ImportFileSummary, ImportKind } from '@pirouette/domain';
import { IconChevronDown, IconChevronRight, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { SectionCard } from '../../../components/section-card';
import type { PickedFile } from '../lib/files';
import { editOf, type Field, type FileEdit, isChanged } from '../lib/mapping';
import { KIND_LABELS, rowsText } from '../lib/words';
import { MappingCard } from './mapping-card';

type Props = {
  files: readonly ImportFileSummary[];
  fields: Partial<Record<ImportKind, readonly Field[]>>;
  /** The files the owner added, here to be sent again; empty when the dry run was opened later. */
  picked: readonly PickedFile[];
  edits: Record<string, FileEdit>;
  onEdit: (name: string, edit: FileEdit) => void;
  sourceName: string;
  onCheckAgain: () => void;
  checking: boolean;
};

const needsMapping = (f: ImportFileSummary) => f.problem !== null || f.missing.length > 0 || f.kind === null;

function FileState({ file }: { file: ImportFileSummary }) {
  if (file.problem)
    return (
      <Badge color="red" variant="light" radius="sm">
        Refused
      </Badge>
    );
  if (file.missing.length > 0 || file.kind === null)
    return (
      <Badge color="orange" variant="light" radius="sm">
        Columns to map
      </Badge>
    );
  return (
    <Badge color="teal" variant="light" radius="sm">
      Read
    </Badge>
  );
}

/**
 * The files as the check read them: what each holds, its rows, its problem; a file whose columns are
 * missing opens on its mapping, the others on a click. "Check again" sends the files with the changes.
 */
export function FilesReview({
  files,
  fields,
  picked,
  edits,
  onEdit,
  sourceName,
  onCheckAgain,
  checking,
}: Props) {
  const [open, setOpen] = useState<Set<string>>(() => new Set(files.filter(needsMapping).map((f) => f.name)));
  const toggle = (name: string) =>
    setOpen((was) => {
      const next = new Set(was);
      if (next.has(name)) next.delete(name);
      else next.add(name);
      return next;
    });
  const here = new Set(picked.map((p) => p.name));
  const changed = files.some((f) => isChanged(f, edits[f.name]));
  return (
    <SectionCard
      title="The files"
      description={`The columns you map are kept for the next file from ${sourceName}: the check applies them on its own.`}
    >
      <Stack gap="sm">
        {files.map((file) => {
          const opened = open.has(file.name);
          const samples = file.samples ?? picked.find((p) => p.name === file.name)?.samples ?? {};
          return (
            <Stack key={file.name} gap="xs">
              <Paper withBorder radius="md" px="md" py="xs">
                <Group justify="space-between" gap="sm" wrap="wrap">
                  <Stack gap={0} miw={0} style={{ flex: '1 1 220px' }}>
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {file.name}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {file.kind ? KIND_LABELS[file.kind] : 'Not known yet'} · {rowsText(file.rows)}
                    </Text>
                  </Stack>
                  <Group gap="xs" wrap="nowrap">
                    <FileState file={file} />
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      onClick={() => toggle(file.name)}
                      aria-expanded={opened}
                      aria-label={`${opened ? 'Hide' : 'Show'} the columns of ${file.name}`}
                      leftSection={opened ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
                    >
                      Columns
                    </Button>
                  </Group>
                </Group>
                {file.problem && !opened && (
                  <Text size="sm" c="red.8" mt={4}>
                    {file.problem}
                  </Text>
                )}
              </Paper>
              {opened && (
                <MappingCard
                  file={file}
                  fields={fields}
                  edit={edits[file.name] ?? editOf(file)}
                  onEdit={(edit) => onEdit(file.name, edit)}
                  samples={samples}
                  editable={here.has(file.name)}
                />
              )}
            </Stack>
          );
        })}
      </Stack>
      {picked.length > 0 ? (
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Text size="sm" c="dimmed">
            {changed
              ? 'Check again to see the dry run with your mapping.'
              : 'Fixed a file? Add it again on the previous step, or check again as it is.'}
          </Text>
          <Button
            variant={changed ? 'filled' : 'default'}
            leftSection={<IconRefresh size={18} />}
            onClick={onCheckAgain}
            loading={checking}
          >
            Check again
          </Button>
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          To change the mapping or a file, start a new import and add the files again.
        </Text>
      )}
    </SectionCard>
  );
}
