import {
  Alert,
  Button,
  Divider,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import {
  centsText,
  TICKETS_TEXT,
  type TicketKindValue,
  type TicketPriceItem,
  ticketKindLabels,
} from '@pirouette/domain';
import { IconClockHour4, IconHourglassEmpty } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { clockText, clockWords, isUrgent, useHoldClock } from '../lib/hold-clock';
import {
  compsChosen,
  type HeldTicket,
  type KindChoice,
  kindsFor,
  ticketPrice,
  totalOf,
} from '../lib/seat-map';
import type { Hold } from '../lib/use-buying';

/** The countdown of the seats' ten minutes: minutes and seconds, read out at each minute. */
export function HoldCountdown({ hold, onEnded }: { hold: Hold; onEnded: () => void }) {
  const left = useHoldClock(hold.heldUntil);
  const ended = useRef(false);
  useEffect(() => {
    if (left === 0 && !ended.current) {
      ended.current = true;
      onEnded();
    }
  }, [left, onEnded]);
  const urgent = isUrgent(left);
  return (
    <Paper
      radius="md"
      p="sm"
      bg={urgent ? 'red.0' : 'plum.0'}
      style={{ border: `1px solid var(--mantine-color-${urgent ? 'red-3' : 'plum-2'})` }}
      data-testid="hold-countdown"
    >
      <Group gap="sm" wrap="nowrap">
        <IconClockHour4 size={24} aria-hidden color={`var(--mantine-color-${urgent ? 'red-8' : 'plum-8'})`} />
        <Stack gap={0}>
          <Text
            fw={700}
            fz={22}
            c={urgent ? 'red.9' : 'plum.9'}
            style={{ fontVariantNumeric: 'tabular-nums' }}
          >
            <span aria-hidden>{clockText(left)}</span>
          </Text>
          <Text size="sm" c="gray.8">
            Your seats are held while you pay.
          </Text>
        </Stack>
      </Group>
      {/* Said at each minute, not each tick. */}
      <VisuallyHidden aria-live="polite">{clockWords(left)}</VisuallyHidden>
    </Paper>
  );
}

type Props = {
  hold: Hold;
  prices: TicketPriceItem[];
  kinds: KindChoice;
  onKind: (seatId: string, kind: TicketKindValue) => void;
  /** The family's comps left for this show (0 for the public). */
  compsAvailable: number;
  onEnded: () => void;
  onRelease: () => void;
  busy: boolean;
  notice: string | null;
  /** How to pay, given the total shown. */
  children: (total: number) => ReactNode;
};

/**
 * The held order (issue 38 item 4): the countdown, each seat's ticket kind (adult, child, and a comp
 * while the family has comps left), the total as the prices say (the server compares it with its own),
 * the payment, and a way to let the seats go.
 */
export function HoldPanel({
  hold,
  prices,
  kinds,
  onKind,
  compsAvailable,
  onEnded,
  onRelease,
  busy,
  notice,
  children,
}: Props) {
  const total = totalOf(prices, hold.seats, kinds);
  const comps = compsChosen(kinds);
  return (
    <Stack gap="md">
      <HoldCountdown hold={hold} onEnded={onEnded} />
      <Stack gap="xs">
        <Title order={3} fz="lg">
          Your tickets
        </Title>
        {hold.seats.map((t) => (
          <TicketLine
            key={t.seatId}
            ticket={t}
            prices={prices}
            kind={kinds[t.seatId] ?? 'adult'}
            onKind={(k) => onKind(t.seatId, k)}
            // A comp already on this seat stays offered; another is offered while some are left.
            compsLeft={kinds[t.seatId] === 'comp' ? 1 : compsAvailable - comps}
          />
        ))}
        {compsAvailable > 0 && (
          <Text size="sm" c="dimmed">
            Your family has {compsAvailable} complimentary ticket{compsAvailable === 1 ? '' : 's'} for this
            show.
          </Text>
        )}
        <Divider />
        <Group justify="space-between">
          <Text fw={700}>Total</Text>
          <Text fw={700} fz="xl" data-testid="ticket-total" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {centsText(total)}
          </Text>
        </Group>
      </Stack>
      {notice && (
        <Alert color="red" variant="light" role="alert" data-testid="buy-notice">
          {notice}
        </Alert>
      )}
      {children(total)}
      <Button variant="subtle" color="gray" onClick={onRelease} disabled={busy} w="fit-content">
        Let these seats go and choose again
      </Button>
    </Stack>
  );
}

function TicketLine({
  ticket,
  prices,
  kind,
  onKind,
  compsLeft,
}: {
  ticket: HeldTicket;
  prices: TicketPriceItem[];
  kind: TicketKindValue;
  onKind: (kind: TicketKindValue) => void;
  compsLeft: number;
}) {
  const options = kindsFor(prices, ticket.section, compsLeft);
  const price = ticketPrice(prices, ticket.section, kind);
  return (
    <Paper withBorder radius="md" p="sm">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Stack gap={0}>
          <Text fw={600}>
            {ticket.section} · {ticket.label}
          </Text>
          <Text size="sm" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {ticketKindLabels[kind]} · {price === null ? '—' : centsText(price)}
          </Text>
        </Stack>
        {options.length > 1 && (
          <SegmentedControl
            size="sm"
            value={kind}
            onChange={(v) => onKind(v as TicketKindValue)}
            aria-label={`Ticket for seat ${ticket.label}`}
            data={options.map((o) => ({
              value: o.kind,
              label: o.kind === 'comp' ? 'Comp' : ticketKindLabels[o.kind],
            }))}
          />
        )}
      </Group>
    </Paper>
  );
}

/** The hold ran out before payment: said, and a way back to the map. */
export function HoldEnded({ onAgain }: { onAgain: () => void }) {
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconHourglassEmpty size={20} />}
      title="Your hold ended"
      role="alert"
    >
      <Stack gap="sm">
        <Text size="sm">{TICKETS_TEXT.holdEnded}</Text>
        <Button onClick={onAgain} w="fit-content">
          Choose seats again
        </Button>
      </Stack>
    </Alert>
  );
}
