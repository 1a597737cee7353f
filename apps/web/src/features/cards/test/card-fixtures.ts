import type { AnswerOf, CardOnFile, cardCalls } from '@pirouette/domain';
import type { FakeAnswer } from '../../../test/fake-api';
import { mockApi } from '../../../test/render';
import { isSandboxToken } from '../lib/sandbox-tokenizer';

/** The Patels' card on file as the server presents it; `expiry` as the server worked it out. */
export const visa = (over: Partial<CardOnFile> = {}): CardOnFile => ({
  id: '9d0c1f2e-3b4a-4c5d-8e6f-000000000001',
  brand: 'Visa',
  last4: '0006',
  expMonth: 12,
  expYear: 2030,
  name: 'Priya Patel',
  expiry: 'ok',
  addedOn: 'Nov 2, 2026',
  addedBy: 'Priya Patel',
  ...over,
});

export const TOKEN_URL = '/sandbox/finix/tokens';
export const SANDBOX = { kind: 'sandbox', applicationId: 'APsandbox', tokenUrl: TOKEN_URL } as const;

export const onFile = (card: CardOnFile | null): AnswerOf<typeof cardCalls.cardOnFile> => ({
  card,
  tokenizer: SANDBOX,
  takesCards: true,
  notice: null,
});

type Answer = FakeAnswer;
type Handler = (key: string, init?: RequestInit) => Answer | undefined;

/**
 * The fake server of the card tests: the API through `mockApi` (each success checked against its
 * call's answer schema), and the sandbox's token endpoint, which is no API call: its successes are
 * checked by the same test the form reads them with.
 */
export function cardsApi(
  handler: Handler,
  token: (body: Record<string, unknown>) => Answer = () => tokenAnswer(),
) {
  const api = mockApi((url, init) => handler(`${init?.method ?? 'GET'} ${url}`, init));
  const apiAnswer = api.spy.getMockImplementation()!;
  const tokenBodies: Record<string, unknown>[] = [];
  api.spy.mockImplementation(async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url !== TOKEN_URL) return apiAnswer(input, init);
    api.calls.push({ url, init });
    const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
    tokenBodies.push(body);
    const [status, answer] = token(body);
    if (status === 200 && !(Array.isArray(answer) && answer[0] === true && isSandboxToken(answer[1])))
      throw new Error(`The fake token answer is not what the sandbox answers: ${JSON.stringify(answer)}`);
    return new Response(JSON.stringify(answer), { status, headers: { 'Content-Type': 'application/json' } });
  });
  return { ...api, tokenBodies };
}

/** The sandbox's token for a card, as it answers. */
export const tokenAnswer = (id = 'TKsandbox0001'): Answer => [
  200,
  [true, { id, expiresAt: '2026-11-22T15:00:00.000Z' }],
];

/** The sandbox refusing a card. */
export const tokenRefusal = (message = 'The card number is not valid.'): Answer => [422, [false, message]];

export const callsTo = (log: { url: string; init?: RequestInit }[], key: string) =>
  log.filter((c) => `${c.init?.method ?? 'GET'} ${c.url}` === key);

export const bodiesTo = (log: { url: string; init?: RequestInit }[], key: string) =>
  callsTo(log, key).map((c) => JSON.parse(String(c.init?.body)) as Record<string, unknown>);

type User = { type: (element: Element, text: string) => Promise<void> };
type Finder = (label: string) => HTMLElement;

/** Types a card into the sandbox form; a good test card unless told. */
export async function typeCard(user: User, field: Finder, number = '4895142232120006') {
  await user.type(field('Card number'), number);
  await user.type(field('Expiry'), '1230');
  await user.type(field('CVC'), '123');
  await user.type(field('Name on card'), 'Priya Patel');
  await user.type(field('ZIP code'), '10001');
}
