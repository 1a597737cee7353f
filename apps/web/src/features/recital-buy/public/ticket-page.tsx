import { Alert, Badge, Card, Center, Divider, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { DEFAULT_TIME_ZONE, formatDateTime, type PublicTicket, ticketKindLabels } from '@pirouette/domain';
import { IconAlertTriangle, IconCircleCheck, IconDoorEnter } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { errorText } from '../../../lib/notify';
import { usePublicTicket } from '../api/tickets';
import { TicketQr } from '../components/ticket-qr';
import { doorsWords, showWhen } from '../lib/sale-words';
import { PublicShell } from './public-shell';

/** Whether the ticket still lets its holder in, in words and colour (and an icon: not by colour alone). */
function TicketStanding({ ticket }: { ticket: PublicTicket }) {
  if (ticket.state === 'refunded') {
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} />} role="status">
        This ticket was refunded and is no longer valid.
      </Alert>
    );
  }
  if (ticket.usedAt) {
    const at = formatDateTime(
      ticket.usedAt,
      Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_TIME_ZONE,
    );
    return (
      <Alert
        color="gray"
        variant="light"
        icon={<IconDoorEnter size={20} />}
        role="status"
        data-testid="ticket-used"
      >
        Used at the door: {at}.
      </Alert>
    );
  }
  if (ticket.state !== 'sold') {
    return (
      <Alert color="gray" variant="light" role="status">
        This ticket is not valid.
      </Alert>
    );
  }
  return (
    <Group gap={6} justify="center">
      <IconCircleCheck size={18} color="var(--mantine-color-teal-8)" aria-hidden />
      <Text fw={700} c="teal.9">
        Valid: show this code at the door
      </Text>
    </Group>
  );
}

/**
 * One ticket for the door, `/tickets/t/:code` (issue 38 item 5, decision 077): what its mail links to
 * and its QR opens. A big QR, the show, day and doors, the seat, and whether it is used (when).
 */
export function TicketPage() {
  const { code = '' } = useParams();
  const ticket = usePublicTicket(code);
  const t = ticket.data;
  return (
    <PublicShell studio={t?.studioName}>
      {ticket.isPending ? (
        <Skeleton h={520} maw={420} mx="auto" radius="lg" aria-label="Loading the ticket" />
      ) : ticket.isError || !t ? (
        <LoadError message={errorText(ticket.error)} onRetry={() => ticket.refetch()} />
      ) : (
        <Card
          withBorder
          radius="lg"
          maw={440}
          mx="auto"
          p={{ base: 'md', sm: 'xl' }}
          data-testid="ticket-page"
        >
          <Stack gap="md">
            <Stack gap={2} ta="center">
              <Text size="sm" c="dimmed">
                {t.recitalName}
              </Text>
              <Title order={1} fz={{ base: 24, sm: 28 }}>
                {t.show.name}
              </Title>
              <Text>{showWhen(t.show)}</Text>
              <Text size="sm" c="dimmed">
                {doorsWords(t.show)} · {t.venueName}
              </Text>
            </Stack>
            <Center style={{ opacity: t.state === 'sold' && !t.usedAt ? 1 : 0.35 }}>
              <TicketQr code={t.code} size={280} label={`the ticket for seat ${t.label}`} />
            </Center>
            <TicketStanding ticket={t} />
            <Divider />
            <Group justify="space-around" ta="center" gap="md">
              <Stack gap={0}>
                <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                  Section
                </Text>
                <Text fw={700} fz="lg">
                  {t.section}
                </Text>
              </Stack>
              <Stack gap={0}>
                <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                  Row
                </Text>
                <Text fw={700} fz="lg">
                  {t.row}
                </Text>
              </Stack>
              <Stack gap={0}>
                <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                  Seat
                </Text>
                <Text fw={700} fz="lg">
                  {t.number}
                </Text>
              </Stack>
            </Group>
            <Group justify="center" gap="xs">
              <Badge variant="light">{ticketKindLabels[t.kind]}</Badge>
              <Text size="sm" c="dimmed">
                Order #{t.orderNumber} · {t.buyerName}
              </Text>
            </Group>
            {t.venueAddress && (
              <Text size="sm" c="dimmed" ta="center">
                {t.venueAddress}
              </Text>
            )}
          </Stack>
        </Card>
      )}
    </PublicShell>
  );
}
