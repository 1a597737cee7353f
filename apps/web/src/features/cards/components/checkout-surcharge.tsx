import { Text } from '@mantine/core';
import { bpsText, checkoutFigures, dollarsText, type SurchargeOffer } from '@pirouette/domain';
import { useState } from 'react';
import { isRefusedFor } from '../../../lib/api-client';

/**
 * The card surcharge at checkout (issue 37 item 3, decision 069): what the parent is shown before paying
 * is what the request carries, and the server refuses (409) any other figure. The card on file's kind is
 * known (the card-on-file answer says whether it is credit); a typed card's only once the server has
 * read it: shown as "credit cards add …" until then, and set by the refusal's reason.
 */
export type CheckoutSurcharge = {
  /** The studio's rate (0: none). */
  bps: number;
  /** Whether the card paying is known to be credit. */
  credit: boolean;
  /** The surcharge and the total in dollars, as shown and sent. */
  surcharge: number;
  total: number;
  /** What the request carries: the surcharge shown, left out when none (the server reads none as $0). */
  sent: { surcharge?: number };
};

const NONE: SurchargeOffer = { bps: 0, onFileCredit: false };

/** The figures for the card on file and for a typed card, and what a refusal about them teaches. */
export function useCheckoutSurcharge(offer: SurchargeOffer | undefined, amount: number | null) {
  const { bps, onFileCredit } = offer ?? NONE;
  // A typed card is taken for not credit until the server says it is (a 409 with its reason).
  const [typedCredit, setTypedCredit] = useState(false);
  const figures = (credit: boolean): CheckoutSurcharge => {
    const f = checkoutFigures(Math.round((amount ?? 0) * 100), bps, credit);
    const surcharge = f.surcharge / 100;
    return { bps, credit, surcharge, total: f.total / 100, sent: surcharge > 0 ? { surcharge } : {} };
  };
  /** Learns from a refusal whether the typed card is credit; true when it was about the surcharge. */
  const learn = (error: unknown, typed: boolean): boolean => {
    const changed = isRefusedFor(error, 'surcharge_changed');
    const dropped = isRefusedFor(error, 'surcharge_dropped');
    if (typed && changed) setTypedCredit(true);
    if (typed && dropped) setTypedCredit(false);
    return changed || dropped;
  };
  return { onFile: figures(onFileCredit), typed: figures(typedCredit), typedKnown: typedCredit, learn };
}

/**
 * The surcharge's line under the amount: "Card surcharge (3 %): $1.50 · Total $51.50" for a credit card,
 * "No fee for a debit card" for the card on file that is not credit, and for a typed card not yet read
 * what a credit card would add. Nothing when the studio takes no surcharge.
 */
export function SurchargeLine({ s, typed = false }: { s: CheckoutSurcharge; typed?: boolean }) {
  if (s.bps === 0) return null;
  if (s.credit)
    return (
      <Text size="sm" data-testid="checkout-surcharge">
        Card surcharge ({bpsText(s.bps)}): <b>{dollarsText(s.surcharge)}</b> ·{' '}
        <Text span fw={700} inherit style={{ whiteSpace: 'nowrap' }}>
          Total {dollarsText(s.total)}
        </Text>
      </Text>
    );
  return (
    <Text size="sm" c="dimmed" data-testid="checkout-surcharge">
      {typed
        ? `Credit cards add a ${bpsText(s.bps)} card surcharge, shown before you pay; debit cards: no fee.`
        : 'No fee: only credit cards carry a card surcharge.'}
    </Text>
  );
}
