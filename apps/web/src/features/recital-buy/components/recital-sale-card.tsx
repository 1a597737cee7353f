import { Alert, Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { TicketSalesState } from '@pirouette/domain';
import { IconAlertCircle, IconMapPin, IconTicket } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { doorsWords, pricesLine, saleWords, showAvailability, showWhen } from '../lib/sale-words';

type Show = {
  id: string;
  name: string;
  day: string;
  startsAt: string;
  doorsAt: string;
  onSale: boolean;
  free: number;
  comps?: { available: number; allowed: number };
};

type Recital = {
  name: string;
  venueName: string;
  venueAddress: string;
  salesState: TicketSalesState;
  opensAt: string | null;
  salesUntil: string | null;
  prices: { section: string; kind: 'adult' | 'child'; amount: number }[];
  shows: Show[];
};

const STATE_COLOR: Record<TicketSalesState, string> = { open: 'teal', coming: 'blue', closed: 'gray' };
const STATE_WORD: Record<TicketSalesState, string> = { open: 'On sale', coming: 'Coming', closed: 'Closed' };

type Props = {
  recital: Recital;
  timeZone?: string;
  /** Where a show's seats are chosen. */
  showHref: (showId: string) => string;
  /** Whether the one looking may buy now (a family refused for its balance may not). */
  mayBuy: boolean;
  /** Why not, with what to do (the balance's sentence and the link to pay it). */
  refusal?: ReactNode;
  /** Words under the sale's state ("Families first, then the public"). */
  note?: string;
};

/**
 * A recital as a buyer sees it (issue 38 item 4): where its sales stand in words, the venue, the prices,
 * and each show with its seats left (and a family's comps), a button to choose seats while on sale.
 */
export function RecitalSaleCard({ recital, timeZone, showHref, mayBuy, refusal, note }: Props) {
  return (
    <Card p={{ base: 'md', sm: 'lg' }} withBorder radius="lg">
      <Stack gap="md">
        <Stack gap={4}>
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Title order={2} fz={{ base: 'xl', sm: 24 }}>
              {recital.name}
            </Title>
            <Badge color={STATE_COLOR[recital.salesState]} variant="light" size="lg">
              {STATE_WORD[recital.salesState]}
            </Badge>
          </Group>
          <Group gap={6} wrap="nowrap" align="flex-start">
            <IconMapPin size={16} aria-hidden style={{ flexShrink: 0, marginTop: 3 }} />
            <Text size="sm">
              {recital.venueName}
              {recital.venueAddress && `, ${recital.venueAddress}`}
            </Text>
          </Group>
          <Text size="sm" fw={600} data-testid="sale-words">
            {saleWords(recital, timeZone)}
          </Text>
          {note && (
            <Text size="sm" c="dimmed">
              {note}
            </Text>
          )}
          {recital.prices.length > 0 && (
            <Text size="sm" c="dimmed">
              {pricesLine(recital.prices)}
            </Text>
          )}
        </Stack>
        {refusal}
        <Stack gap="xs">
          {recital.shows.map((show) => (
            <ShowLine key={show.id} show={show} href={showHref(show.id)} mayBuy={mayBuy} />
          ))}
        </Stack>
      </Stack>
    </Card>
  );
}

function ShowLine({ show, href, mayBuy }: { show: Show; href: string; mayBuy: boolean }) {
  const canBuy = mayBuy && show.onSale && show.free > 0;
  return (
    <Card withBorder radius="md" p="sm" bg="gray.0">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Stack gap={2} miw={0}>
          <Text fw={700}>{show.name}</Text>
          <Text size="sm">
            {showWhen(show)} · {doorsWords(show)}
          </Text>
          <Text size="sm" c={show.free === 0 ? 'red.8' : 'dimmed'} fw={show.free === 0 ? 700 : 400}>
            {showAvailability(show)}
          </Text>
          {show.comps && show.comps.allowed > 0 && (
            <Text size="sm" c="dimmed">
              {show.comps.available} of {show.comps.allowed} complimentary ticket
              {show.comps.allowed === 1 ? '' : 's'} left for your family
            </Text>
          )}
        </Stack>
        {canBuy && (
          <Button
            component={Link}
            to={href}
            leftSection={<IconTicket size={18} />}
            aria-label={`Choose seats for ${show.name}`}
          >
            Choose seats
          </Button>
        )}
      </Group>
    </Card>
  );
}

/** A family refused because of its balance: the sentence, and the way to pay it (the portal's checkout). */
export function BalanceRefusal({ msg, payHref }: { msg: string; payHref?: string }) {
  return (
    <Alert color="orange" variant="light" icon={<IconAlertCircle size={20} />} data-testid="buy-refusal">
      <Stack gap={6}>
        <Text size="sm">{msg}</Text>
        {payHref && (
          <Anchor component={Link} to={payHref} fw={700} size="sm">
            Pay the balance now
          </Anchor>
        )}
      </Stack>
    </Alert>
  );
}
