import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { dollarsText, formatDateOnly, type LedgerItem, type LedgerPayment } from '@pirouette/domain';
import { type FormEvent, type ReactNode, useState } from 'react';
import { MoneyModal, Refusal } from '../../../components/money-modal';
import { errorText, notifySuccess } from '../../../lib/notify';
import { useRemoveItem, useReturnCheck } from '../api/money';
import { paymentMethod, removeWord } from '../lib/money';

/** A question with an optional reason, the red button that does it, and the server's refusal if any. */
function ConfirmWithReason({
  title,
  children,
  reasonLabel,
  confirmLabel,
  pending,
  refusal,
  onConfirm,
  onClose,
}: {
  title: string;
  children: ReactNode;
  reasonLabel: string;
  confirmLabel: string;
  pending: boolean;
  refusal: string | null;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onConfirm(reason.trim());
  };
  return (
    <MoneyModal title={title} onClose={onClose}>
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <Stack gap="xs">{children}</Stack>
          <TextInput
            label={reasonLabel}
            description="Optional; kept in the family's history"
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            maxLength={300}
          />
          {refusal && <Refusal>{refusal}</Refusal>}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={pending} data-autofocus>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </MoneyModal>
  );
}

/**
 * Takes an item back (a late fee: waives it). A reversing entry: the item stays in the history, its
 * amount leaves the balance, and what was paid of it becomes the family's credit.
 */
export function RemoveItemDialog({
  accountId,
  transactionId,
  item,
  onClose,
}: {
  accountId: string;
  transactionId: string;
  item: LedgerItem;
  onClose: () => void;
}) {
  const remove = useRemoveItem(accountId);
  const [refusal, setRefusal] = useState<string | null>(null);
  const word = removeWord(item);
  const confirm = (reason: string) =>
    remove.mutate(
      { params: { transID: transactionId, itemID: item.id }, query: { reason } },
      {
        onSuccess: (answer) => {
          notifySuccess(answer.msg);
          onClose();
        },
        onError: (error) => setRefusal(errorText(error)),
      },
    );
  return (
    <ConfirmWithReason
      title={word === 'Waive' ? 'Waive the late fee' : 'Remove the item'}
      reasonLabel="Reason"
      confirmLabel={word === 'Waive' ? 'Waive the fee' : 'Remove item'}
      pending={remove.isPending}
      refusal={refusal}
      onConfirm={confirm}
      onClose={onClose}
    >
      <Text size="sm">
        {word} <strong>{item.item}</strong> ({dollarsText(item.total)})?
      </Text>
      <Text size="sm" c="dimmed">
        {item.open > 0 ? `Its ${dollarsText(item.open)} open comes off the family's balance. ` : ''}
        {item.paid > 0 ? `The ${dollarsText(item.paid)} paid on it becomes the family's credit. ` : ''}
        It stays in the history, marked {word === 'Waive' ? 'waived' : 'removed'}.
      </Text>
    </ConfirmWithReason>
  );
}

/**
 * A check came back unpaid: its payment is reversed (the items it paid are open again) and the
 * returned-check fee set in the studio's settings is charged. The server says the fee's amount.
 */
export function ReturnCheckDialog({
  accountId,
  payment,
  onClose,
}: {
  accountId: string;
  payment: LedgerPayment;
  onClose: () => void;
}) {
  const bounce = useReturnCheck(accountId);
  const [refusal, setRefusal] = useState<string | null>(null);
  const confirm = (reason: string) =>
    bounce.mutate(
      { params: { coAcctMemID: accountId, paymentID: payment.id }, body: { reason } },
      {
        onSuccess: (answer) => {
          notifySuccess(answer.msg);
          onClose();
        },
        onError: (error) => setRefusal(errorText(error)),
      },
    );
  return (
    <ConfirmWithReason
      title="Return the check"
      reasonLabel="The bank's reason"
      confirmLabel="Return check"
      pending={bounce.isPending}
      refusal={refusal}
      onConfirm={confirm}
      onClose={onClose}
    >
      <Text size="sm">
        <strong>{paymentMethod(payment)}</strong> of {dollarsText(payment.total)}, received{' '}
        {formatDateOnly(payment.receivedOn)}, came back unpaid?
      </Text>
      <Text size="sm" c="dimmed">
        Its payment is reversed: the items it paid are open again. The family is charged the returned-check
        fee set in your studio settings.
      </Text>
    </ConfirmWithReason>
  );
}
