import { Alert, Badge, Button, Card, Group, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import type { BackstageDancer, BackstagePage } from '@pirouette/domain';
import { IconAlertTriangle, IconCloudOff, IconSearch } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { SectionLoadError } from '../../../components/section-load-error';
import { DEVICE_COPY_KEYS } from '../../../lib/device-copies';
import { sendBackstage, useBackstage } from '../api/door';
import { newEventId, useEventQueue } from '../lib/event-queue';

type QueuedSignin = { id: string; studentId: string; kind: 'in' | 'out'; at: string; pickedUpBy?: string };
const isSignin = (x: unknown): x is QueuedSignin =>
  typeof x === 'object' &&
  x !== null &&
  typeof (x as QueuedSignin).id === 'string' &&
  typeof (x as QueuedSignin).studentId === 'string' &&
  ((x as QueuedSignin).kind === 'in' || (x as QueuedSignin).kind === 'out');

const copyKey = (showId: string) => `${DEVICE_COPY_KEYS.door}backstage.${showId}`;
const time = (iso: string) =>
  new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });

function loadCopy(showId: string): BackstagePage | null {
  try {
    return JSON.parse(window.localStorage.getItem(copyKey(showId)) ?? 'null') as BackstagePage | null;
  } catch {
    return null;
  }
}

/** A dancer's state with the phone's waiting events applied over the last loaded one. */
function withWaiting(
  d: BackstageDancer,
  waiting: readonly QueuedSignin[],
): BackstageDancer & { waiting: boolean } {
  const mine = waiting.filter((w) => w.studentId === d.studentId);
  const last = mine[mine.length - 1];
  if (!last) return { ...d, waiting: false };
  return {
    ...d,
    state: last.kind,
    inAt: last.kind === 'in' ? last.at : d.inAt,
    outAt: last.kind === 'out' ? last.at : null,
    pickedUpBy: last.pickedUpBy ?? null,
    waiting: true,
  };
}

/** One dancer: name, state, note, and the sign-in / sign-out button. */
function DancerRow({
  dancer: d,
  onToggle,
}: {
  dancer: BackstageDancer & { waiting: boolean };
  onToggle: () => void;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <Stack gap={0} miw={0}>
        <Text fw={600} truncate>
          {d.firstName} {d.lastName}
        </Text>
        <Text size="xs" c="dimmed">
          {d.state === 'waiting'
            ? 'Not arrived'
            : d.state === 'in'
              ? `In since ${d.inAt ? time(d.inAt) : ''}`
              : `Out at ${d.outAt ? time(d.outAt) : ''}${d.pickedUpBy ? `, with ${d.pickedUpBy}` : ''}`}
          {d.waiting ? ' · not sent yet' : ''}
        </Text>
        {d.note && (
          <Badge
            color="red"
            variant="light"
            leftSection={<IconAlertTriangle size={12} />}
            mt={2}
            style={{ textTransform: 'none' }}
          >
            {d.note}
          </Badge>
        )}
      </Stack>
      <Button
        size="sm"
        variant={d.state === 'in' ? 'default' : 'filled'}
        color={d.state === 'in' ? 'gray' : 'teal'}
        style={{ flexShrink: 0 }}
        aria-label={`${d.state === 'in' ? 'Sign out' : 'Sign in'} ${d.firstName} ${d.lastName}`}
        onClick={onToggle}
      >
        {d.state === 'in' ? 'Sign out' : 'Sign in'}
      </Button>
    </Group>
  );
}

/**
 * Backstage on a phone (issue 38 item 6, decision 075): the show's numbers in running order with their
 * dancers, a sign-in / sign-out per dancer (who picked up asked on the way out), a search by name, the
 * counts, each dancer's allergies or medical note. Works offline: events wait on the phone and are sent
 * when back (each once, its id).
 */
export function BackstageView({ showId }: { showId: string }) {
  const backstage = useBackstage(showId);
  const [search, setSearch] = useState('');
  const [leaving, setLeaving] = useState<BackstageDancer | null>(null);
  const [pickedUpBy, setPickedUpBy] = useState('');
  useEffect(() => {
    if (!backstage.data) return;
    try {
      window.localStorage.setItem(copyKey(showId), JSON.stringify(backstage.data));
    } catch {
      // Storage refused: no copy for offline.
    }
  }, [backstage.data, showId]);
  const send = useCallback(
    async (batch: QueuedSignin[]) => {
      const answer = await sendBackstage(showId, {
        events: batch.map(({ id, studentId, kind, at, pickedUpBy: by }) => ({
          clientId: id,
          studentId,
          kind,
          at,
          ...(by ? { pickedUpBy: by } : {}),
        })),
      });
      return [...answer.saved, ...answer.ignored, ...answer.refused];
    },
    [showId],
  );
  const queue = useEventQueue<QueuedSignin>(`pirouette.backstage.${showId}`, isSignin, send);
  const page = backstage.data ?? loadCopy(showId);
  const sign = (d: BackstageDancer, kind: 'in' | 'out', by?: string) =>
    void queue.add({
      id: newEventId(),
      studentId: d.studentId,
      kind,
      at: new Date().toISOString(),
      ...(by ? { pickedUpBy: by } : {}),
    });

  const numbers = useMemo(() => {
    if (!page) return [];
    const q = search.trim().toLowerCase();
    return page.numbers
      .map((n) => ({
        ...n,
        dancers: n.dancers
          .map((d) => withWaiting(d, queue.waiting))
          .filter((d) => !q || `${d.firstName} ${d.lastName}`.toLowerCase().includes(q)),
      }))
      .filter((n) => n.dancers.length > 0 || !q);
  }, [page, search, queue.waiting]);

  if (!page) {
    if (backstage.isError)
      return <SectionLoadError error={backstage.error} onRetry={() => backstage.refetch()} />;
    return <Loader />;
  }
  const everyone = new Map(
    page.numbers.flatMap((n) => n.dancers.map((d) => [d.studentId, withWaiting(d, queue.waiting)])),
  );
  const inCount = [...everyone.values()].filter((d) => d.state === 'in').length;
  return (
    <Stack gap="md">
      {!queue.online && (
        <Alert color="orange" icon={<IconCloudOff size={18} />} title="Offline">
          Sign-ins are kept on this phone and sent when the connection returns.
        </Alert>
      )}
      <Group justify="space-between" wrap="nowrap">
        <Text fw={700} data-testid="backstage-counts">
          {inCount} of {everyone.size} dancers in
        </Text>
        <Text size="sm" c={queue.count > 0 ? 'orange.8' : 'dimmed'}>
          {queue.count === 0 ? 'All saved' : `${queue.count} waiting to be sent`}
        </Text>
      </Group>
      <TextInput
        aria-label="Find a dancer"
        placeholder="Find a dancer"
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
      />
      {page.numbers.length === 0 && <Text c="dimmed">No dance number is placed in this show yet.</Text>}
      {numbers.map((n) => (
        <Card key={n.id} withBorder p="sm">
          <Text fw={700} mb="xs">
            {n.position + 1}. {n.name}
          </Text>
          <Stack gap="xs">
            {n.dancers.map((d) => (
              <DancerRow
                key={d.studentId}
                dancer={d}
                onToggle={() => {
                  if (d.state === 'in') {
                    setPickedUpBy('');
                    setLeaving(d);
                  } else sign(d, 'in');
                }}
              />
            ))}
          </Stack>
        </Card>
      ))}
      <Modal
        opened={leaving !== null}
        onClose={() => setLeaving(null)}
        title={`Sign out ${leaving?.firstName ?? ''}`}
      >
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (leaving) sign(leaving, 'out', pickedUpBy.trim() || undefined);
            setLeaving(null);
          }}
        >
          <Stack>
            <TextInput
              label="Picked up by"
              placeholder="The grown-up's name"
              value={pickedUpBy}
              onChange={(e) => setPickedUpBy(e.currentTarget.value)}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setLeaving(null)}>
                Cancel
              </Button>
              <Button type="submit">Sign out</Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Stack>
  );
}
