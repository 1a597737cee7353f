import {
  ActionIcon,
  Badge,
  Button,
  Group,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import type { ClassFormInputs, ClassInfo, OtherRequirement } from '@pirouette/domain';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { SectionTitle } from '../../../components/section-title';
import { notifyResult } from '../../../lib/notify';
import { useCreateRequirement, useDeleteRequirement, useUpdateRequirement } from '../api/schedule';
import { MinGenreField } from './min-genre-field';

type Draft = { genreID: string | null; levelID: string | null; isRequired: boolean };
const emptyDraft: Draft = { genreID: null, levelID: null, isRequired: true };

/**
 * Other requirements: a genre at a level a student must (or may) also take, and how many genres at
 * least. The server refuses a genre and level the class already has (002 §5).
 */
export function RequirementsSection({
  classID,
  info,
  inputs,
}: {
  classID: string;
  info: ClassInfo;
  inputs: Pick<ClassFormInputs, 'genres' | 'levels'>;
}) {
  const create = useCreateRequirement();
  const update = useUpdateRequirement();
  const remove = useDeleteRequirement();
  const [editing, setEditing] = useState<OtherRequirement | null>(null);
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const reset = () => {
    setEditing(null);
    setDraft(emptyDraft);
  };
  const edit = (req: OtherRequirement) => {
    setEditing(req);
    setDraft({ genreID: req.genreID, levelID: String(req.levelID), isRequired: req.isRequired });
  };
  const submit = () => {
    if (!draft.genreID || !draft.levelID) return;
    const data = { genreID: draft.genreID, levelID: Number(draft.levelID), isRequired: draft.isRequired };
    if (editing)
      update.mutate(
        { params: { id: classID }, body: { ...data, otherReqID: editing.otherReqID } },
        notifyResult(reset),
      );
    else create.mutate({ params: { id: classID }, body: data }, notifyResult(reset));
  };
  return (
    <Stack gap="sm">
      <SectionTitle title="Other requirements" count={info.otherReq.length} />
      {info.otherReq.length === 0 ? (
        <Text size="sm" c="dimmed">
          No other requirements.
        </Text>
      ) : (
        <Stack gap={4}>
          {info.otherReq.map((req) => (
            <Group
              key={req.otherReqID}
              justify="space-between"
              wrap="nowrap"
              gap="xs"
              px="xs"
              py={4}
              bg={editing?.otherReqID === req.otherReqID ? 'var(--mantine-primary-color-light)' : undefined}
              style={{ borderRadius: 'var(--mantine-radius-sm)' }}
              aria-label={`${req.genreName}, ${req.levelName}`}
            >
              <Text size="sm" truncate>
                <strong>{req.genreName}</strong> · {req.levelName}
              </Text>
              <Group gap={2} wrap="nowrap">
                <Badge size="sm" variant={req.isRequired ? 'filled' : 'outline'} color="plum">
                  {req.isRequired ? 'Required' : 'Optional'}
                </Badge>
                <Tooltip label="Edit requirement">
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={`Edit requirement ${req.genreName} ${req.levelName}`}
                    onClick={() => edit(req)}
                  >
                    <IconPencil size={15} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label="Delete requirement">
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Delete requirement ${req.genreName} ${req.levelName}`}
                    disabled={remove.isPending}
                    onClick={() =>
                      remove.mutate({ params: { id: classID, otherReqID: req.otherReqID } }, notifyResult())
                    }
                  >
                    <IconTrash size={15} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Group>
          ))}
        </Stack>
      )}
      <Stack gap="xs" p="sm" bg="gray.0" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
        <Text size="xs" fw={600} c="dimmed">
          {editing ? `Change ${editing.genreName} · ${editing.levelName}` : 'Add a requirement'}
        </Text>
        <Group gap="xs" grow>
          <Select
            size="sm"
            aria-label="Requirement genre"
            placeholder="Genre"
            searchable
            data={inputs.genres.map((g) => ({ value: g.id, label: g.name }))}
            value={draft.genreID}
            onChange={(genreID) => setDraft((d) => ({ ...d, genreID }))}
          />
          <Select
            size="sm"
            aria-label="Requirement level"
            placeholder="Level"
            data={inputs.levels.map((l) => ({ value: String(l.id), label: l.name }))}
            value={draft.levelID}
            onChange={(levelID) => setDraft((d) => ({ ...d, levelID }))}
          />
        </Group>
        <Group gap="xs" justify="space-between">
          <SegmentedControl
            size="xs"
            aria-label="Required or optional"
            data={['Required', 'Optional']}
            value={draft.isRequired ? 'Required' : 'Optional'}
            onChange={(v) => setDraft((d) => ({ ...d, isRequired: v === 'Required' }))}
          />
          <Group gap="xs">
            {editing && (
              <Button size="xs" variant="default" onClick={reset}>
                Cancel
              </Button>
            )}
            <Button
              size="xs"
              disabled={!draft.genreID || !draft.levelID}
              loading={create.isPending || update.isPending}
              onClick={submit}
            >
              {editing ? 'Save requirement' : 'Add requirement'}
            </Button>
          </Group>
        </Group>
      </Stack>
      <MinGenreField
        key={`${info.minGenreRequired}-${info.minGenre.min}-${info.minGenre.max}`}
        classID={classID}
        info={info}
      />
    </Stack>
  );
}
