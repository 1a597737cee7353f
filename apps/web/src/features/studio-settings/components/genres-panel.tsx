import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Grid,
  Group,
  List,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import type { GenreItem } from '@pirouette/domain';
import { IconArchive, IconArrowBackUp, IconPencil, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { LoadError } from '../../../components/load-error';
import { notifyResult } from '../../../lib/notify';
import { useAllGenres, useLevels, useRestoreGenre, useRetireGenre } from '../api/genres';
import { GenreDialog, type GenreDialogState } from './genre-dialog';

function GenreRow({ genre, onRename }: { genre: GenreItem; onRename: () => void }) {
  const retire = useRetireGenre();
  const restore = useRestoreGenre();
  const status = genre.retired ? restore : retire;
  const toggle = () => status.mutate({ params: { id: genre.id } }, notifyResult());
  return (
    <Table.Tr>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Text fw={600} c={genre.retired ? 'dimmed' : undefined}>
            {genre.name}
          </Text>
          {genre.retired && (
            <Badge color="gray" variant="light">
              Retired
            </Badge>
          )}
        </Group>
      </Table.Td>
      <Table.Td>
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Tooltip label="Rename">
            <ActionIcon variant="subtle" aria-label={`Rename ${genre.name}`} onClick={onRename}>
              <IconPencil size={16} />
            </ActionIcon>
          </Tooltip>
          {genre.retired ? (
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<IconArrowBackUp size={14} />}
              loading={status.isPending}
              onClick={toggle}
            >
              Restore
            </Button>
          ) : (
            <Button
              size="compact-sm"
              variant="subtle"
              color="gray"
              leftSection={<IconArchive size={14} />}
              loading={status.isPending}
              onClick={toggle}
            >
              Retire
            </Button>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** The studio's genres (add, rename, retire, restore) and the seven fixed levels, read-only. */
export function GenresPanel() {
  const genres = useAllGenres();
  const levels = useLevels();
  const [dialog, setDialog] = useState<GenreDialogState>(null);

  if (genres.isError) return <LoadError onRetry={() => genres.refetch()} />;
  const list = genres.data ?? [];
  const offered = list.filter((g) => !g.retired);
  const retired = list.filter((g) => g.retired);

  return (
    <Grid gutter="lg">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Card p={0}>
          <Group justify="space-between" p="md" pb="xs">
            <div>
              <Title order={3} fz="md">
                Genres
              </Title>
              <Text size="sm" c="dimmed">
                A retired genre is no longer offered for new classes; classes that have it keep it.
              </Text>
            </div>
            <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ mode: 'new' })}>
              New genre
            </Button>
          </Group>
          {genres.isPending ? (
            <Skeleton h={200} m="md" />
          ) : (
            <Table.ScrollContainer minWidth={300}>
              <Table verticalSpacing="xs" horizontalSpacing="md" highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Name</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {[...offered, ...retired].map((g) => (
                    <GenreRow key={g.id} genre={g} onRename={() => setDialog({ mode: 'edit', genre: g })} />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Card>
          <Stack gap="xs">
            <Title order={3} fz="md">
              Levels
            </Title>
            <Text size="sm" c="dimmed">
              The seven levels are the same for every studio.
            </Text>
            {levels.isPending ? (
              <Skeleton h={160} />
            ) : levels.isError ? (
              <Text size="sm" c="red">
                The levels could not be loaded.
              </Text>
            ) : (
              <List type="ordered" spacing={4} size="sm">
                {levels.data.map((level) => (
                  <List.Item key={level.id}>{level.name}</List.Item>
                ))}
              </List>
            )}
          </Stack>
        </Card>
      </Grid.Col>
      <GenreDialog state={dialog} genres={list} onClose={() => setDialog(null)} />
    </Grid>
  );
}
