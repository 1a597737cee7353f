import { ActionIcon, Button, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { countOf, formatDateOnly, lengthText, type RecitalBoard, type ShowDetail } from '@pirouette/domain';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useArchiveRecital, useRemoveShow } from '../api/shows';
import { RecitalDialog } from './recital-dialog';
import { ShowDialog } from './show-dialog';

const daysText = (first: string, last: string) =>
  first === last ? formatDateOnly(first) : `${formatDateOnly(first)} – ${formatDateOnly(last)}`;

/** The recital's details and its shows, each edited or removed; a show added; the recital archived. */
export function RecitalCard({ board }: { board: RecitalBoard }) {
  const r = board.recital;
  const [editing, setEditing] = useState(false);
  const [showDialog, setShowDialog] = useState<{ show: ShowDetail | null } | null>(null);
  const [removing, setRemoving] = useState<ShowDetail | null>(null);
  const [archiving, setArchiving] = useState(false);
  const remove = useRemoveShow();
  const archive = useArchiveRecital();
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Stack gap={0}>
            <Title order={3}>{r.name}</Title>
            <Text size="sm">
              {[r.venueName, r.venueAddress].filter(Boolean).join(' · ') || 'No venue yet'} ·{' '}
              {daysText(r.firstDay, r.lastDay)}
            </Text>
            <Text size="sm" c="dimmed">
              {r.gapSeconds} s between numbers · intermission {r.intermissionMinutes} min
            </Text>
          </Stack>
          <Group gap="xs">
            <Button variant="default" leftSection={<IconPencil size={16} />} onClick={() => setEditing(true)}>
              Edit recital
            </Button>
            <Button variant="subtle" color="gray" onClick={() => setArchiving(true)}>
              Archive
            </Button>
          </Group>
        </Group>
        <Group justify="space-between">
          <Title order={4}>Shows</Title>
          <Button
            size="xs"
            leftSection={<IconPlus size={14} />}
            onClick={() => setShowDialog({ show: null })}
          >
            Add show
          </Button>
        </Group>
        {board.shows.length === 0 ? (
          <Text size="sm" c="dimmed">
            No show yet. Add the recital's shows (a matinee and an evening, say), then place the numbers in
            them.
          </Text>
        ) : (
          <Stack gap={6}>
            {board.shows.map((s) => (
              <Paper key={s.id} withBorder p="xs" radius="sm" data-testid="show-row">
                <Group justify="space-between" wrap="nowrap">
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text fw={600}>{s.name}</Text>
                    <Text size="sm" c="dimmed">
                      {formatDateOnly(s.day)} · doors {s.doorsAt} · curtain {s.startsAt} ·{' '}
                      {countOf(s.numbers, 'number', 'numbers')} · {lengthText(s.seconds)}
                    </Text>
                  </Stack>
                  <Group gap={4} wrap="nowrap">
                    <Tooltip label={`Edit ${s.name}`}>
                      <ActionIcon
                        variant="subtle"
                        aria-label={`Edit ${s.name}`}
                        onClick={() => setShowDialog({ show: s })}
                      >
                        <IconPencil size={16} />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label={`Remove ${s.name}`}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove ${s.name}`}
                        onClick={() => setRemoving(s)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
      </Stack>
      {editing ? <RecitalDialog opened onClose={() => setEditing(false)} recital={r} /> : null}
      {showDialog ? (
        <ShowDialog
          opened
          onClose={() => setShowDialog(null)}
          recitalId={r.id}
          firstDay={r.firstDay}
          show={showDialog.show}
        />
      ) : null}
      <ConfirmDeleteDialog
        opened={removing !== null}
        title="Remove the show?"
        confirmLabel="Remove"
        loading={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          remove.mutate(
            { params: { showId: removing.id } },
            {
              onSuccess: (a) => {
                notifySuccess(a.msg);
                setRemoving(null);
              },
              onError: (e) => notifyError(e),
            },
          )
        }
      >
        {removing?.name} goes, and its numbers go back among those that need a show.
      </ConfirmDeleteDialog>
      <ConfirmDeleteDialog
        opened={archiving}
        title="Archive the recital?"
        confirmLabel="Archive"
        loading={archive.isPending}
        onClose={() => setArchiving(false)}
        onConfirm={() =>
          archive.mutate(
            { params: { recitalId: r.id }, body: { archived: true } },
            {
              onSuccess: (a) => {
                notifySuccess(a.msg);
                setArchiving(false);
              },
              onError: (e) => notifyError(e),
            },
          )
        }
      >
        {r.name} leaves the recital screens' lists; nothing of it is deleted.
      </ConfirmDeleteDialog>
    </Paper>
  );
}
