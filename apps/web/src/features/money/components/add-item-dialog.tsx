import { Group, NumberInput, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { ledgerMessages } from '@pirouette/domain';
import { type FormEvent, useState } from 'react';
import { FormButtons } from '../../../components/form-buttons';
import { MoneyModal, Refusal } from '../../../components/money-modal';
import { errorText, notifySuccess } from '../../../lib/notify';
import { newRequestId } from '../../../lib/request-id';
import { useAddItem } from '../api/money';
import { ITEM_TYPE_OPTIONS, type ItemValues, itemBody, itemErrors, itemTotal, money } from '../lib/money';

type Props = {
  accountId: string;
  /** The open transaction the item joins, if there is one (else the server opens one). */
  transactionID: string | null;
  today: string;
  onClose: () => void;
};

/**
 * Adds an item to the family's transaction (001 §5): its type, what it is, the amount and quantity, the
 * total worked out as they are typed. A negative amount is a credit to the family.
 */
export function AddItemDialog({ accountId, transactionID, today, onClose }: Props) {
  const add = useAddItem(accountId);
  const [requestId] = useState(newRequestId);
  const [values, setValues] = useState<ItemValues>({
    typeID: 'other',
    item: '',
    amount: '',
    quantity: 1,
    dueDate: today,
    note: '',
  });
  const [tried, setTried] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const errors = tried ? itemErrors(values) : {};
  const invalid = Object.keys(errors).length > 0;
  const total = itemTotal(values);
  const set = <K extends keyof ItemValues>(key: K, value: ItemValues[K]) => {
    setRefusal(null);
    setValues((v) => ({ ...v, [key]: value }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (Object.keys(itemErrors(values)).length > 0) return;
    add.mutate(
      { params: { coAcctMemID: accountId }, body: itemBody(values, requestId, transactionID) },
      {
        onSuccess: (answer) => {
          notifySuccess(answer.msg);
          onClose();
        },
        onError: (error) => setRefusal(errorText(error)),
      },
    );
  };

  return (
    <MoneyModal title="Add an item" onClose={onClose} long>
      <form noValidate onSubmit={submit}>
        <Stack gap="sm">
          <Select
            label="Type"
            data={ITEM_TYPE_OPTIONS}
            value={values.typeID}
            onChange={(v) => set('typeID', v ?? '')}
            allowDeselect={false}
            required
            error={!!errors.typeID}
          />
          <TextInput
            label="Item"
            placeholder="Recital costume"
            value={values.item}
            onChange={(e) => set('item', e.currentTarget.value)}
            maxLength={120}
            required
            data-autofocus
            error={!!errors.item}
          />
          <SimpleGrid cols={2} spacing="sm">
            <NumberInput
              size="md"
              label="Amount"
              description="Negative for a credit"
              prefix="$"
              decimalScale={2}
              thousandSeparator=","
              value={values.amount}
              onChange={(v) => set('amount', v)}
              required
              error={!!errors.amount}
            />
            <NumberInput
              size="md"
              label="Quantity"
              description="1 to 1000"
              min={1}
              max={1000}
              allowDecimal={false}
              allowNegative={false}
              value={values.quantity}
              onChange={(v) => set('quantity', v)}
              required
              error={!!errors.quantity}
            />
          </SimpleGrid>
          <Paper bg="gray.0" radius="md" px="sm" py={8}>
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm" fw={600}>
                Total
              </Text>
              <Text fw={700} style={{ fontVariantNumeric: 'tabular-nums' }} data-testid="item-total-preview">
                {total === null ? '—' : money(total)}
              </Text>
            </Group>
            {total !== null && total < 0 && (
              <Text size="xs" c="blue.8" mt={2}>
                A credit of {money(-total)}: it goes to the family's credit and pays its open items.
              </Text>
            )}
          </Paper>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              type="date"
              label="Due"
              value={values.dueDate}
              onChange={(e) => set('dueDate', e.currentTarget.value)}
            />
            <TextInput
              label="Note"
              description="Shown with the item"
              value={values.note}
              onChange={(e) => set('note', e.currentTarget.value)}
              maxLength={300}
            />
          </SimpleGrid>
          {invalid && <Refusal testId="item-invalid">{ledgerMessages.invalidItem}</Refusal>}
          {refusal && <Refusal>{refusal}</Refusal>}
        </Stack>
        <FormButtons mt="lg" onCancel={onClose} loading={add.isPending} label="Add item" />
      </form>
    </MoneyModal>
  );
}
