import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { centsText, formatDateOnly, type OwnerTicketOrder, ticketKindLabels } from '@pirouette/domain';
import { useState } from 'react';
import { dialogStyles } from '../../../components/config-dialog';
import { errorText, notifySuccess } from '../../../lib/notify';
import { useRefundTickets, useTicketOrder } from '../api/tickets';
import { OrderState } from './order-state';

const NUMBERS = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

const TICKET_STATES = { held: 'Held', sold: 'Valid', released: 'Released', refunded: 'Refunded' } as const;

function TicketState({ state, usedAt }: { state: keyof typeof TICKET_STATES; usedAt: string | null }) {
  if (usedAt)
    return (
      <Badge color="gray" variant="light" size="sm">
        Used
      </Badge>
    );
  const color = state === 'sold' ? 'teal' : state === 'refunded' ? 'orange' : 'gray';
  return (
    <Badge color={color} variant="light" size="sm">
      {TICKET_STATES[state]}
    </Badge>
  );
}

/** The refund's confirmation: what goes back, and why (the reason is kept with the refund). */
function RefundConfirm({
  order,
  ticketIds,
  onClose,
}: {
  order: OwnerTicketOrder;
  ticketIds: string[];
  onClose: () => void;
}) {
  const refund = useRefundTickets();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const chosen = order.tickets.filter((t) => ticketIds.includes(t.id));
  const amount = chosen.reduce((sum, t) => sum + t.price, 0);
  const all = chosen.length === order.tickets.filter((t) => t.state === 'sold').length;
  const submit = () => {
    if (!reason.trim()) {
      setError('Say why the order is refunded.');
      return;
    }
    refund.mutate(
      { params: { id: order.id }, body: all ? { all: true, reason } : { ticketIds, reason } },
      {
        onSuccess: (answer) => {
          notifySuccess(answer.msg);
          onClose();
        },
        onError: (e) => setError(errorText(e)),
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title="Refund tickets" centered radius="lg" styles={dialogStyles}>
      <Stack gap="md">
        <Text>
          Refund {centsText(amount)} to {order.buyerName || 'the buyer'}’s card for{' '}
          {chosen.map((t) => `${t.section} ${t.label}`).join(', ')}? The seats become free to sell again and
          the buyer is e-mailed.
        </Text>
        <TextInput
          label="Reason"
          placeholder="Cannot come"
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          maxLength={200}
          data-autofocus
        />
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={refund.isPending}>
            Cancel
          </Button>
          <Button color="red" onClick={submit} loading={refund.isPending}>
            Refund {centsText(amount)}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function OrderBody({ order }: { order: OwnerTicketOrder }) {
  const sold = order.tickets.filter((t) => t.state === 'sold');
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [confirm, setConfirm] = useState<string[] | null>(null);
  const toggle = (id: string) =>
    setPicked((was) => {
      const next = new Set(was);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const canRefund = order.refundable && sold.length > 0;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Text fw={600}>{order.buyerName || 'Buyer not named yet'}</Text>
          <Text size="sm" c="dimmed">
            {order.buyerEmail}
          </Text>
          <Text size="sm" c="dimmed">
            {order.show.name}, {formatDateOnly(order.show.day)} ·{' '}
            {order.channel === 'family' ? 'A family' : 'Public'}
          </Text>
        </Stack>
        <Stack gap={4} align="flex-end">
          <OrderState state={order.state} />
          <Text fw={700} style={NUMBERS}>
            {centsText(order.total)}
          </Text>
          {order.refunded > 0 && (
            <Text size="sm" c="orange.8" style={NUMBERS}>
              {centsText(order.refunded)} refunded
            </Text>
          )}
        </Stack>
      </Group>
      <Table.ScrollContainer minWidth={420}>
        <Table verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              {canRefund && <Table.Th w={36} aria-label="Choose" />}
              <Table.Th>Seat</Table.Th>
              <Table.Th>Ticket</Table.Th>
              <Table.Th ta="right">Price</Table.Th>
              <Table.Th>State</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {order.tickets.map((t) => (
              <Table.Tr key={t.id} data-testid="order-ticket">
                {canRefund && (
                  <Table.Td>
                    {t.state === 'sold' && (
                      <Checkbox
                        aria-label={`Choose ${t.section} ${t.label}`}
                        checked={picked.has(t.id)}
                        onChange={() => toggle(t.id)}
                      />
                    )}
                  </Table.Td>
                )}
                <Table.Td>
                  {t.section} {t.label}
                </Table.Td>
                <Table.Td>{ticketKindLabels[t.kind]}</Table.Td>
                <Table.Td ta="right" style={NUMBERS}>
                  {centsText(t.price)}
                </Table.Td>
                <Table.Td>
                  <TicketState state={t.state} usedAt={t.usedAt} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {!order.refundable && order.refundRefusal && order.state === 'paid' && (
        <Text size="sm" c="dimmed">
          {order.refundRefusal}
        </Text>
      )}
      {canRefund && (
        <Group justify="flex-end">
          <Button variant="default" disabled={picked.size === 0} onClick={() => setConfirm([...picked])}>
            Refund chosen
          </Button>
          <Button color="red" variant="light" onClick={() => setConfirm(sold.map((t) => t.id))}>
            Refund all
          </Button>
        </Group>
      )}
      {confirm && (
        <RefundConfirm
          order={order}
          ticketIds={confirm}
          onClose={() => {
            setConfirm(null);
            setPicked(new Set());
          }}
        />
      )}
    </Stack>
  );
}

/** One order opened: its tickets (used or not), and the refund of some or all of them, confirmed. */
export function OrderDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const order = useTicketOrder(id);
  const title = order.data ? `Order ${order.data.number}` : 'Order';
  return (
    <Modal opened={!!id} onClose={onClose} title={title} size="lg" radius="lg" styles={dialogStyles}>
      {order.isPending ? (
        <Skeleton h={160} aria-label="Loading the order" />
      ) : order.error ? (
        <Alert color="red" variant="light">
          {errorText(order.error)}
        </Alert>
      ) : (
        <OrderBody key={order.data!.id} order={order.data!} />
      )}
    </Modal>
  );
}
