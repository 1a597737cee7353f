import { WEEKDAYS } from '../constants';
import { centsText } from '../money';
import type { PaymentExplain } from '../tuition/types';

const percent = (fraction: number) => `${Number((fraction * 100).toFixed(2))} %`;
const times = (ratio: number) => (Number.isInteger(ratio) ? String(ratio) : ratio.toFixed(2));
const offText = (discount: number) => (discount > 0 ? `, ${percent(discount)} off` : '');
const DAY_SHORT = WEEKDAYS.map((d) => d.slice(0, 3));

/**
 * Why a plan payment is what it is, in a line a parent can check (domain-rules §5). The server keeps
 * this line with the payment, and the payment-system page's example uses it too.
 */
export function explainPayment(explain: PaymentExplain, monthly: number): string {
  switch (explain.rule) {
    case 'completed':
      return 'Period over before the start date: not charged';
    case 'tooLittleLeft':
      return `Only ${percent(explain.f)} of the period left (30 % or less): not charged`;
    case 'full':
      if (explain.ratio === 1 && explain.discount === 0) return `Monthly tuition ${centsText(monthly)}`;
      return `${times(explain.ratio)} × ${centsText(monthly)}${offText(explain.discount)}`;
    case 'classMeetings': {
      const meetings = explain.meetings
        .map((m) => `${DAY_SHORT[m.day]} ${m.meetings}/4 × ${centsText(m.price)}`)
        .join(' + ');
      return `Prorated by classes left: ${meetings || 'none'}${offText(explain.discount)}`;
    }
    case 'fraction':
      return `Prorated: ${percent(explain.f)} of the period left × ${times(explain.ratio)} × ${centsText(monthly)}${offText(explain.discount)}`;
  }
}
