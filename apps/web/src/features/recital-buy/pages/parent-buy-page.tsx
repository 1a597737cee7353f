import { Anchor, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { familyTicketCalls } from '@pirouette/domain';
import { IconArrowLeft } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { SectionLoadError } from '../../../components/section-load-error';
import { callApi, callApiWith } from '../../../lib/call';
import { useFamilyHold, useFamilyRecitals, useFamilySeats } from '../api/tickets';
import { BuyShow } from '../components/buy-show';
import { FamilyPayment } from '../components/family-payment';
import { BalanceRefusal } from '../components/recital-sale-card';
import { doorsWords, showWhen } from '../lib/sale-words';
import type { Seller } from '../lib/use-buying';
import { PARENT_TICKETS_PATH } from './parent-tickets-page';

/**
 * A family choosing seats of one show (issue 38 item 4, decision 077): the map, the hold, the payment
 * by the family's card or bank on file or a card typed now, then the tickets.
 */
export function ParentBuyPage() {
  const { showId = '' } = useParams();
  const recitals = useFamilyRecitals();
  const seats = useFamilySeats(showId);
  const hold = useFamilyHold();

  const seller = useMemo<Seller>(
    () => ({
      hold: (seatIds) => hold.mutateAsync({ params: { showId }, body: { seatIds } }),
      release: (h, leaving) =>
        callApiWith({ keepalive: leaving }, familyTicketCalls.release, { params: { id: h.orderId } }),
      readOrder: async (h) =>
        (await callApi(familyTicketCalls.orders)).orders.find((o) => o.id === h.orderId),
      refetchMap: () => seats.refetch(),
    }),
    [hold.mutateAsync, showId, seats.refetch],
  );

  const recital = recitals.data?.recitals.find((r) => r.shows.some((s) => s.id === showId));
  const show = recital?.shows.find((s) => s.id === showId);

  return (
    <Stack gap="lg" maw={880} mx="auto" w="100%">
      <Anchor component={Link} to={PARENT_TICKETS_PATH} size="sm" w="fit-content">
        <Group gap={4}>
          <IconArrowLeft size={14} aria-hidden /> Recital tickets
        </Group>
      </Anchor>
      {recitals.isPending ? (
        <Skeleton h={64} radius="md" aria-label="Loading the show" />
      ) : recitals.isError ? (
        <SectionLoadError error={recitals.error} onRetry={() => recitals.refetch()} />
      ) : !recital || !show ? (
        <Text>This show was not found, or its tickets are not on sale to families.</Text>
      ) : (
        <>
          <Stack gap={2}>
            <Title order={1} fz={{ base: 24, sm: 30 }}>
              {show.name}
            </Title>
            <Text c="dimmed">
              {recital.name} · {showWhen(show)} · {doorsWords(show)} · {recital.venueName}
            </Text>
          </Stack>
          {!recital.mayBuy && recital.refusal ? (
            <BalanceRefusal
              msg={recital.refusal.msg}
              payHref={recital.refusal.code === 'balance_owed' ? '/accounts/parents?pay=now' : undefined}
            />
          ) : (
            <BuyShow
              map={seats}
              seller={seller}
              compsAvailable={show.comps.available}
              payment={(args) => <FamilyPayment {...args} />}
            />
          )}
        </>
      )}
    </Stack>
  );
}
