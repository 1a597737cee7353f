import { ActionIcon, Badge, Button, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import type { ClassInfo, DanceNumber, InputOption, ScheduleClass } from '@pirouette/domain';
import { IconHanger, IconMusic, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { SectionTitle } from '../../../components/section-title';
import { useDialog } from '../../../lib/use-dialog';
import { ActivityTable } from './activity-table';
import { DanceNumberDialog } from './dance-number-dialog';

function songLine(number: DanceNumber) {
  const song = [number.songName, number.songArtist].filter(Boolean).join(' — ');
  return song ? `${song} · ${number.songLength}` : `No song yet · ${number.songLength}`;
}

/** The class's dance numbers, each with its students' activity switches. */
export function DanceNumbersSection({
  cls,
  info,
  genres,
}: {
  cls: ScheduleClass;
  info: ClassInfo;
  genres: InputOption[];
}) {
  const dialog = useDialog<DanceNumber>();
  return (
    <Stack gap="sm">
      <SectionTitle
        title="Dance numbers"
        count={info.dncNum.length}
        action={
          <Button
            variant="light"
            size="compact-sm"
            leftSection={<IconPlus size={14} />}
            aria-label="Add dance number"
            onClick={() => dialog.open('new')}
          >
            Add
          </Button>
        }
      />
      {info.dncNum.length === 0 && (
        <Text size="sm" c="dimmed">
          No dance numbers yet. Add the numbers this class performs to track each student’s part in them.
        </Text>
      )}
      {info.dncNum.map((number) => (
        <Paper key={number.id} withBorder radius="md" p="sm" component="section" aria-label={number.name}>
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
            <Stack gap={2} miw={0}>
              <Group gap={6} wrap="nowrap">
                <Text fw={600} size="sm" truncate>
                  {number.name}
                </Text>
                <Badge size="xs" variant="light" style={{ flexShrink: 0 }}>
                  {number.genre}
                </Badge>
              </Group>
              <Group gap={6} wrap="nowrap" c="dimmed">
                <IconMusic size={12} style={{ flexShrink: 0 }} />
                <Text size="xs" truncate>
                  {songLine(number)}
                </Text>
                {number.costume === 1 && (
                  <Tooltip label="Needs a costume">
                    <IconHanger size={14} style={{ flexShrink: 0 }} aria-label="Needs a costume" />
                  </Tooltip>
                )}
              </Group>
            </Stack>
            <Group gap={0} wrap="nowrap">
              <Tooltip label="Edit dance number">
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={`Edit dance number ${number.name}`}
                  onClick={() => dialog.open('edit', number)}
                >
                  <IconPencil size={16} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label="Delete dance number">
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Delete dance number ${number.name}`}
                  onClick={() => dialog.open('del', number)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Tooltip>
            </Group>
          </Group>
          {info.clsRegAct.length > 0 && (
            <Stack mt="xs" gap={0}>
              <ActivityTable
                classID={cls.id}
                numberName={number.name}
                items={info.dncNumAct.filter((a) => a.dncNumID === number.id)}
              />
            </Stack>
          )}
        </Paper>
      ))}
      <DanceNumberDialog
        cls={cls}
        genres={genres}
        state={dialog.state}
        opened={dialog.opened}
        onClose={dialog.close}
      />
    </Stack>
  );
}
