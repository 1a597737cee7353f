import { Alert, Box, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { MAX_SEATS_PER_ORDER, type TicketOrder, type TicketSeatMap } from '@pirouette/domain';
import { IconArmchair } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { SectionLoadError } from '../../../components/section-load-error';
import { allSeats } from '../lib/seat-map';
import { type Buying, type Hold, type Seller, useBuying } from '../lib/use-buying';
import { HoldEnded, HoldPanel } from './hold-panel';
import { OrderTickets } from './order-tickets';
import { SeatMap } from './seat-map';

type MapQuery = {
  data?: TicketSeatMap;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
};

export type PaymentArgs = {
  hold: Hold;
  kinds: Buying['kinds'];
  total: number;
  onPaid: (order: TicketOrder, msg: string) => void;
  onRefused: (error: unknown) => Promise<unknown>;
};

type Props = {
  map: MapQuery;
  seller: Seller;
  /** The family's comps left for this show; 0 for the public. */
  compsAvailable: number;
  payment: (args: PaymentArgs) => ReactNode;
};

/**
 * Buying seats of one show (issue 38 item 4, decision 077): the map to pick from, then the hold with its
 * countdown and payment, then the tickets. The same for a family and for the public; the seller and the
 * payment differ.
 */
export function BuyShow({ map, seller, compsAvailable, payment }: Props) {
  const buying = useBuying(seller, map.data);
  const { step } = buying;

  if (step.kind === 'done') return <OrderTickets order={step.order} msg={step.msg} />;
  if (step.kind === 'ended') return <HoldEnded onAgain={buying.startAgain} />;
  if (map.isPending) return <Skeleton h={360} radius="md" aria-label="Loading the seats" />;
  if (map.isError || !map.data) return <SectionLoadError error={map.error} onRetry={() => map.refetch()} />;
  const seats = map.data;

  if (step.kind === 'held') {
    return (
      <HoldPanel
        hold={step.hold}
        prices={seats.prices}
        kinds={buying.kinds}
        onKind={buying.setKind}
        compsAvailable={compsAvailable}
        onEnded={buying.holdEnded}
        onRelease={buying.release}
        busy={buying.busy}
        notice={buying.notice}
      >
        {(total) =>
          payment({
            hold: step.hold,
            kinds: buying.kinds,
            total,
            onPaid: buying.paid,
            onRefused: buying.refused,
          })
        }
      </HoldPanel>
    );
  }
  return <PickSeats map={seats} buying={buying} />;
}

/** The map, what is chosen, and the button that holds it. */
function PickSeats({ map, buying }: { map: TicketSeatMap; buying: Buying }) {
  const labels = new Map(
    allSeats(map.sections).map(({ seat, section }) => [seat.id, `${section} ${seat.label}`]),
  );
  const chosen = buying.picked.map((id) => labels.get(id) ?? '').filter(Boolean);
  return (
    <Stack gap="md">
      {buying.notice && (
        <Alert color="red" variant="light" role="alert" data-testid="buy-notice">
          {buying.notice}
        </Alert>
      )}
      {map.free === 0 && buying.picked.length === 0 ? (
        <Alert color="gray" variant="light" icon={<IconArmchair size={20} />}>
          Every seat of this show is sold or held. Held seats come free again when their ten minutes end.
        </Alert>
      ) : null}
      <SeatMap sections={map.sections} prices={map.prices} picked={buying.picked} onToggle={buying.toggle} />
      <Paper
        withBorder
        radius="md"
        p="sm"
        shadow="sm"
        style={{ position: 'sticky', bottom: 8, zIndex: 2 }}
        data-testid="seat-choice"
      >
        <Group justify="space-between" gap="sm" wrap="nowrap">
          <Box miw={0}>
            <Text fw={700} aria-live="polite">
              {buying.picked.length === 0
                ? 'Choose your seats'
                : `${buying.picked.length} seat${buying.picked.length === 1 ? '' : 's'} chosen`}
            </Text>
            <Text size="sm" c="dimmed" truncate>
              {chosen.length > 0 ? chosen.join(', ') : `Up to ${MAX_SEATS_PER_ORDER} in one order`}
            </Text>
          </Box>
          <Button
            onClick={buying.hold}
            loading={buying.busy}
            disabled={buying.picked.length === 0}
            style={{ flexShrink: 0 }}
          >
            Hold {buying.picked.length > 1 ? 'these seats' : 'this seat'}
          </Button>
        </Group>
      </Paper>
    </Stack>
  );
}
