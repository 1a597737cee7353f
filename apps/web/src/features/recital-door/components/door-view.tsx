import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCircleX, IconCloudOff } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useDoor } from '../api/door';
import { type DoorResult, loadDoorCopy, storeDoorCopy, TITLES, useDoorScanner } from '../lib/door-scans';
import { CameraScanner } from './camera-scanner';

const DOORS = ['Main door', 'Side door'];
const DOOR_KEY = 'pirouette.doorname';
const time = (iso: string) =>
  new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });

function storedDoor(): string {
  try {
    const d = window.localStorage.getItem(DOOR_KEY);
    return d && DOORS.includes(d) ? d : DOORS[0]!;
  } catch {
    return DOORS[0]!;
  }
}

/** The big answer of the last scan: green let in, red refused with why. */
function ResultPanel({ result }: { result: DoorResult | null }) {
  if (!result) {
    return (
      <Card withBorder p="xl" radius="lg" bg="gray.0">
        <Text ta="center" c="dimmed">
          Scan a ticket or type its code.
        </Text>
      </Card>
    );
  }
  const ok = result.tone === 'admitted';
  const checking = result.tone === 'checking';
  const color = checking ? 'gray' : ok ? 'teal' : 'red';
  return (
    <Card
      p="xl"
      radius="lg"
      bg={`var(--mantine-color-${color}-${checking ? 1 : 7})`}
      c={checking ? 'dark' : 'white'}
      role="status"
      aria-live="assertive"
      data-testid="door-result"
      data-tone={result.tone}
    >
      <Stack gap={6} align="center">
        {checking ? (
          <Loader color="gray" />
        ) : ok ? (
          <IconCircleCheck size={56} aria-hidden />
        ) : (
          <IconCircleX size={56} aria-hidden />
        )}
        <Title order={2} ta="center" c="inherit">
          {result.title}
        </Title>
        {result.msg && (
          <Text ta="center" fw={600} fz="lg">
            {result.msg}
          </Text>
        )}
        {result.holder && <Text ta="center">{result.holder}</Text>}
        {result.provisional && !checking && (
          <Badge color="white" variant="outline" c="inherit">
            Offline check
          </Badge>
        )}
      </Stack>
    </Card>
  );
}

/**
 * The door of one show on a phone (issue 38 item 5, decision 075): the door's name chosen once, camera or
 * typed code, a big result, the scans waiting to be sent, the tickets used twice once back online, and the
 * show's counts. The ticket list is kept on the phone to check codes offline.
 */
export function DoorView({ showId }: { showId: string }) {
  const door = useDoor(showId);
  const [doorName, setDoorName] = useState(storedDoor);
  const [typed, setTyped] = useState('');
  useEffect(() => {
    if (door.data) storeDoorCopy(showId, door.data);
  }, [door.data, showId]);
  const page = door.data ?? loadDoorCopy(showId);
  const scanner = useDoorScanner(showId, doorName, page);
  const { queue } = scanner;

  return (
    <Stack gap="md">
      {!queue.online && (
        <Alert color="orange" icon={<IconCloudOff size={18} />} title="Offline" data-testid="door-offline">
          Scans are checked on this phone against the last loaded list and sent when the connection returns.
        </Alert>
      )}
      {scanner.conflicts.length > 0 && (
        <Alert
          color="red"
          icon={<IconAlertTriangle size={18} />}
          title="Used twice"
          withCloseButton
          onClose={scanner.dismissConflicts}
        >
          <Stack gap={2}>
            {scanner.conflicts.map((c) => (
              <Text key={c.clientScanId} size="sm">
                {c.seat ?? c.code}: this ticket was also scanned at{' '}
                {c.firstUse ? `${time(c.firstUse.at)}, ${c.firstUse.door}` : 'another door'} — used twice.
              </Text>
            ))}
          </Stack>
        </Alert>
      )}
      <SegmentedControl
        aria-label="This door"
        value={doorName}
        data={DOORS}
        onChange={(d) => {
          setDoorName(d);
          try {
            window.localStorage.setItem(DOOR_KEY, d);
          } catch {
            // Storage refused: the door is chosen for this visit.
          }
        }}
      />
      <ResultPanel result={scanner.result} />
      <CameraScanner onCode={(code) => void scanner.scan(code)} />
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!typed.trim()) return;
          void scanner.scan(typed);
          setTyped('');
        }}
      >
        <Group align="end" gap="xs" wrap="nowrap">
          <TextInput
            label="Ticket code"
            placeholder="Type the code under the QR"
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
            autoCapitalize="off"
            autoComplete="off"
            autoCorrect="off"
            spellCheck={false}
            style={{ flex: 1 }}
          />
          <Button type="submit">Check</Button>
        </Group>
      </form>
      <Group justify="space-between" data-testid="door-queue">
        <Text size="sm" c={queue.count > 0 ? 'orange.8' : 'dimmed'} fw={queue.count > 0 ? 600 : 400}>
          {queue.count === 0
            ? 'Every scan sent'
            : `${queue.count} ${queue.count === 1 ? 'scan' : 'scans'} waiting to be sent`}
        </Text>
        {queue.count > 0 && queue.online && (
          <Button
            size="compact-sm"
            variant="light"
            loading={queue.sending}
            onClick={() => void queue.flush()}
          >
            Send now
          </Button>
        )}
      </Group>
      {queue.refused && <Alert color="red">{queue.refused}</Alert>}
      {page && (
        <>
          <SimpleGrid cols={3}>
            {[
              ['Sold', page.counts.sold],
              ['In', page.counts.admitted],
              ['To come', page.counts.left],
            ].map(([label, n]) => (
              <Card key={label} withBorder p="sm" ta="center">
                <Text fz={28} fw={700} lh={1.1}>
                  {n}
                </Text>
                <Text size="xs" c="dimmed">
                  {label}
                </Text>
              </Card>
            ))}
          </SimpleGrid>
          {page.recent.length > 0 && (
            <Stack gap={4}>
              <Text fw={600} size="sm">
                Latest scans
              </Text>
              {page.recent.slice(0, 8).map((r) => (
                <Group key={r.id} justify="space-between" wrap="nowrap" gap="xs">
                  <Text size="sm" truncate>
                    {time(r.scannedAt)} · {r.seat ?? 'unknown code'}
                  </Text>
                  <Badge
                    color={r.result === 'admitted' ? 'teal' : 'red'}
                    variant="light"
                    style={{ flexShrink: 0 }}
                  >
                    {TITLES[r.result]}
                  </Badge>
                </Group>
              ))}
            </Stack>
          )}
        </>
      )}
    </Stack>
  );
}
