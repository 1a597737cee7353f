import type { FinixEngine } from '../../src/sandbox/finix/engine';

/** The sandbox's test cards (shared/billing.md, "Finix, in short"). */
export const CARDS = {
  succeeds: '4895142232120006',
  genericDecline: '4000000000009979',
  insufficientFunds: '4000000000000069',
  expired: '4000000000009987',
  lostOrStolen: '4000000000000127',
  refundFails: '4000000000000135',
} as const;

/** A token for a card, as the browser's card form would get one; the expiry is years ahead of any test clock. */
export async function tokenOf(
  engine: FinixEngine,
  number: string,
  card: { expMonth?: number; expYear?: number; name?: string } = {},
): Promise<string> {
  const answer = await engine.tokenize({
    number,
    expMonth: card.expMonth ?? 12,
    expYear: card.expYear ?? 2040,
    cvv: '123',
    name: card.name ?? 'Ada Russo',
    postalCode: '94110',
  });
  if (answer.status !== 201) throw new Error(`No token for ${number}: ${JSON.stringify(answer.body)}`);
  return (answer.body as { id: string }).id;
}
