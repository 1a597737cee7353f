import { Group, Paper, Select, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { centsText, formatDateOnly, messages, type TicketOrderState } from '@pirouette/domain';
import { IconSearch, IconTicket } from '@tabler/icons-react';
import { useState } from 'react';
import { findSection } from '../../../app/paths/admin-sections';
import { EmptyState } from '../../../components/empty-state';
import { ListPager } from '../../../components/list-pager';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { RecitalPicker, useRecitalChoice } from '../../../components/recital-picker';
import { errorText } from '../../../lib/notify';
import { useTicketOrders } from '../api/tickets';
import { OrderDialog } from '../components/order-dialog';
import { OrdersList } from '../components/orders-list';
import { PublicLink } from '../components/public-link';

export const TICKETS_PATH = 'recital/tickets';

/** Below this width lists are cards, not tables (Mantine's `sm`). */
const PHONE_QUERY = '(max-width: 48em)';

const STATE_FILTERS: { value: TicketOrderState; label: string }[] = [
  { value: 'paid', label: 'Paid' },
  { value: 'refunded', label: 'Refunded' },
  { value: 'held', label: 'Seats held' },
  { value: 'unknown', label: 'Payment being checked' },
];

function Sum({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Paper withBorder radius="lg" p="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz={24} fw={700} style={{ fontVariantNumeric: 'tabular-nums' }} data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}

/**
 * The owner's ticket orders (issue 38 item 4, decision 074): a recital's orders by show, state or buyer,
 * with what was sold and taken; an order opens to its tickets (used or not) and a refund, confirmed.
 */
export function RecitalTicketsPage() {
  const section = findSection(TICKETS_PATH);
  const narrow = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const { list, recitals, recital, show, choose } = useRecitalChoice();
  const [state, setState] = useState<TicketOrderState | null>(null);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const orders = useTicketOrders(recital?.id ?? null, {
    page,
    ...(show ? { showId: show.id } : {}),
    ...(state ? { state } : {}),
    ...(debounced ? { search: debounced } : {}),
  });
  const header = (
    <PageHeader
      title={section.title}
      description={section.description}
      actions={
        <RecitalPicker
          recitals={recitals}
          value={recital?.id ?? null}
          onChange={(id) => choose({ recital: id })}
        />
      }
    />
  );
  if (list.isPending || (recital && orders.isPending))
    return (
      <Stack gap="lg" aria-busy="true" aria-label="Loading ticket orders">
        {header}
        <Skeleton h={90} radius="lg" />
        <Skeleton h={280} radius="lg" />
      </Stack>
    );
  const failed = list.error ?? orders.error;
  if (failed)
    return (
      <Stack gap="lg">
        {header}
        <LoadError
          message={errorText(failed, messages.loadFailed)}
          onRetry={() => Promise.all([list.refetch(), orders.refetch()])}
        />
      </Stack>
    );
  if (!recital)
    return (
      <Stack gap="lg">
        {header}
        <EmptyState title="No recital yet" icon={IconTicket}>
          Create the recital and its shows first; its ticket orders show here once sales open.
        </EmptyState>
      </Stack>
    );
  const data = orders.data!;
  const filtering = !!(show || state || debounced);
  return (
    <Stack gap="lg">
      {header}
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <Sum label="Tickets sold" value={String(data.sums.sold)} testId="tickets-sold" />
        <Sum label="Taken" value={centsText(data.sums.income)} testId="tickets-income" />
        <Sum label="Refunded" value={centsText(data.sums.refunded)} testId="tickets-refunded" />
      </SimpleGrid>
      {recital.publicToken && <PublicLink token={recital.publicToken} />}
      <Text size="sm" c="dimmed">
        {data.refundsUntil
          ? `Orders can be refunded until ${formatDateOnly(data.refundsUntil)}.`
          : 'Orders can be refunded until the day of their show.'}
      </Text>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label="Show"
          placeholder="Every show"
          clearable
          data={data.shows.map((s) => ({ value: s.id, label: `${s.name}, ${formatDateOnly(s.day)}` }))}
          value={show?.id ?? null}
          onChange={(id) => {
            choose({ show: id });
            setPage(1);
          }}
          w={{ base: '100%', xs: 240 }}
        />
        <Select
          label="State"
          placeholder="Every state"
          clearable
          data={STATE_FILTERS}
          value={state}
          onChange={(v) => {
            setState(v as TicketOrderState | null);
            setPage(1);
          }}
          w={{ base: '100%', xs: 220 }}
        />
        <TextInput
          label="Buyer or order"
          placeholder="Name, e-mail or number"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          w={{ base: '100%', xs: 260 }}
        />
      </Group>
      {data.total === 0 ? (
        <EmptyState title={filtering ? 'No order matches' : section.emptyTitle} icon={IconTicket}>
          {filtering ? 'Try another show, state or name.' : section.emptyText}
        </EmptyState>
      ) : (
        <Stack gap="sm">
          <OrdersList orders={data.orders} narrow={narrow} onOpen={setOpen} />
          <ListPager
            page={data.page}
            total={data.total}
            pageSize={data.pageSize}
            onChange={setPage}
            noun={['order', 'orders']}
          />
        </Stack>
      )}
      <OrderDialog id={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}
