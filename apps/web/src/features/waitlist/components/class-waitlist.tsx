import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { formatDateOnly, type WaitlistEntry } from '@pirouette/domain';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { useState } from 'react';
import { SectionLoadError } from '../../../components/section-load-error';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/use-session';
import { useClassWaitlist, useOfferPlace, useRemoveFromWaitlist, useReorderWaitlist } from '../api/waitlist';
import { heldUntilText, moveInOrder, splitClassEntries } from '../lib/waitlist';

const PAST: Record<string, string> = {
  accepted: 'Took the place',
  declined: 'Declined',
  expired: 'Offer expired',
  removed: 'Removed',
};

/** A place offered: the dancer, until when it is held, and taking them off. */
function OfferRow({
  e,
  zone,
  removing,
  locked,
  onRemove,
}: {
  e: WaitlistEntry;
  zone: string | null | undefined;
  removing: boolean;
  locked: boolean;
  onRemove: () => void;
}) {
  return (
    <Paper withBorder p="xs" radius="md" data-testid="waitlist-offer">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Stack gap={0} miw={0}>
          <Group gap={6}>
            <Text size="sm" fw={600}>
              {e.student}
            </Text>
            <Badge size="xs" color="teal">
              Offered
            </Badge>
          </Group>
          <Text size="xs" c="dimmed">
            {e.family} · {heldUntilText(e, zone)}
          </Text>
        </Stack>
        <Button
          size="compact-xs"
          variant="subtle"
          color="red"
          onClick={onRemove}
          loading={removing}
          disabled={locked}
          aria-label={`Remove ${e.student}`}
        >
          Remove
        </Button>
      </Group>
    </Paper>
  );
}

/**
 * The owner's waitlist of one class (issue 15 point 5): the waiting in order, moved up or down, offered
 * the place out of turn or removed; the offers holding a place and until when; what became of the rest.
 */
export function ClassWaitlist({ classId, timeZone }: { classId: string; timeZone?: string | null }) {
  const session = useSession();
  const zone = timeZone ?? session?.user.timeZone;
  const list = useClassWaitlist(classId);
  const reorder = useReorderWaitlist();
  const offer = useOfferPlace();
  const remove = useRemoveFromWaitlist();
  const [busy, setBusy] = useState<string | null>(null);

  if (list.isPending) return <Skeleton h={60} aria-label="Loading the waitlist" />;
  if (list.isError) return <SectionLoadError error={list.error} onRetry={() => list.refetch()} />;
  const { waiting, offers, past } = splitClassEntries(list.data);
  const ids = waiting.map((e) => e.id);
  const callbacks = (say?: string) => ({
    onSuccess: (r: { msg: string }) => notifySuccess(say ?? r.msg),
    onError: (error: unknown) => notifyError(error),
    onSettled: () => setBusy(null),
  });
  const move = (e: WaitlistEntry, by: -1 | 1) => {
    setBusy(`move:${e.id}`);
    reorder.mutate({ params: { id: classId }, body: { ids: moveInOrder(ids, e.id, by) } }, callbacks());
  };
  const offerTo = (e: WaitlistEntry) => {
    setBusy(`offer:${e.id}`);
    offer.mutate({ params: { id: classId, entryId: e.id } }, callbacks());
  };
  const removeOne = (e: WaitlistEntry) => {
    setBusy(`remove:${e.id}`);
    remove.mutate({ params: { id: classId, entryId: e.id } }, callbacks());
  };
  const locked = busy !== null;

  return (
    <Stack gap="sm" aria-label="Waitlist" role="region">
      <Group justify="space-between">
        <Title order={4} fz="md">
          Waitlist
        </Title>
        <Text size="sm" c="dimmed">
          {waiting.length === 0 ? 'No one waiting' : `${waiting.length} waiting`}
        </Text>
      </Group>
      {offers.map((e) => (
        <OfferRow
          key={e.id}
          e={e}
          zone={zone}
          removing={busy === `remove:${e.id}`}
          locked={locked}
          onRemove={() => removeOne(e)}
        />
      ))}
      {waiting.map((e, i) => (
        <Paper key={e.id} withBorder p="xs" radius="md" data-testid="waitlist-waiting">
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Group gap="xs" wrap="nowrap" miw={0}>
              <Text fw={700} size="sm" w={28} ta="center" style={{ fontVariantNumeric: 'tabular-nums' }}>
                #{e.position ?? i + 1}
              </Text>
              <Stack gap={0} miw={0}>
                <Text size="sm" fw={600}>
                  {e.student}
                </Text>
                <Text size="xs" c="dimmed">
                  {e.family} · since {formatDateOnly(e.createdAt.slice(0, 10))}
                </Text>
              </Stack>
            </Group>
            <Group gap={4} wrap="nowrap">
              <Tooltip label="Move up">
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  onClick={() => move(e, -1)}
                  disabled={locked || i === 0}
                  aria-label={`Move ${e.student} up`}
                >
                  <IconArrowUp size={16} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label="Move down">
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  onClick={() => move(e, 1)}
                  disabled={locked || i === waiting.length - 1}
                  aria-label={`Move ${e.student} down`}
                >
                  <IconArrowDown size={16} />
                </ActionIcon>
              </Tooltip>
              <Button
                size="compact-xs"
                variant="light"
                onClick={() => offerTo(e)}
                loading={busy === `offer:${e.id}`}
                disabled={locked}
                aria-label={`Offer the place to ${e.student}`}
              >
                Offer the place
              </Button>
              <Button
                size="compact-xs"
                variant="subtle"
                color="red"
                onClick={() => removeOne(e)}
                loading={busy === `remove:${e.id}`}
                disabled={locked}
                aria-label={`Remove ${e.student}`}
              >
                Remove
              </Button>
            </Group>
          </Group>
        </Paper>
      ))}
      {past.length > 0 && (
        <Stack gap={2}>
          <Text size="xs" fw={600} c="dimmed">
            Earlier
          </Text>
          {past.slice(0, 5).map((e) => (
            <Text key={e.id} size="xs" c="dimmed" data-testid="waitlist-past">
              {e.student} ({e.family}): {PAST[e.status] ?? e.status}
            </Text>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
