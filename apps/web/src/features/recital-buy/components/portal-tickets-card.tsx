import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { SectionCard } from '../../../components/section-card';
import { useFamilyOrders, useFamilyRecitals } from '../api/tickets';

const TICKETS_PATH = '/accounts/parents/tickets';

/**
 * The portal's card for recital tickets (issue 38 item 4): shown while a recital's sales are open or
 * coming, or the family has tickets; its button opens the tickets page. Nothing otherwise. It is near
 * the portal's first screen, so it stays small: the sale's words and dates are the tickets page's.
 */
export function PortalTicketsCard() {
  const recitals = useFamilyRecitals();
  const orders = useFamilyOrders();
  const list = recitals.data?.recitals ?? [];
  const paid = (orders.data?.orders ?? []).filter((o) => o.state === 'paid').length;
  if (list.length === 0 && paid === 0) return null;
  return (
    <SectionCard
      title="Recital tickets"
      description={paid > 0 ? `Your family has ${paid} order${paid === 1 ? '' : 's'} of tickets.` : undefined}
      action={
        <Button component={Link} to={TICKETS_PATH} size="sm">
          {list.some((r) => r.salesState === 'open') ? 'Buy tickets' : 'Your tickets'}
        </Button>
      }
    >
      <Stack gap={6}>
        {list.map((r) => (
          <Group key={r.id} gap={8} wrap="wrap">
            <Text fw={600} size="sm">
              {r.name}
            </Text>
            <Badge variant="light" color={r.salesState === 'open' ? 'teal' : 'gray'}>
              {r.salesState === 'open'
                ? 'On sale'
                : r.salesState === 'coming'
                  ? 'Sales coming'
                  : 'Sales ended'}
            </Badge>
          </Group>
        ))}
      </Stack>
    </SectionCard>
  );
}
