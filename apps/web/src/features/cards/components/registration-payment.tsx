import { Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { cardLabel, dollarsText } from '@pirouette/domain';
import { IconCreditCard, IconCreditCardPay } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useCardOnFile, useParentMoney } from '../api/cards';
import { CardFormModal } from './card-form-modal';
import { CheckoutModal } from './checkout-modal';
import { NoCardsNotice } from './no-cards-notice';

type Dialog = { kind: 'card' | 'checkout'; key: number } | null;

/**
 * Paying at the end of the parent's registration (issue 17): "Step 4 submits, reloads the payment
 * schedule and opens checkout. If no card is on file, the wizard advances a step instead of opening
 * checkout." Mounted once the registration is in: the balance and the card are read afresh, and with a
 * card on file and something owed the checkout opens by itself, once. Without a card, the done step
 * asks for one, and a card saved there opens the checkout.
 */
export function RegistrationPayment() {
  const money = useParentMoney();
  const cardQuery = useCardOnFile();
  const [dialog, setDialog] = useState<Dialog>(null);
  const opened = useRef(0);
  const [decided, setDecided] = useState(false);
  const open = (kind: 'card' | 'checkout') => {
    opened.current += 1;
    setDialog({ kind, key: opened.current });
  };

  // What the registration just charged is known only once both are read again after it.
  const ready =
    money.isFetchedAfterMount && cardQuery.isFetchedAfterMount && !money.isFetching && !cardQuery.isFetching;
  const balance = money.data?.balance ?? 0;
  const card = cardQuery.data?.card ?? null;
  const canPay = balance > 0 && money.data?.current != null;

  useEffect(() => {
    if (!ready || decided) return;
    setDecided(true);
    if (canPay && card && card.expiry !== 'expired' && cardQuery.data?.takesCards !== false) {
      opened.current += 1;
      setDialog({ kind: 'checkout', key: opened.current });
    }
  }, [ready, decided, canPay, card, cardQuery.data?.takesCards]);

  let content: ReactNode;
  if (money.isError || cardQuery.isError)
    content = (
      <Text size="sm" c="dimmed">
        Your balance could not be read just now: it is on your family's page, where you can pay by card.
      </Text>
    );
  else if (!decided)
    content = (
      <Group gap="sm" aria-busy="true">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          Reading your balance…
        </Text>
      </Group>
    );
  else if (cardQuery.data?.takesCards === false) content = <NoCardsNotice notice={cardQuery.data.notice} />;
  else if (!card)
    content = (
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          {canPay
            ? `Add a card to pay by card: your balance of ${dollarsText(balance)} can then be paid right here.`
            : 'Add a card to pay by card when your payments fall due.'}
        </Text>
        <Button variant="light" leftSection={<IconCreditCard size={16} />} onClick={() => open('card')}>
          Add a card to pay by card
        </Button>
      </Stack>
    );
  else if (canPay)
    content = (
      <Group justify="space-between" gap="sm">
        <Text size="sm">
          Your balance is <b>{dollarsText(balance)}</b>. Pay it with {cardLabel(card)}.
        </Text>
        <Button leftSection={<IconCreditCardPay size={16} />} onClick={() => open('checkout')}>
          Pay now
        </Button>
      </Group>
    );
  else
    content = (
      <Text size="sm" c="dimmed">
        Nothing is owed right now: each payment falls due as the schedule says, and {cardLabel(card)} is on
        file to pay it.
      </Text>
    );

  return (
    <Paper withBorder p="md" radius="md" data-testid="registration-payment">
      <Stack gap="xs">
        <Title order={4}>Pay by card</Title>
        {content}
      </Stack>
      {dialog?.kind === 'card' && (
        <CardFormModal
          key={dialog.key}
          replacing={false}
          onClose={() => setDialog(null)}
          onSaved={() => {
            if (canPay) open('checkout');
          }}
        />
      )}
      {dialog?.kind === 'checkout' && <CheckoutModal key={dialog.key} onClose={() => setDialog(null)} />}
    </Paper>
  );
}
