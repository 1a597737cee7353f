import { webhookCalls } from '@pirouette/domain';
import type { InjectOptions } from 'fastify';
import { SANDBOX_TOKEN_PATH, SANDBOX_WEBHOOK_TOKEN } from '../../src/sandbox/finix/sandbox';

/**
 * Cards for the matrix and the fuzzer (issue 17): a sandbox test card tokenized as the stand-in form
 * does, and saved as a family's card on file through the parent's call.
 */

type Send = (opts: InjectOptions) => Promise<{ status: number; body: unknown }>;

/** The sandbox's card that always succeeds. */
export const GOOD_CARD = {
  number: '4895142232120006',
  expMonth: 12,
  expYear: 2030,
  cvv: '123',
  name: 'Ana Lopez',
};

export const CARDS = {
  onFile: '/api/finix/customer/paymentInstrument/default',
  save: '/api/finix/customer/paymentInstrument',
  authorize: (billId: string) => `/api/finix/customer/transaction/authorize/${billId}/payment`,
  family: (familyId: string) => `/api/mystudio/account/${familyId}/card`,
} as const;

export const AUTOPAY = {
  family: '/api/finix/customer/autopay',
  page: '/api/mystudio/autopay',
  retry: (familyId: string) => `/api/mystudio/autopay/${familyId}/retry`,
  pause: (familyId: string) => `/api/mystudio/autopay/${familyId}/pause`,
} as const;

/** A token of the sandbox processor for `card` (the stand-in form's post). */
export async function sandboxToken(send: Send, card = GOOD_CARD): Promise<string> {
  const res = await send({ method: 'POST', url: SANDBOX_TOKEN_PATH, payload: card });
  const id = (res.body as [boolean, { id?: string }])[1]?.id;
  if (res.status !== 200 || !id)
    throw new Error(`no sandbox token: ${res.status} ${JSON.stringify(res.body)}`);
  return id;
}

/** The parent (whose session `send` carries) saves a sandbox test card as the family's card on file. */
export async function saveCard(send: Send, sendAnonymous: Send, card = GOOD_CARD): Promise<void> {
  const token = await sandboxToken(sendAnonymous, card);
  const res = await send({ method: 'POST', url: CARDS.save, payload: { token } });
  if (res.status !== 200) throw new Error(`card not saved: ${res.status} ${JSON.stringify(res.body)}`);
}

/** The sandbox processor's credentials, which its webhook calls carry (none for any other route). */
export const processorHeaders = (url: string): Record<string, string> =>
  url === webhookCalls.receive.path ? { authorization: `Bearer ${SANDBOX_WEBHOOK_TOKEN}` } : {};
