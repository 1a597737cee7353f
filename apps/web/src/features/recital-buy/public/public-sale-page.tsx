import { Anchor, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { publicTicketCalls } from '@pirouette/domain';
import { IconArrowLeft } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { callApi, callApiWith } from '../../../lib/call';
import { errorText } from '../../../lib/notify';
import { usePublicHold, usePublicRecital, usePublicSeats } from '../api/tickets';
import { BuyShow } from '../components/buy-show';
import { PublicPayment } from '../components/public-payment';
import { RecitalSaleCard } from '../components/recital-sale-card';
import { doorsWords, showWhen } from '../lib/sale-words';
import type { Seller } from '../lib/use-buying';
import { PublicShell } from './public-shell';

/**
 * A recital's public sale by its link, `/tickets/:token` (issue 38 item 4, decision 077): the recital
 * and its shows; with `?show=` a show's seat map, the hold, the buyer's details and card, the tickets.
 */
export function PublicSalePage() {
  const { token = '' } = useParams();
  const [params] = useSearchParams();
  const showId = params.get('show') ?? '';
  const recital = usePublicRecital(token);
  const data = recital.data;
  const show = data?.shows.find((s) => s.id === showId);

  return (
    <PublicShell studio={data?.studioName}>
      {recital.isPending ? (
        <Skeleton h={280} radius="lg" aria-label="Loading the recital" />
      ) : recital.isError || !data ? (
        <LoadError message={errorText(recital.error)} onRetry={() => recital.refetch()} />
      ) : show ? (
        <Stack gap="lg" maw={880} mx="auto">
          <Anchor component={Link} to={`/tickets/${token}`} size="sm" w="fit-content">
            <Group gap={4}>
              <IconArrowLeft size={14} aria-hidden /> All shows
            </Group>
          </Anchor>
          <Stack gap={2}>
            <Title order={1} fz={{ base: 24, sm: 30 }}>
              {show.name}
            </Title>
            <Text c="dimmed">
              {data.name} · {showWhen(show)} · {doorsWords(show)} · {data.venueName}
            </Text>
          </Stack>
          <PublicBuy token={token} showId={show.id} recital={data} />
        </Stack>
      ) : (
        <Stack gap="lg">
          <RecitalSaleCard
            recital={data}
            mayBuy={data.salesState === 'open'}
            note={
              data.salesState === 'coming' ? "The studio's families choose their seats first." : undefined
            }
            showHref={(id) => `/tickets/${token}?show=${id}`}
          />
        </Stack>
      )}
    </PublicShell>
  );
}

type BuyProps = {
  token: string;
  showId: string;
  recital: NonNullable<ReturnType<typeof usePublicRecital>['data']>;
};

function PublicBuy({ token, showId, recital }: BuyProps) {
  const seats = usePublicSeats(token, showId);
  const hold = usePublicHold();
  const seller = useMemo<Seller>(
    () => ({
      hold: (seatIds) => hold.mutateAsync({ params: { token, showId }, body: { seatIds } }),
      release: (h, leaving) =>
        callApiWith({ keepalive: leaving }, publicTicketCalls.release, {
          params: { id: h.orderId },
          body: { secret: h.secret ?? '' },
        }),
      readOrder: (h) =>
        callApi(publicTicketCalls.order, { params: { id: h.orderId }, query: { secret: h.secret ?? '' } }),
      refetchMap: () => seats.refetch(),
    }),
    [hold.mutateAsync, token, showId, seats.refetch],
  );
  return (
    <BuyShow
      map={seats}
      seller={seller}
      compsAvailable={0}
      payment={(args) => <PublicPayment token={token} recital={recital} {...args} />}
    />
  );
}
