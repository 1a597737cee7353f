import {
  Alert,
  Checkbox,
  NumberInput,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { dollarsText, formatDateOnly, type LedgerTransaction } from '@pirouette/domain';
import { IconInfoCircle } from '@tabler/icons-react';
import { type FormEvent, useId, useState } from 'react';
import { FormButtons } from '../../../components/form-buttons';
import { MoneyModal, Refusal } from '../../../components/money-modal';
import { errorText, notifySuccess } from '../../../lib/notify';
import { newRequestId } from '../../../lib/request-id';
import { useRecordPayments } from '../api/money';
import {
  checkPayment,
  type DeskType,
  money,
  type PaymentCheck,
  type PaymentValues,
  payableItems,
  paymentBody,
  prefilledAmount,
} from '../lib/money';

type Props = {
  accountId: string;
  /** The family's current transaction; null when nothing was ever charged. */
  tx: LedgerTransaction | null;
  /** The family's balance and credit, in dollars. */
  balance: number;
  credit: number;
  onClose: () => void;
};

const TYPES: { value: DeskType; label: string }[] = [
  { value: 'cash', label: 'Cash' },
  { value: 'check', label: 'Check' },
  { value: 'terminal', label: 'Card' },
  { value: 'credit', label: 'Credit' },
];

/** What the payment will do, in a sentence or two: what it pays, and what becomes credit. */
function Outcome({ values, check, credit }: { values: PaymentValues; check: PaymentCheck; credit: number }) {
  if (check.pays <= 0 && check.becomesCredit <= 0) return null;
  // Nothing picked yet: the refusal beside the list says so; an outcome would only confuse.
  if (values.pick && check.target === 0) return null;
  const target = values.pick ? 'the picked items' : 'the balance';
  return (
    <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} data-testid="payment-outcome">
      <Stack gap={2}>
        <Text size="sm">
          {values.type === 'credit'
            ? `Uses ${money(check.pays)} of the family's ${dollarsText(credit)} of credit for ${target}.`
            : `Pays ${money(check.pays)} of ${target} (${money(check.target)})${values.pick ? '' : ', the oldest items first'}.`}
        </Text>
        {check.becomesCredit > 0 && (
          <Text size="sm" fw={600} data-testid="payment-overpayment">
            {money(check.becomesCredit)} more than {values.pick ? 'the picked items' : 'the family owes'}: it
            becomes credit for the family.
          </Text>
        )}
      </Stack>
    </Alert>
  );
}

/** A check's number or the terminal's receipt, and the day the money was received (empty: today). */
function DeskFields({
  values,
  error,
  update,
}: {
  values: PaymentValues;
  error: string | undefined;
  update: (next: Partial<PaymentValues>) => void;
}) {
  return (
    <>
      {(values.type === 'check' || values.type === 'terminal') && (
        <TextInput
          label={values.type === 'check' ? 'Check number' : 'Terminal receipt'}
          description={values.type === 'terminal' ? 'Optional' : undefined}
          value={values.reference}
          onChange={(e) => update({ reference: e.currentTarget.value })}
          maxLength={60}
          required={values.type === 'check'}
          error={error}
        />
      )}
      <TextInput
        type="date"
        label="Received on"
        description="Leave empty for today."
        value={values.receivedOn ?? ''}
        onChange={(e) => update({ receivedOn: e.currentTarget.value })}
      />
    </>
  );
}

/**
 * Records money received at the desk (001 §7): cash, a check with its number, the studio's card
 * terminal, or the family's credit. The amount starts at the balance; the payment pays the oldest items
 * first, or only the items picked; what is paid beyond becomes the family's credit. One request id per
 * opening, so a second press records nothing twice.
 */
export function RecordPaymentDialog({ accountId, tx, balance, credit, onClose }: Props) {
  const record = useRecordPayments(accountId);
  const typeLabel = useId();
  const [requestId] = useState(newRequestId);
  const items = tx?.items ?? [];
  const ctx = { balance, credit, items };
  const [values, setValues] = useState<PaymentValues>({
    type: 'cash',
    amount: prefilledAmount('cash', ctx),
    reference: '',
    pick: false,
    items: [],
  });
  const [tried, setTried] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const check = checkPayment(values, ctx);
  const errors = tried ? check.errors : {};
  const payable = payableItems(items);
  const update = (next: Partial<PaymentValues>) => {
    setRefusal(null);
    setValues((v) => ({ ...v, ...next }));
  };
  const changeType = (type: DeskType) =>
    update({
      type,
      // The amount follows the type while it is still the one offered.
      ...(values.amount === prefilledAmount(values.type, ctx) ? { amount: prefilledAmount(type, ctx) } : {}),
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!tx || check.blocked || Object.keys(check.errors).length > 0) return;
    record.mutate(
      { params: { coAcctMemID: accountId, transID: tx.id }, body: paymentBody(values, requestId) },
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
    <MoneyModal title="Record a payment" onClose={onClose} long>
      <form noValidate onSubmit={submit}>
        <Stack gap="sm">
          {check.blocked ? (
            <Refusal testId="payment-blocked">
              {check.blocked}
              <Text size="sm" mt={4}>
                {items.length === 0
                  ? 'The family has nothing to pay for yet.'
                  : 'This family owes nothing now.'}
              </Text>
            </Refusal>
          ) : (
            <>
              <Stack gap={4}>
                <Text size="sm" fw={500} id={typeLabel}>
                  Paid by
                </Text>
                <SegmentedControl
                  aria-labelledby={typeLabel}
                  fullWidth
                  value={values.type}
                  onChange={(v) => changeType(v as DeskType)}
                  data={TYPES.map((t) => ({
                    ...t,
                    disabled: t.value === 'credit' && credit <= 0,
                  }))}
                />
                <Text size="xs" c="dimmed">
                  {values.type === 'terminal'
                    ? "A card at the studio's terminal."
                    : values.type === 'credit'
                      ? `The family holds ${dollarsText(credit)} of credit.`
                      : `The family owes ${dollarsText(balance)}.`}
                </Text>
              </Stack>
              <NumberInput
                size="md"
                label="Amount"
                prefix="$"
                decimalScale={2}
                fixedDecimalScale
                thousandSeparator=","
                allowNegative={false}
                value={values.amount}
                onChange={(v) => update({ amount: v })}
                required
                data-autofocus
                error={errors.amount}
              />
              <DeskFields values={values} error={errors.reference} update={update} />
              <Switch
                label="Pay specific items"
                description="Otherwise the oldest open items are paid first."
                checked={values.pick}
                onChange={(e) => update({ pick: e.currentTarget.checked })}
                disabled={payable.length === 0}
              />
              {values.pick && (
                <Checkbox.Group
                  label="Items to pay"
                  value={values.items}
                  onChange={(ids) => update({ items: ids })}
                  error={errors.items}
                >
                  <Stack gap={6} mt={6}>
                    {payable.map((i) => (
                      <Checkbox
                        key={i.id}
                        value={i.id}
                        label={`${i.item}: ${dollarsText(i.open)} open`}
                        description={`Due ${formatDateOnly(i.dueDate)}`}
                      />
                    ))}
                  </Stack>
                </Checkbox.Group>
              )}
              <Outcome values={values} check={check} credit={credit} />
            </>
          )}
          {refusal && <Refusal>{refusal}</Refusal>}
        </Stack>
        <FormButtons
          mt="lg"
          onCancel={onClose}
          loading={record.isPending}
          label="Record payment"
          submitDisabled={!!check.blocked}
        />
      </form>
    </MoneyModal>
  );
}
