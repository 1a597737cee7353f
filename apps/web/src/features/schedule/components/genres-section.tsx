import { ActionIcon, Badge, Button, Group, Select, Stack, Text } from '@mantine/core';
import type { ClassInfo, InputOption } from '@pirouette/domain';
import { IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { SectionTitle } from '../../../components/section-title';
import { notifyResult } from '../../../lib/notify';
import { useAddClassGenre, useDeleteClassGenre } from '../api/schedule';

/** The genres a class teaches: added from a select, removed one by one. */
export function GenresSection({
  classID,
  info,
  genres,
}: {
  classID: string;
  info: ClassInfo;
  genres: InputOption[];
}) {
  const add = useAddClassGenre();
  const remove = useDeleteClassGenre();
  const [genreID, setGenreID] = useState<string | null>(null);
  const assigned = new Set(info.clsGenres.map((g) => g.genreID));
  return (
    <Stack gap="sm">
      <SectionTitle title="Genres" count={info.clsGenres.length} />
      {info.clsGenres.length === 0 ? (
        <Text size="sm" c="dimmed">
          No genres yet.
        </Text>
      ) : (
        <Group gap={6}>
          {info.clsGenres.map((g) => (
            <Badge
              key={g.clsGenreID}
              variant="light"
              size="lg"
              radius="sm"
              tt="none"
              fw={500}
              pr={3}
              rightSection={
                <ActionIcon
                  size="xs"
                  variant="transparent"
                  aria-label={`Remove genre ${g.name}`}
                  disabled={remove.isPending}
                  onClick={() =>
                    remove.mutate({ params: { id: classID, clsGenreID: g.clsGenreID } }, notifyResult())
                  }
                >
                  <IconX size={12} />
                </ActionIcon>
              }
            >
              {g.name}
            </Badge>
          ))}
        </Group>
      )}
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <Select
          style={{ flex: 1 }}
          size="sm"
          aria-label="Genre to add"
          placeholder="Choose a genre"
          searchable
          data={genres.map((g) => ({
            value: g.id,
            label: assigned.has(g.id) ? `${g.name} (added)` : g.name,
          }))}
          value={genreID}
          onChange={setGenreID}
          nothingFoundMessage="No genres"
        />
        <Button
          size="sm"
          variant="default"
          disabled={!genreID}
          loading={add.isPending}
          onClick={() =>
            genreID &&
            add.mutate(
              { params: { id: classID }, body: { genreID } },
              notifyResult(() => setGenreID(null)),
            )
          }
        >
          Add genre
        </Button>
      </Group>
    </Stack>
  );
}
