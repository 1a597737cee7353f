import { Button, Radio, Skeleton, Stack, Text } from '@mantine/core';
import {
  cardLabel,
  centsText,
  type FamilyTicketPayMethod,
  type TicketKindValue,
  type TicketOrder,
} from '@pirouette/domain';
import { useRef, useState } from 'react';
import { SectionLoadError } from '../../../components/section-load-error';
import { useCardOnFile } from '../../cards/api/cards';
import { CardForm } from '../../cards/components/card-form';
import { useFamilyPay } from '../api/tickets';
import type { Hold } from '../lib/use-buying';

type Props = {
  hold: Hold;
  kinds: Record<string, TicketKindValue>;
  total: number;
  onPaid: (order: TicketOrder, msg: string) => void;
  onRefused: (error: unknown) => Promise<unknown>;
};

/** Tickets are paid by card: the API refuses a bank debit (`bankNotForTickets`, seats are held for minutes). */
type Way = Exclude<FamilyTicketPayMethod, 'bank_on_file'>;

/**
 * How a family pays for held seats (issue 38 item 4): the card on file, or a card typed now (the card payments' own form: the processor's token, never the number). The total sent
 * is the total shown; the server compares it with its own. Comps alone need no payment.
 */
export function FamilyPayment({ hold, kinds, total, onPaid, onRefused }: Props) {
  const cardQuery = useCardOnFile();
  const pay = useFamilyPay();
  const [chosen, setChosen] = useState<Way | null>(null);
  // A second press lands before the button shows it is busy: this stops a second payment.
  const sending = useRef(false);

  if (cardQuery.isPending) return <Skeleton h={120} radius="md" aria-label="Loading how you can pay" />;
  if (cardQuery.isError)
    return <SectionLoadError error={cardQuery.error} onRetry={() => cardQuery.refetch()} />;
  const { card, tokenizer, takesCards } = cardQuery.data;
  const way: Way = chosen ?? (card ? 'card_on_file' : 'card_token');

  const send = async (method: Way, token?: string) => {
    if (sending.current) return;
    sending.current = true;
    try {
      const tickets = hold.seats.map((t) => ({ seatId: t.seatId, kind: kinds[t.seatId] ?? 'adult' }));
      const answer = await pay.mutateAsync({
        params: { id: hold.orderId },
        body: { tickets, total, method, ...(token ? { token } : {}) },
      });
      onPaid(answer.order, answer.msg);
    } catch (e) {
      // The card form shows nothing of it: the hold panel says the sentence above.
      await onRefused(e);
    } finally {
      sending.current = false;
    }
  };

  if (total === 0) {
    return (
      <Button size="md" onClick={() => send(card ? 'card_on_file' : 'card_token')} loading={pay.isPending}>
        Get my tickets
      </Button>
    );
  }
  if (!takesCards) {
    return <Text size="sm">{cardQuery.data.notice ?? 'This studio cannot take card payments yet.'}</Text>;
  }

  return (
    <Stack gap="sm">
      <Radio.Group label="Pay with" value={way} onChange={(v) => setChosen(v as Way)}>
        <Stack gap="xs" mt={6}>
          {card && <Radio value="card_on_file" label={`Card on file: ${cardLabel(card)}`} />}
          <Radio value="card_token" label={card ? 'Another card' : 'A card'} />
        </Stack>
      </Radio.Group>
      {way === 'card_token' ? (
        <CardForm
          tokenizer={tokenizer}
          submitLabel={`Pay ${centsText(total)}`}
          cancelLabel="Back"
          onCancel={() => setChosen(card ? 'card_on_file' : 'card_token')}
          onToken={(token) => send('card_token', token)}
        />
      ) : (
        <Button size="md" onClick={() => send(way)} loading={pay.isPending} data-testid="pay-button">
          Pay {centsText(total)}
        </Button>
      )}
    </Stack>
  );
}
