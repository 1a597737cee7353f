import { Button, Group, NumberInput, Radio, Select, Skeleton, Stack, Text, Textarea } from '@mantine/core';
import { dollarsText, formatDateOnly, type LedgerTransaction } from '@pirouette/domain';
import { FormButtons } from '../../../components/form-buttons';
import { MoneyModal, Refusal } from '../../../components/money-modal';
import { SectionLoadError } from '../../../components/section-load-error';
import { useCreditList } from '../api/money';
import {
  cardRefundNote,
  money,
  paymentMethod,
  REFUND_TO_LABELS,
  type RefundOption,
  type RefundValues,
  refundDestinations,
  refundOptions,
  refundSummary,
} from '../lib/money';
import { useRefundForm } from './use-refund-form';

type Props = {
  accountId: string;
  tx: LedgerTransaction;
  /** The family's credit, in dollars. */
  credit: number;
  /** The payment to start with (the row's Refund). */
  paymentId?: string;
  onClose: () => void;
};

const paymentLabel = (o: RefundOption) =>
  `${paymentMethod(o.payment)} of ${dollarsText(o.payment.total)}, ${formatDateOnly(o.payment.receivedOn)}`;

type Form = ReturnType<typeof useRefundForm>;

/** What of the payment goes back: each item it paid (an item still open cannot), or its credit. */
function RefundChoices({ f }: { f: Form }) {
  const { option } = f;
  return (
    <Radio.Group label="For" value={f.values.what} onChange={f.choose} required error={f.errors.what}>
      <Stack gap={6} mt={6}>
        {option?.items.map((i) => (
          <Radio
            key={i.itemID}
            value={i.itemID}
            label={i.item}
            disabled={i.open > 0}
            description={
              i.open > 0
                ? `${money(i.open)} still open: not refunded. Waive or remove it, or add a credit, to lower what is owed.`
                : `Up to ${money(i.available)} paid on it can be refunded`
            }
          />
        ))}
        {option && option.credit > 0 && (
          <Radio
            value="credit"
            label="The family's credit from this payment"
            description={`Up to ${money(option.credit)} held as credit can go back`}
          />
        )}
        {option && !option.items.some((i) => i.available > 0) && option.credit === 0 && (
          <Text size="sm" c="dimmed">
            Nothing of this payment can go back now.
          </Text>
        )}
      </Stack>
    </Radio.Group>
  );
}

/**
 * Gives money back from a payment: for an item it paid, or the part of it the family holds as credit;
 * as cash, a check, on the terminal or the card, or (for an item) as credit. Each choice says how much
 * can go back, from the payment's `refund_available` and the item's `available_refund_total`.
 */
export function RefundDialog(props: Props) {
  const credits = useCreditList(props.accountId);
  // The credit held from each payment is read first: the form starts from what can go back.
  if (credits.isPending)
    return (
      <MoneyModal title="Refund" onClose={props.onClose}>
        <Stack gap="sm" aria-busy="true" aria-label="Reading the family's credit">
          <Skeleton h={36} />
          <Skeleton h={80} />
        </Stack>
      </MoneyModal>
    );
  if (credits.isError)
    return (
      <MoneyModal title="Refund" onClose={props.onClose}>
        <SectionLoadError error={credits.error} onRetry={() => credits.refetch()} />
      </MoneyModal>
    );
  return <RefundForm {...props} options={refundOptions(props.tx, credits.data.credits, props.credit)} />;
}
function RefundForm({ accountId, paymentId, onClose, options }: Props & { options: RefundOption[] }) {
  const f = useRefundForm(accountId, options, paymentId, onClose);
  const { values, update, option, limit, errors, refusal, submit } = f;

  if (options.length === 0)
    return (
      <MoneyModal title="Refund" onClose={onClose}>
        <Stack gap="lg">
          <Text size="sm">No payment of this transaction has money left to give back.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
          </Group>
        </Stack>
      </MoneyModal>
    );

  const destinations = refundDestinations(values.what, option?.payment);
  const toCard = values.to === 'card' && option?.payment.payProcID === 'card';
  const summary = refundSummary(values, option);
  return (
    <MoneyModal title="Refund" onClose={onClose} long>
      <form noValidate onSubmit={submit}>
        <Stack gap="sm">
          <Select
            label="From the payment"
            data={options.map((o) => ({ value: o.payment.id, label: paymentLabel(o) }))}
            value={values.paymentID}
            onChange={(v) => v && f.pickPayment(v)}
            allowDeselect={false}
            required
            error={errors.paymentID}
          />
          {option && (option.credit > 0 || option.items.some((i) => i.available > 0)) && (
            <Text size="xs" c="dimmed" data-testid="refund-payment-available">
              {money(option.available)} of this payment can still be refunded
              {option.payment.refund_total > 0
                ? ` (${dollarsText(option.payment.refund_total)} already was)`
                : ''}
              .
            </Text>
          )}
          <RefundChoices f={f} />
          <NumberInput
            size="md"
            label="Amount"
            description={values.what ? `At most ${money(limit.max)}` : undefined}
            prefix="$"
            decimalScale={2}
            fixedDecimalScale
            thousandSeparator=","
            allowNegative={false}
            value={values.total}
            onChange={(v) => update({ total: v })}
            required
            error={errors.total}
          />
          <Select
            label="Give it back as"
            data={destinations.map((t) => ({ value: t, label: REFUND_TO_LABELS[t] }))}
            value={values.to}
            onChange={(v) => v && update({ to: v as RefundValues['to'] })}
            allowDeselect={false}
            required
            error={errors.to}
            description={toCard && option ? cardRefundNote(option.payment) : undefined}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
          />
          <Textarea
            size="md"
            label="Reason"
            placeholder="Class cancelled"
            value={values.reason}
            onChange={(e) => update({ reason: e.currentTarget.value })}
            maxLength={300}
            autosize
            minRows={2}
            required
            error={errors.reason}
          />
          {summary && (
            <Text size="sm" fw={500} data-testid="refund-summary">
              {summary}
            </Text>
          )}
          {refusal && <Refusal>{refusal}</Refusal>}
        </Stack>
        <FormButtons
          mt="lg"
          onCancel={onClose}
          loading={f.sending}
          label={toCard ? 'Refund to the card' : 'Refund'}
        />
      </form>
    </MoneyModal>
  );
}
