import { Anchor, Badge, Button, Card, Collapse, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { centsText, type TicketOrder, ticketOrderStateLabels } from '@pirouette/domain';
import { IconArrowLeft, IconTicket } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { SectionLoadError } from '../../../components/section-load-error';
import { useSession } from '../../../lib/use-session';
import { useFamilyOrders, useFamilyRecitals } from '../api/tickets';
import { OrderTickets } from '../components/order-tickets';
import { BalanceRefusal, RecitalSaleCard } from '../components/recital-sale-card';
import { showWhen } from '../lib/sale-words';

/** The family's tickets page, and a show's seats under it. */
export const PARENT_TICKETS_PATH = '/accounts/parents/tickets';
/** The portal's checkout, opened on arrival (cards' PAY_NOW_PARAM). */
const PAY_BALANCE_HREF = '/accounts/parents?pay=now';

/**
 * Recital tickets on the parent portal (issue 38 item 4, decision 077): the recitals on sale or coming,
 * each show with its seats left and the family's comps, why the family may not buy when it may not (its
 * balance, with the way to pay it); then the family's orders, each opening its tickets' QR codes.
 */
export function ParentTicketsPage() {
  const session = useSession();
  const recitals = useFamilyRecitals();
  const timeZone = session?.user.timeZone || undefined;
  return (
    <Stack gap="lg">
      <Group gap="xs">
        <Anchor component={Link} to="/accounts/parents" size="sm">
          <Group gap={4}>
            <IconArrowLeft size={14} aria-hidden /> Your family's page
          </Group>
        </Anchor>
      </Group>
      <Title order={1} fz={{ base: 26, sm: 32 }}>
        Recital tickets
      </Title>
      {recitals.isPending ? (
        <Skeleton h={240} radius="lg" aria-label="Loading the recitals" />
      ) : recitals.isError ? (
        <SectionLoadError error={recitals.error} onRetry={() => recitals.refetch()} />
      ) : recitals.data.recitals.length === 0 ? (
        <EmptyState title="No tickets on sale" icon={IconTicket}>
          The studio has no recital tickets on sale for families right now.
        </EmptyState>
      ) : (
        recitals.data.recitals.map((r) => (
          <RecitalSaleCard
            key={r.id}
            recital={r}
            timeZone={timeZone}
            mayBuy={r.mayBuy}
            showHref={(showId) => `${PARENT_TICKETS_PATH}/${showId}`}
            refusal={
              r.refusal ? (
                <BalanceRefusal
                  msg={r.refusal.msg}
                  payHref={r.refusal.code === 'balance_owed' ? PAY_BALANCE_HREF : undefined}
                />
              ) : null
            }
          />
        ))
      )}
      <FamilyOrders />
    </Stack>
  );
}

/** The family's orders: paid (their tickets), being checked, refunded. Held or ended ones are left out. */
function FamilyOrders() {
  const orders = useFamilyOrders();
  if (orders.isPending) return <Skeleton h={120} radius="lg" aria-label="Loading your tickets" />;
  if (orders.isError) return <SectionLoadError error={orders.error} onRetry={() => orders.refetch()} />;
  const shown = orders.data.orders.filter((o) => ['paid', 'unknown', 'paying', 'refunded'].includes(o.state));
  return (
    <Stack gap="sm">
      <Title order={2} fz="xl">
        Your tickets
      </Title>
      {shown.length === 0 ? (
        <Text size="sm" c="dimmed">
          Tickets your family buys are listed here, each with the code to show at the door.
        </Text>
      ) : (
        shown.map((o) => <OrderLine key={o.id} order={o} />)
      )}
    </Stack>
  );
}

function OrderLine({ order }: { order: TicketOrder }) {
  const [open, setOpen] = useState(false);
  const count = order.tickets.filter((t) => t.state === 'sold').length;
  return (
    <Card withBorder radius="md" p="md" data-testid="family-order">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Stack gap={2} miw={0}>
            <Text fw={700}>
              {order.recitalName}: {order.show.name}
            </Text>
            <Text size="sm" c="dimmed">
              {showWhen(order.show)} · {count} ticket{count === 1 ? '' : 's'} · {centsText(order.total)}
            </Text>
          </Stack>
          <Group gap="xs">
            <Badge color={order.state === 'paid' ? 'teal' : 'gray'} variant="light">
              {ticketOrderStateLabels[order.state]}
            </Badge>
            <Button
              variant="light"
              size="sm"
              onClick={() => setOpen((o) => !o)}
              aria-expanded={open}
              disabled={count === 0}
            >
              {open ? 'Hide tickets' : 'Show tickets'}
            </Button>
          </Group>
        </Group>
        <Collapse in={open}>{open && <OrderTickets order={order} bare />}</Collapse>
      </Stack>
    </Card>
  );
}
