import {
  dollarsText,
  type FamilyCostume,
  type FamilyCostumesAnswer,
  type FamilyCostumeTotals,
  formatDateOnly,
} from '@pirouette/domain';

/**
 * The words of a family's costumes (issue 18 point 5): the owner reads the studio's terms on the account
 * overview, the parent plainer ones in the portal. Money arrives in dollars; differences are worked in
 * cents so $0.10 + $0.20 never shows as $0.30000000000000004.
 */

export type CostumeAudience = 'owner' | 'parent';

/** A tone the card shows: settled, something to pay, or nothing to say. */
export type Tone = 'paid' | 'due' | 'plain';
export type Line = { text: string; tone: Tone };
export type Status = { label: string; color: string };

const cents = (dollars: number) => Math.round(dollars * 100);

export const hasCostumes = (answer: FamilyCostumesAnswer | undefined) =>
  !!answer && answer.dancers.some((d) => d.costumes.length > 0);

/** Where the costume is: arrived, ordered, not ordered yet, or taken from the dancer. */
export function costumeStatus(c: FamilyCostume, audience: CostumeAudience): Status {
  if (c.removed) {
    return audience === 'owner'
      ? { label: 'Removed, still charged', color: 'red' }
      : { label: 'No longer assigned', color: 'gray' };
  }
  if (c.receivedOn) {
    return {
      label: `${audience === 'owner' ? 'Arrived' : 'Arrived at the studio'} ${formatDateOnly(c.receivedOn)}`,
      color: 'teal',
    };
  }
  if (c.ordered) return { label: `Ordered ${formatDateOnly(c.ordered.orderedOn)}`, color: 'blue' };
  return { label: 'Not ordered yet', color: 'gray' };
}

/** Why a costume taken from the dancer is still listed: it was ordered, or the deposit was no longer refundable. */
export function removedNote(c: FamilyCostume, audience: CostumeAudience): string | null {
  if (!c.removed) return null;
  if (c.ordered) {
    return audience === 'owner'
      ? 'Removed after it was ordered: its deposit and balance stay on the bill.'
      : 'Removed after it was ordered, so its cost stays on your bill.';
  }
  return audience === 'owner'
    ? 'Removed after the refundable date: its deposit stays on the bill.'
    : 'Removed after the refundable date, so the deposit stays on your bill.';
}

/** "$5.00 of $20.00 paid", "$20.00 paid", "$20.00 unpaid" ("to pay" for the parent). */
function chargeText(label: string, charged: number, paid: number, audience: CostumeAudience): Line {
  if (cents(paid) >= cents(charged)) return { text: `${label} ${dollarsText(charged)} paid`, tone: 'paid' };
  if (cents(paid) > 0) {
    return {
      text: `${label} ${dollarsText(paid)} of ${dollarsText(charged)} paid`,
      tone: 'due',
    };
  }
  return {
    text: `${label} ${dollarsText(charged)} ${audience === 'owner' ? 'unpaid' : 'to pay'}`,
    tone: 'due',
  };
}

/** The deposit and the balance of one costume, as far as they are charged, and what is still to come. */
export function moneyLines(c: FamilyCostume, audience: CostumeAudience): Line[] {
  const lines: Line[] = [];
  if (c.deposit > 0) lines.push(chargeText('Deposit', c.deposit, c.depositPaid, audience));
  if (c.balance > 0) lines.push(chargeText('Balance', c.balance, c.balancePaid, audience));
  if (c.later > 0) {
    lines.push({
      text:
        audience === 'owner'
          ? `Balance ${dollarsText(c.later)} charged when ordered`
          : `${dollarsText(c.later)} more when the costume is ordered`,
      tone: 'plain',
    });
  }
  if (lines.length === 0 && !c.removed) {
    lines.push({ text: c.price > 0 ? 'Nothing charged yet' : 'No charge', tone: 'plain' });
  }
  return lines;
}

/** "Size CM · Pink", or the colour alone when the costume has no size (never both empty). */
export const sizeColorText = (c: Pick<FamilyCostume, 'size' | 'color'>) =>
  [c.size && `Size ${c.size}`, c.color].filter(Boolean).join(' · ');

export type Figure = { label: string; value: string; tone: Tone };

/** The family's totals: what the costumes cost, what is charged and paid, what is owed, what is to come. */
export function totalFigures(t: FamilyCostumeTotals, audience: CostumeAudience): Figure[] {
  const charged = (cents(t.deposit) + cents(t.balance)) / 100;
  const paid = (cents(t.depositPaid) + cents(t.balancePaid)) / 100;
  const price = {
    label: `Price of ${t.costumes} ${t.costumes === 1 ? 'costume' : 'costumes'}`,
    value: dollarsText(t.price),
    tone: 'plain' as const,
  };
  const open = { value: dollarsText(t.open), tone: t.open > 0 ? ('due' as const) : ('paid' as const) };
  const figures: Figure[] =
    audience === 'owner'
      ? [
          price,
          { label: 'Charged', value: dollarsText(charged), tone: 'plain' },
          { label: 'Paid', value: dollarsText(paid), tone: 'plain' },
          { label: 'Open', ...open },
        ]
      : [
          price,
          { label: 'Paid so far', value: dollarsText(paid), tone: 'plain' },
          { label: 'To pay now', ...open },
        ];
  if (t.later > 0) {
    figures.push({
      label: audience === 'owner' ? 'To charge when ordered' : 'Later, when ordered',
      value: dollarsText(t.later),
      tone: 'plain',
    });
  }
  return figures;
}
