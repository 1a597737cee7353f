import { ActionIcon, Button, FileButton, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconFileSpreadsheet, IconTrash, IconUpload } from '@tabler/icons-react';
import { type DragEvent, useRef, useState } from 'react';
import { ACCEPTED_FILES, sizeText } from '../lib/files';

/** A file the owner added, not yet read. */
type Added = { name: string; size: number };

type Props = {
  files: readonly Added[];
  onAdd: (files: File[]) => void;
  onRemove: (name: string) => void;
  /** What the source's preset says to export, shown again beside the drop zone. */
  help: string;
  disabled?: boolean;
};

/** The second step: the files, dropped or picked, several at once, each with its name and size. */
export function FilesStep({ files, onAdd, onRemove, help, disabled }: Props) {
  const [over, setOver] = useState(false);
  // The picker forgets its files once given, so a file removed can be picked again.
  const reset = useRef<() => void>(null);
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    if (!disabled) onAdd([...e.dataTransfer.files]);
  };
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {help}
      </Text>
      <Paper
        withBorder
        radius="md"
        p={{ base: 'md', sm: 'xl' }}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
        data-testid="drop-zone"
        style={{
          borderStyle: 'dashed',
          borderWidth: 2,
          borderColor: over ? 'var(--mantine-primary-color-filled)' : undefined,
          background: over ? 'var(--mantine-primary-color-light)' : undefined,
        }}
      >
        <Stack align="center" gap="xs" ta="center">
          <ThemeIcon size={48} radius="xl" variant="light">
            <IconUpload size={26} stroke={1.6} />
          </ThemeIcon>
          <Text fw={600}>Drop the files here</Text>
          <Text size="sm" c="dimmed">
            CSV, Excel (XLSX), a Pirouette export (JSON or ZIP). Several at once.
          </Text>
          <FileButton
            onChange={(picked) => {
              onAdd(picked);
              reset.current?.();
            }}
            resetRef={reset}
            accept={ACCEPTED_FILES}
            multiple
            disabled={disabled}
          >
            {(props) => (
              <Button {...props} variant="light" mt={4}>
                Choose files
              </Button>
            )}
          </FileButton>
        </Stack>
      </Paper>
      {files.length > 0 && (
        <Stack gap="xs" component="ul" aria-label="Files to import" p={0} m={0} style={{ listStyle: 'none' }}>
          {files.map((f) => (
            <Paper component="li" key={f.name} withBorder radius="md" px="md" py="xs">
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <Group gap="sm" wrap="nowrap" miw={0}>
                  <IconFileSpreadsheet size={22} stroke={1.6} aria-hidden style={{ flexShrink: 0 }} />
                  <Stack gap={0} miw={0}>
                    <Text fw={500} truncate>
                      {f.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {sizeText(f.size)}
                    </Text>
                  </Stack>
                </Group>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  onClick={() => onRemove(f.name)}
                  aria-label={`Remove ${f.name}`}
                  disabled={disabled}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
