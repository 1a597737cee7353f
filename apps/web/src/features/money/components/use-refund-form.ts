import { type FormEvent, useState } from 'react';
import { errorText, notifySuccess } from '../../../lib/notify';
import { newRequestId } from '../../../lib/request-id';
import { useRefund } from '../api/money';
import {
  defaultRefundTo,
  dollars,
  type RefundOption,
  type RefundValues,
  refundBody,
  refundErrors,
  refundLimit,
} from '../lib/money';

/** The first thing of a payment that can go back: its first settled item, else its credit. */
const firstChoice = (o: RefundOption | undefined) =>
  o?.items.find((i) => i.available > 0)?.itemID ?? (o && o.credit > 0 ? 'credit' : '');
/**
 * The refund's values (starting from the row's payment and the first thing of it that can go back),
 * choosing a payment or what of it goes back (the amount follows, at most what can), and sending it
 * with one request id per opening.
 */
export function useRefundForm(
  accountId: string,
  options: RefundOption[],
  paymentId: string | undefined,
  onClose: () => void,
) {
  const refund = useRefund(accountId);
  const [requestId] = useState(newRequestId);
  const [values, setValues] = useState<RefundValues>(() => {
    const start = options.find((o) => o.payment.id === paymentId) ?? options[0];
    const what = firstChoice(start);
    return {
      paymentID: start?.payment.id ?? '',
      what,
      total: start ? dollars(refundLimit(start, what).max) : '',
      to: defaultRefundTo(start?.payment),
      reason: '',
    };
  });
  const [tried, setTried] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const option = options.find((o) => o.payment.id === values.paymentID);
  const limit = refundLimit(option, values.what);
  const errors = tried ? refundErrors(values, options) : {};
  const update = (next: Partial<RefundValues>) => {
    setRefusal(null);
    setValues((v) => ({ ...v, ...next }));
  };
  const choose = (what: string) =>
    update({
      what,
      total: option ? dollars(refundLimit(option, what).max) : '',
      to: what === 'credit' && values.to === 'credit' ? defaultRefundTo(option?.payment) : values.to,
    });
  const pickPayment = (id: string) => {
    const next = options.find((o) => o.payment.id === id);
    const what = firstChoice(next);
    update({
      paymentID: id,
      what,
      total: next ? dollars(refundLimit(next, what).max) : '',
      to: defaultRefundTo(next?.payment),
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (Object.keys(refundErrors(values, options)).length > 0) return;
    refund.mutate(
      { params: { coAcctMemID: accountId }, body: refundBody(values, requestId) },
      {
        onSuccess: (answer) => {
          notifySuccess(answer.msg);
          onClose();
        },
        onError: (error) => setRefusal(errorText(error)),
      },
    );
  };

  return {
    values,
    update,
    choose,
    pickPayment,
    option,
    limit,
    errors,
    refusal,
    submit,
    sending: refund.isPending,
  };
}
