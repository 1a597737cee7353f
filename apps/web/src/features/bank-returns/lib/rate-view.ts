import {
  type BankReturnsPage,
  type RateStatus,
  type ReturnFollowUpKind,
  type ReturnRateKind,
  returnRateLabels,
  returnRateText,
} from '@pirouette/domain';

type Rate = BankReturnsPage['rates'][number];

/** How a rate's standing looks: its colour and its word. */
export const STATUS_LOOK: Record<RateStatus, { color: string; label: string }> = {
  ok: { color: 'teal', label: 'Within the limit' },
  warn: { color: 'yellow', label: 'Close to the limit' },
  over: { color: 'red', label: 'Over the limit' },
};

/** What each rate counts, for the owner. */
const WHAT: Record<ReturnRateKind, string> = {
  unauthorized: 'debits the account holder said they did not authorize (R05, R07, R10, R11, R29, R51)',
  administrative: 'debits to an account closed, not found or mistyped (R02, R03, R04)',
  overall: 'every returned debit, whatever the reason',
};

/** One rate as its card shows it. */
export function rateView(r: Rate) {
  return {
    label: returnRateLabels[r.kind],
    what: WHAT[r.kind],
    figure: r.rateBps === null ? '—' : returnRateText(r.rateBps),
    counts: `${r.count} of ${r.debits} debit${r.debits === 1 ? '' : 's'}`,
    limit: `Nacha’s limit ${returnRateText(r.thresholdBps)} · warned from ${returnRateText(r.warnBps)}`,
    color: STATUS_LOOK[r.status].color,
    statusLabel: STATUS_LOOK[r.status].label,
  };
}

/**
 * The warnings of a period, the worst first: a rate over its threshold, then one past half of it. Nacha
 * reviews a studio over a threshold; half is the time to look at who is returned and why.
 */
export function rateWarnings(rates: Rate[]): { status: 'warn' | 'over'; text: string }[] {
  const order = { over: 0, warn: 1 } as const;
  return rates
    .filter((r): r is Rate & { status: 'warn' | 'over' } => r.status !== 'ok')
    .sort((a, b) => order[a.status] - order[b.status])
    .map((r) => {
      const v = rateView(r);
      return {
        status: r.status,
        text:
          r.status === 'over'
            ? `${v.label}: ${v.figure} of your bank debits, at or over Nacha’s limit of ${returnRateText(r.thresholdBps)}. Your processor may review your bank payments: ask the families concerned for another payment method.`
            : `${v.label}: ${v.figure} of your bank debits, past half of Nacha’s limit of ${returnRateText(r.thresholdBps)}.`,
      };
    });
}

/** What followed a return: its badge's colour and word. */
export const FOLLOW_UP_LOOK: Record<ReturnFollowUpKind, { color: string; label: string }> = {
  scheduled: { color: 'blue', label: 'To present again' },
  represented: { color: 'teal', label: 'Presented again' },
  not_presented: { color: 'gray', label: 'Not presented' },
  new_method: { color: 'orange', label: 'New method asked' },
};
