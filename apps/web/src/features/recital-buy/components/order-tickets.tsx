import { Alert, Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type TicketItem, type TicketOrder, ticketKindLabels } from '@pirouette/domain';
import { IconCircleCheck, IconDeviceMobile, IconMail, IconShare } from '@tabler/icons-react';
import { Link } from 'react-router';
import { doorsWords, showWhen } from '../lib/sale-words';
import { TicketQr, ticketLink } from './ticket-qr';

/** A ticket's page (the QR big, for the door). */
export const ticketPath = (code: string) => `/tickets/t/${encodeURIComponent(code)}`;

/** The ticket's state beside its seat, when it is not simply valid. */
function TicketState({ ticket }: { ticket: TicketItem }) {
  if (ticket.state === 'refunded') return <Badge color="gray">Refunded</Badge>;
  if (ticket.usedAt) return <Badge color="gray">Used</Badge>;
  if (ticket.state !== 'sold') return <Badge color="gray">Not issued</Badge>;
  return null;
}

/** One ticket of an order: its QR, its seat and kind, the link that opens it big. */
export function TicketCard({ ticket, show }: { ticket: TicketItem; show: string }) {
  const seat = `${ticket.section} · ${ticket.label}`;
  return (
    <Paper withBorder radius="md" p="md" data-testid="ticket-card">
      <Stack gap="sm" align="center">
        {ticket.code && ticket.state === 'sold' ? (
          <Anchor component={Link} to={ticketPath(ticket.code)} aria-label={`Open the ticket for ${seat}`}>
            <TicketQr code={ticket.code} size={168} label={`the ticket for ${seat}, ${show}`} />
          </Anchor>
        ) : null}
        <Stack gap={2} align="center">
          <Text fw={700}>{seat}</Text>
          <Group gap={6}>
            <Text size="sm" c="dimmed">
              {ticketKindLabels[ticket.kind]}
            </Text>
            <TicketState ticket={ticket} />
          </Group>
        </Stack>
        {ticket.code && ticket.state === 'sold' && (
          <Button
            component={Link}
            to={ticketPath(ticket.code)}
            variant="light"
            size="xs"
            leftSection={<IconDeviceMobile size={14} />}
          >
            Open for the door
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

/** Shares a ticket's link where the phone can (its share sheet has "Add to Home Screen"), else copies it. */
function ShareTickets({ order }: { order: TicketOrder }) {
  const first = order.tickets.find((t) => t.code && t.state === 'sold');
  if (!first?.code || typeof navigator === 'undefined' || !('share' in navigator)) return null;
  const share = () =>
    navigator
      .share({ title: `${order.recitalName} — ${order.show.name}`, url: ticketLink(first.code ?? '') })
      .catch(() => undefined);
  return (
    <Button variant="default" leftSection={<IconShare size={16} />} onClick={share} w="fit-content">
      Share or save to your phone
    </Button>
  );
}

/**
 * An order's tickets (issue 38 items 4 and 5): the show, a QR for each seat, where they were mailed, and
 * how to keep them on the phone. After paying, the server's sentence heads it; `bare` leaves out the
 * heading where the order's own line says it.
 */
export function OrderTickets({
  order,
  msg,
  bare = false,
}: {
  order: TicketOrder;
  msg?: string;
  bare?: boolean;
}) {
  const show = `${order.show.name}, ${showWhen(order.show)}`;
  const issued = order.tickets.filter((t) => t.state === 'sold' || t.state === 'refunded');
  return (
    <Stack gap="md" data-testid="order-tickets">
      {msg && (
        <Alert
          color={order.state === 'paid' ? 'teal' : 'yellow'}
          icon={<IconCircleCheck size={20} />}
          role="status"
        >
          {msg}
        </Alert>
      )}
      {!bare && (
        <Stack gap={2}>
          <Title order={2} fz="xl">
            {order.recitalName}: {order.show.name}
          </Title>
          <Text size="sm" c="dimmed">
            {showWhen(order.show)} · {doorsWords(order.show)} · {order.venueName}
          </Text>
          <Text size="sm" c="dimmed">
            Order #{order.number}
          </Text>
        </Stack>
      )}
      {issued.length > 0 && (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
          {issued.map((t) => (
            <TicketCard key={t.id} ticket={t} show={show} />
          ))}
        </SimpleGrid>
      )}
      <Group gap={8} wrap="nowrap" align="flex-start">
        <IconMail size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
        {issued.length > 0 ? (
          <Text size="sm">
            The tickets were e-mailed to <strong>{order.buyerEmail}</strong>. Show each code at the door, on
            your phone or printed.
          </Text>
        ) : (
          <Text size="sm">
            The tickets will be e-mailed to <strong>{order.buyerEmail}</strong> once the payment is confirmed.
          </Text>
        )}
      </Group>
      {issued.length > 0 && (
        <Group gap={8} wrap="nowrap" align="flex-start">
          <IconDeviceMobile size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Text size="sm">
            To keep a ticket on your phone, open it and add it to your home screen (Share, then “Add to Home
            Screen”).
          </Text>
        </Group>
      )}
      <ShareTickets order={order} />
    </Stack>
  );
}
