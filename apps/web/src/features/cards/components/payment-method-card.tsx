import { Alert, Button, Group, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import type { CardOnFile } from '@pirouette/domain';
import {
  IconAlertTriangle,
  IconCreditCard,
  IconCreditCardOff,
  IconReplace,
  IconTrash,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { lazyDialog } from '../../../components/lazy-dialog';
import { SectionCard } from '../../../components/section-card';
import { SectionLoadError } from '../../../components/section-load-error';
import { notifyResult } from '../../../lib/notify';
import { useCardOnFile, useRemoveCard } from '../api/cards';
import { NEW_METHOD_PARAM, useOpenOnArrival } from '../lib/open-on-arrival';
import { CardSummary } from './card-summary';
import { NoCardsNotice } from './no-cards-notice';

/** The dialog open, if any; the form says, as it opened, whether it replaces a card. */
// Behind the card's buttons: the card form (and the processor's fields) and the removal, loaded when opened.
const CardFormModal = lazyDialog(() => import('./card-form-modal').then((m) => m.CardFormModal));
const RemoveCardDialog = lazyDialog(() => import('./remove-card-dialog').then((m) => m.RemoveCardDialog));

type Dialog = { kind: 'form'; replacing: boolean } | { kind: 'remove' } | null;

/**
 * The family's card on file on the portal (issue 17): brand, last four, expiry (flagged a month ahead
 * and once expired), who added it; replace or remove it; or, with none, add one.
 */
export function PaymentMethodCard({ studioName }: { studioName: string }) {
  const query = useCardOnFile();
  const remove = useRemoveCard();
  const [dialog, setDialog] = useState<Dialog>(null);
  // Each opening of the form starts afresh.
  const [opening, setOpening] = useState(0);
  const card = query.data?.card ?? null;
  const openForm = () => {
    setOpening((n) => n + 1);
    setDialog({ kind: 'form', replacing: card !== null });
  };
  // Reached by the mail's link asking for a new card (`?method=new`): the card form opens at once.
  useOpenOnArrival(
    NEW_METHOD_PARAM.name,
    NEW_METHOD_PARAM.value,
    query.isSuccess && query.data.takesCards,
    openForm,
  );

  let body: ReactNode;
  if (query.isPending)
    body = (
      <Stack gap="xs" aria-busy="true" aria-label="Loading your card">
        <Skeleton h={20} w="60%" />
        <Skeleton h={16} w="40%" />
      </Stack>
    );
  else if (query.isError) body = <SectionLoadError error={query.error} onRetry={() => query.refetch()} />;
  // The studio takes no card yet: no card form, the other ways to pay.
  else if (!query.data.takesCards) body = <NoCardsNotice notice={query.data.notice} />;
  else if (!card) body = <NoCard onAdd={openForm} />;
  else
    body = (
      <Stack gap="md">
        <CardSummary card={card} />
        <ExpiryNote card={card} />
        <Group gap="xs">
          <Button
            variant={card.expiry === 'ok' ? 'light' : 'filled'}
            leftSection={<IconReplace size={16} />}
            onClick={openForm}
            flex={{ base: '1 1 auto', xs: '0 0 auto' }}
          >
            Replace card
          </Button>
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} />}
            onClick={() => setDialog({ kind: 'remove' })}
            flex={{ base: '1 1 auto', xs: '0 0 auto' }}
          >
            Remove
          </Button>
        </Group>
      </Stack>
    );

  return (
    <SectionCard
      title="Payment method"
      description={`The card ${studioName || 'the studio'} charges when you pay online.`}
      data-testid="payment-method-card"
    >
      {body}
      {dialog?.kind === 'form' && (
        <CardFormModal key={opening} replacing={dialog.replacing} onClose={() => setDialog(null)} />
      )}
      {card && (
        <RemoveCardDialog
          card={card}
          opened={dialog?.kind === 'remove'}
          loading={remove.isPending}
          whose="your family's"
          onClose={() => setDialog(null)}
          onConfirm={() =>
            remove.mutate(
              {},
              notifyResult(() => setDialog(null)),
            )
          }
        />
      )}
    </SectionCard>
  );
}

function NoCard({ onAdd }: { onAdd: () => void }) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start" data-testid="no-card">
      <ThemeIcon variant="light" color="gray" radius="md" size="lg">
        <IconCreditCardOff size={20} stroke={1.6} />
      </ThemeIcon>
      <Stack gap={6} miw={0} align="flex-start">
        <Text fw={600}>No card on file</Text>
        <Text size="sm" c="dimmed">
          Add a card to pay your balance online in a few clicks.
        </Text>
        <Button leftSection={<IconCreditCard size={16} />} onClick={onAdd} mt={4}>
          Add a card
        </Button>
      </Stack>
    </Group>
  );
}

/** A card a month from expiring, or expired, says what to do about it. */
function ExpiryNote({ card }: { card: CardOnFile }) {
  if (card.expiry === 'ok') return null;
  const expired = card.expiry === 'expired';
  return (
    <Alert
      variant="light"
      color={expired ? 'red' : 'yellow'}
      icon={<IconAlertTriangle size={18} />}
      data-testid="card-expiry-note"
    >
      {expired
        ? 'This card has expired and can no longer be charged: replace it to pay online.'
        : 'This card expires soon: replace it with the new card from your bank to keep paying online.'}
    </Alert>
  );
}
