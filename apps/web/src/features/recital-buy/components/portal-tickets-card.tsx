import { Button, Group, Stack, Text } from '@mantine/core';
import { IconTicket } from '@tabler/icons-react';
import { Link } from 'react-router';
import { SectionCard } from '../../../components/section-card';
import { useFamilyOrders, useFamilyRecitals } from '../api/tickets';
import { saleWords } from '../lib/sale-words';

const TICKETS_PATH = '/accounts/parents/tickets';

/**
 * The portal's card for recital tickets (issue 38 item 4): shown while a recital's sales are open or
 * coming, or the family has tickets; its button opens the tickets page. Nothing otherwise.
 */
export function PortalTicketsCard({ timeZone }: { timeZone?: string }) {
  const recitals = useFamilyRecitals();
  const orders = useFamilyOrders();
  const list = recitals.data?.recitals ?? [];
  const tickets = (orders.data?.orders ?? []).filter((o) => o.state === 'paid').length;
  if (list.length === 0 && tickets === 0) return null;
  return (
    <SectionCard
      title="Recital tickets"
      description={
        tickets > 0 ? `Your family has ${tickets} order${tickets === 1 ? '' : 's'} of tickets.` : undefined
      }
      action={
        <Button component={Link} to={TICKETS_PATH} leftSection={<IconTicket size={18} />} size="sm">
          {list.some((r) => r.salesState === 'open') ? 'Buy tickets' : 'Your tickets'}
        </Button>
      }
    >
      <Stack gap={4}>
        {list.map((r) => (
          <Group key={r.id} gap={6} wrap="wrap">
            <Text fw={600} size="sm">
              {r.name}
            </Text>
            <Text size="sm" c="dimmed">
              {saleWords(r, timeZone)}
            </Text>
          </Group>
        ))}
      </Stack>
    </SectionCard>
  );
}
