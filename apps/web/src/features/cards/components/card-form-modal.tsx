import { Skeleton, Stack, Text } from '@mantine/core';
import type { AnswerOf, cardCalls } from '@pirouette/domain';
import { MoneyModal } from '../../../components/money-modal';
import { SectionLoadError } from '../../../components/section-load-error';
import { notifySuccess } from '../../../lib/notify';
import { newRequestId } from '../../../lib/request-id';
import { useCardOnFile, useSaveCard } from '../api/cards';
import { CardForm } from './card-form';

export type SavedCard = AnswerOf<typeof cardCalls.saveCard>;

/** Saves a token as the family's card on file (replacing any): the answer, with its sentence. */
export function useSaveToken() {
  const save = useSaveCard();
  // A token is used once: each gets its own request id.
  return (token: string): Promise<SavedCard> =>
    save.mutateAsync({ body: { token, requestId: newRequestId() } });
}

/**
 * Adds the family's card, or replaces it: the processor's card form in a dialog. The server's sentence
 * is shown once the card is saved, and the card on file is read again.
 */
export function CardFormModal({
  replacing,
  onClose,
  onSaved,
}: {
  replacing: boolean;
  onClose: () => void;
  onSaved?: (saved: SavedCard) => void;
}) {
  const card = useCardOnFile();
  const saveToken = useSaveToken();
  return (
    <MoneyModal title={replacing ? 'Replace your card' : 'Add a card'} onClose={onClose} long>
      {card.isPending ? (
        <Stack gap="sm" aria-busy="true" aria-label="Loading the card form">
          <Skeleton h={36} />
          <Skeleton h={180} />
        </Stack>
      ) : card.isError ? (
        <SectionLoadError error={card.error} onRetry={() => card.refetch()} />
      ) : (
        <Stack gap="md">
          {replacing && (
            <Text size="sm" c="dimmed">
              The new card replaces the one on file: it is the card charged from now on.
            </Text>
          )}
          <CardForm
            tokenizer={card.data.tokenizer}
            submitLabel="Save card"
            onCancel={onClose}
            onToken={async (token) => {
              const saved = await saveToken(token);
              notifySuccess(saved.msg);
              // Closed first, so what `onSaved` opens next stays open.
              onClose();
              onSaved?.(saved);
            }}
          />
        </Stack>
      )}
    </MoneyModal>
  );
}
