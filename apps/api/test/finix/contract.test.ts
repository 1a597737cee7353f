/**
 * The fake Finix answers as Finix's API description says (finix-api.yaml, a verbatim copy of
 * shared/reference/finix-api.yaml, API version 2022-02-01): every operation the engine implements, and each
 * status it gives, is requested over HTTP and its body validated with ajv against the response schema the
 * description names for that path, method and status.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { FINIX_VERSION } from '../../src/modules/payments/finix/transport';
import { ENGINE_ROUTES } from '../../src/sandbox/finix/engine';
import { UPDATER_CARDS } from '../../src/sandbox/finix/engine-updater';
import { CARDS, tokenOf } from './cards';
import { type FakeFinix, startFakeFinix } from './fake-finix';

type Json = Record<string, unknown>;

// ajv-formats is CommonJS with its function as the default export's default.
const addFormats =
  (addFormatsModule as unknown as { default: typeof addFormatsModule }).default ?? addFormatsModule;

const description = parse(readFileSync(new URL('./finix-api.yaml', import.meta.url), 'utf8')) as {
  info: { version: string };
  paths: Record<string, Record<string, { responses: Record<string, { $ref?: string } & Json> }>>;
  components: { responses: Record<string, { content: Record<string, { schema: Json }> }>; schemas: Json };
};

/**
 * Where the description is wrong about Finix, and what is checked instead (each one on purpose):
 * - every error schema pins `code` to one value (ErrorGeneric, the 400 and 422 of several operations,
 *   allows only FORBIDDEN; a decline only CALL_ISSUER), where Finix's error guide lists a code per
 *   status (BAD_REQUEST, DECLINED, UNPROCESSABLE_ENTITY, INVALID_FIELD, …): the code must be one of those;
 * - the decline's `message` is pinned to one sentence, where Finix says why the card was declined.
 */
const FINIX_ERROR_CODES = [
  'BAD_REQUEST',
  'UNKNOWN',
  'UPSTREAM_PROCESSOR_ERROR',
  'DECLINED',
  'CALL_ISSUER',
  'FORBIDDEN',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'NOT_ACCEPTABLE',
  'CONFLICT',
  'UNPROCESSABLE_ENTITY',
  'INVALID_FIELD',
  'TOO_MANY_REQUESTS',
  'SERVER_ERROR',
];

/** OpenAPI 3.0's schema dialect as JSON Schema: `nullable`, `x-` keys, examples, and `$ref` siblings. */
function jsonSchemaOf(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(jsonSchemaOf);
  if (!node || typeof node !== 'object') return node;
  const schema = node as Json;
  // In OpenAPI 3.0 a $ref's siblings are ignored.
  if (typeof schema.$ref === 'string') return { $ref: schema.$ref };
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key.startsWith('x-') || ['example', 'examples', 'nullable', 'discriminator', 'xml'].includes(key))
      continue;
    out[key] =
      key === 'properties' && value && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).map(([name, s]) => [name, jsonSchemaOf(s)]))
        : jsonSchemaOf(value);
  }
  if (schema.nullable === true) {
    if (typeof out.type === 'string') out.type = [out.type, 'null'];
    if (Array.isArray(out.enum)) out.enum = [...out.enum, null];
  }
  return out;
}

function withErrata(schemas: Json): Json {
  for (const schema of Object.values(schemas) as Json[]) {
    const errors = (schema.properties as Json | undefined)?._embedded as Json | undefined;
    const item = ((errors?.properties as Json | undefined)?.errors as Json | undefined)?.items as
      | Json
      | undefined;
    const fields = item?.properties as Record<string, Json> | undefined;
    if (!fields?.code) continue;
    fields.code = { type: 'string', enum: FINIX_ERROR_CODES };
    if (fields.message) fields.message = { type: 'string' };
  }
  return schemas;
}

const ajv = new Ajv({ strict: false, allErrors: true, logger: false });
addFormats(ajv);
ajv.addSchema({
  $id: 'finix',
  components: { schemas: withErrata(jsonSchemaOf(description.components.schemas) as Json) },
});

/** The schema of an operation's answer with this status, its `$ref` to a shared response followed. */
function responseSchema(method: string, path: string, status: number): Json | null {
  let response: Json | undefined =
    description.paths[path]?.[method.toLowerCase()]?.responses?.[String(status)];
  if (!response) return null;
  if (typeof response.$ref === 'string') {
    response = description.components.responses[response.$ref.split('/').pop()!] as Json | undefined;
  }
  const content = (response?.content ?? {}) as Record<string, { schema?: Json }>;
  const schema = Object.values(content)[0]?.schema;
  return schema ? (jsonSchemaOf(schema) as Json) : null;
}

/**
 * A transfer's disputes are read at its `_links.disputes` (GET /transfers/{transfer_id}/disputes), a path
 * the description links to from every transfer but does not list: its answer is held to the DisputesList
 * schema of GET /disputes.
 */
const UNLISTED: Record<string, string> = { 'GET /transfers/{transfer_id}/disputes': 'GET /disputes' };

type Exchange = { route: string; status: number; body: unknown };
const checked: Exchange[] = [];

let fake: FakeFinix;
/** The bank debit's answers (decision 067): made PENDING, then settled, returned, returned late. */
const bankAnswers: { status: number; body: Json }[] = [];

/** One request over HTTP, kept for the checks below with the route it was for. */
async function send(
  method: 'GET' | 'POST' | 'PUT',
  route: string,
  path: string,
  body?: unknown,
  auth = { username: '', password: '' },
): Promise<{ status: number; body: Json }> {
  const credentials = auth.username ? auth : { username: fake.username, password: fake.password };
  const res = await fetch(`${fake.url}${path}`, {
    method,
    headers: {
      Authorization: `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`,
      'Content-Type': 'application/json',
      'Finix-Version': FINIX_VERSION,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = { status: res.status, body: (await res.json()) as Json };
  checked.push({ route: `${method} ${route}`, ...answer });
  return answer;
}

const saleBody = (source: string, amount = 5000, merchant = fake.merchantId) => ({
  merchant,
  source,
  amount,
  currency: 'USD',
  idempotency_id: randomUUID(),
  tags: { order: 'A-1' },
});

/** The processor's clock: moved on after the sales, so their days are settled and paid out. */
let now = Date.now();

beforeAll(async () => {
  fake = await startFakeFinix({ clock: { now: () => new Date(now) } });
  const identity = await send('POST', '/identities', '/identities', {
    entity: { first_name: 'Ada', last_name: 'Russo', email: 'ada@example.com', phone: '4155550134' },
    tags: { family: 'russo' },
  });
  await send('POST', '/identities', '/identities', { tags: {} });
  const instrumentOf = async (number: string) => {
    const token = await tokenOf(fake.engine, number);
    const body = { type: 'TOKEN', token, identity: identity.body.id, tags: {} };
    const created = await send('POST', '/payment_instruments', '/payment_instruments', body);
    return { id: String(created.body.id), token };
  };
  const card = await instrumentOf(CARDS.succeeds);
  await send('POST', '/payment_instruments', '/payment_instruments', {
    type: 'TOKEN',
    token: card.token,
    identity: identity.body.id,
  });
  const declining = await instrumentOf(CARDS.genericDecline);
  const retired = await instrumentOf(CARDS.succeeds);

  const one = '/payment_instruments/{payment_instrument_id}';
  await send('GET', one, `/payment_instruments/${card.id}`);
  await send('GET', one, '/payment_instruments/PInothing');
  await send('PUT', one, `/payment_instruments/${retired.id}`, { enabled: false });
  await send('PUT', one, '/payment_instruments/PInothing', { enabled: false });

  const sale = await send('POST', '/transfers', '/transfers', saleBody(card.id));
  await send('POST', '/transfers', '/transfers', saleBody(declining.id));
  await send('POST', '/transfers', '/transfers', saleBody(retired.id));
  await send('POST', '/transfers', '/transfers', saleBody(card.id, 5000, 'MUsomeoneElse'));
  const disputed = await send('POST', '/transfers', '/transfers', saleBody(card.id, 888_888));
  await send('GET', '/transfers', `/transfers?idempotency_id=${sale.body.idempotency_id}`);
  await send('GET', '/transfers', `/transfers?idempotency_id=${randomUUID()}`);
  await send('GET', '/transfers/{transfer_id}', `/transfers/${sale.body.id}`);
  await send('GET', '/transfers/{transfer_id}', '/transfers/TRnothing');

  const reversals = '/transfers/{transfer_id}/reversals';
  const refund = { refund_amount: 1000, idempotency_id: randomUUID(), tags: {} };
  const reversal = await send('POST', reversals, `/transfers/${sale.body.id}/reversals`, refund);
  await send('GET', '/transfers/{transfer_id}', `/transfers/${reversal.body.id}`);
  await send('POST', reversals, `/transfers/${sale.body.id}/reversals`, {
    ...refund,
    refund_amount: 999_999,
  });
  await send('POST', reversals, '/transfers/TRnothing/reversals', refund);

  const disputes = await send(
    'GET',
    '/transfers/{transfer_id}/disputes',
    `/transfers/${disputed.body.id}/disputes`,
  );
  const [dispute] = (disputes.body._embedded as { disputes: Json[] }).disputes;
  await send('GET', '/disputes/{dispute_id}', `/disputes/${dispute!.id}`);
  await send('GET', '/disputes/{dispute_id}', '/disputes/DInothing');

  const auth = await send('POST', '/authorizations', '/authorizations', saleBody(card.id));
  await send('POST', '/authorizations', '/authorizations', saleBody(declining.id));
  await send('POST', '/authorizations', '/authorizations', { ...saleBody(card.id), amount: -1 });
  const oneAuth = '/authorizations/{authorization_id}';
  await send('GET', oneAuth, `/authorizations/${auth.body.id}`);
  await send('GET', oneAuth, '/authorizations/AUnothing');
  await send('PUT', oneAuth, `/authorizations/${auth.body.id}`, { capture_amount: 4000 });
  await send('PUT', oneAuth, `/authorizations/${auth.body.id}`, { capture_amount: 4000 });
  const voided = await send('POST', '/authorizations', '/authorizations', saleBody(card.id));
  await send('PUT', oneAuth, `/authorizations/${voided.body.id}`, { void_me: true });

  await send('GET', '/transfers', '/transfers', undefined, { username: fake.username, password: 'wrong' });
  await onboarding(card.id);
  await accountUpdater([
    card.id,
    (await instrumentOf(UPDATER_CARDS.renewed)).id,
    (await instrumentOf(UPDATER_CARDS.closed)).id,
  ]);

  // Bank debit (decision 067): a BANK_ACCOUNT instrument from a bank token, a PENDING debit, and one the
  // bank returns late (the processor's own REVERSAL), read once the clock has moved on.
  const bankOf = async (accountNumber: string) => {
    const token = await fake.engine.tokenizeBank({
      name: 'Ada Russo',
      routingNumber: '110000000',
      accountNumber,
      accountType: 'CHECKING',
    });
    const body = { type: 'TOKEN', token: (token.body as Json).id, identity: identity.body.id, tags: {} };
    return String((await send('POST', '/payment_instruments', '/payment_instruments', body)).body.id);
  };
  const bankSale = await send('POST', '/transfers', '/transfers', saleBody(await bankOf('000123456789')));
  const returnedLate = await send('POST', '/transfers', '/transfers', saleBody(await bankOf('000333333335')));
  const returned = await send('POST', '/transfers', '/transfers', saleBody(await bankOf('000222222227')));

  // A week on, the days of those sales are settled and paid out (issue 34, decision 051).
  now += 7 * 86_400_000;
  const settlements = await send('GET', '/settlements', '/settlements?limit=1');
  await send(
    'GET',
    '/settlements',
    `/settlements?after_cursor=${(settlements.body.page as Json).next_cursor}`,
  );
  const [settlement] = (settlements.body._embedded as { settlements: Json[] }).settlements;
  bankAnswers.push(
    await send('GET', '/transfers/{transfer_id}', `/transfers/${bankSale.body.id}`),
    await send('GET', '/transfers/{transfer_id}', `/transfers/${returned.body.id}`),
    await send('GET', '/transfers/{transfer_id}', `/transfers/${returnedLate.body.id}`),
  );
  bankAnswers.push(await send('GET', '/transfers', '/transfers'));
  // A debit's reversals: the late return the processor made of it (the reconciler's look, decision 067).
  bankAnswers.push(await send('GET', reversals, `/transfers/${returnedLate.body.id}/reversals`));
  await send('GET', reversals, '/transfers/TRnothing/reversals');
  bankAnswers.unshift(bankSale);
  const oneSettlement = '/settlements/{settlement_id}';
  await send('GET', oneSettlement, `/settlements/${settlement!.id}`);
  await send('GET', oneSettlement, '/settlements/STnothing');
  const itsTransfers = '/settlements/{settlement_id}/transfers';
  await send('GET', itsTransfers, `/settlements/${settlement!.id}/transfers`);
  await send('GET', itsTransfers, '/settlements/STnothing/transfers');
  const funding = '/settlements/{settlement_id}/funding_transfers';
  await send('GET', funding, `/settlements/${settlement!.id}/funding_transfers`);
  await send('GET', funding, '/settlements/STnothing/funding_transfers');
});

/** A studio's merchant (decision 049): its business, bank account and merchant, approved or rejected. */
async function onboarding(cardId: string) {
  const business = async (name: string) =>
    send('POST', '/identities', '/identities', {
      entity: {
        business_name: name,
        doing_business_as: name,
        business_type: 'LIMITED_LIABILITY_COMPANY',
        business_tax_id: '123456789',
        first_name: 'Ada',
        last_name: 'Lopez',
        email: 'ada@example.com',
        phone: '4155550134',
      },
      tags: {},
    });
  const bank = (identity: unknown) =>
    send('POST', '/payment_instruments', '/payment_instruments', {
      type: 'BANK_ACCOUNT',
      identity,
      name: 'Lopez Dance LLC',
      bank_code: '021000021',
      account_number: '000123456789',
      account_type: 'CHECKING',
      country: 'USA',
      currency: 'USD',
    });
  const merchants = '/identities/{identity_id}/merchants';
  const approved = await business('Lopez Dance LLC');
  await send('POST', merchants, `/identities/${approved.body.id}/merchants`, { processor: 'DUMMY_V1' });
  await bank(approved.body.id);
  const merchant = await send('POST', merchants, `/identities/${approved.body.id}/merchants`, {
    processor: 'DUMMY_V1',
    tags: { studio: 'lopez' },
  });
  await send('POST', merchants, '/identities/IDnothing/merchants', { processor: 'DUMMY_V1' });
  const rejected = await business('Reject Dance LLC');
  await bank(rejected.body.id);
  const refused = await send('POST', merchants, `/identities/${rejected.body.id}/merchants`, {});
  const one = '/merchants/{merchant_id}';
  await send('GET', one, `/merchants/${merchant.body.id}`);
  await send('GET', one, '/merchants/MUnothing');
  const verification = '/verifications/{verification_id}';
  await send('GET', verification, `/verifications/${refused.body.verification}`);
  await send('GET', verification, '/verifications/VInothing');
  await send('POST', '/transfers', '/transfers', saleBody(cardId, 5000, String(merchant.body.id)));
  await send('POST', '/transfers', '/transfers', saleBody(cardId, 5000, String(refused.body.id)));
}

/**
 * The card account updater (decision 071): a batch made from a multipart body (a CSV of instruments and
 * the `request` field), read back, and its results downloaded as a CSV; a body without its file refused.
 */
async function accountUpdater(instruments: string[]) {
  const credentials = `Basic ${Buffer.from(`${fake.username}:${fake.password}`).toString('base64')}`;
  const headers = { Authorization: credentials, 'Finix-Version': FINIX_VERSION };
  const create = async (form: FormData) => {
    const res = await fetch(`${fake.url}/instrument_updates`, { method: 'POST', headers, body: form });
    const answer = { status: res.status, body: (await res.json()) as Json };
    checked.push({ route: 'POST /instrument_updates', ...answer });
    return answer;
  };
  const form = new FormData();
  form.set('request', JSON.stringify({ merchant: fake.merchantId, idempotency_id: randomUUID() }));
  form.set('file', new Blob([`${instruments.join('\n')}\n`], { type: 'text/csv' }), 'instruments.csv');
  const batch = await create(form);
  const noFile = new FormData();
  noFile.set('request', JSON.stringify({ merchant: fake.merchantId, idempotency_id: randomUUID() }));
  await create(noFile);
  const one = '/instrument_updates/{instrument_updates_id}';
  await send('GET', one, `/instrument_updates/${batch.body.id}`);
  await send('GET', one, '/instrument_updates/IUnothing');
  const download = async (id: string) => {
    const res = await fetch(`${fake.url}/instrument_updates/${id}/download`, { headers });
    const text = await res.text();
    checked.push({
      route: 'GET /instrument_updates/{instrument_updates_id}/download',
      status: res.status,
      body: res.status === 200 ? text : (JSON.parse(text) as Json),
    });
  };
  await download(String(batch.body.id));
  await download('IUnothing');
}

afterAll(async () => {
  await fake.close();
});

describe('the fake Finix against the API description', () => {
  it('is the description of the API version the client asks for', () => {
    expect(description.info.version).toBe(FINIX_VERSION);
  });

  it('was asked every operation the engine implements', () => {
    const asked = new Set(checked.map((c) => c.route));
    expect(ENGINE_ROUTES.map((r) => `${r.method} ${r.path}`).filter((r) => !asked.has(r))).toEqual([]);
  });

  it('gave the statuses each case is there for, errors included', () => {
    const statuses = (route: string) => [
      ...new Set(checked.filter((c) => c.route === route).map((c) => c.status)),
    ];
    expect(statuses('POST /identities').sort()).toEqual([201, 400]);
    expect(statuses('POST /payment_instruments').sort()).toEqual([201, 400]);
    expect(statuses('GET /payment_instruments/{payment_instrument_id}').sort()).toEqual([200, 404]);
    expect(statuses('PUT /payment_instruments/{payment_instrument_id}').sort()).toEqual([200, 404]);
    expect(statuses('POST /transfers').sort()).toEqual([201, 402, 403, 422]);
    expect(statuses('GET /transfers').sort()).toEqual([200, 401]);
    expect(statuses('GET /transfers/{transfer_id}').sort()).toEqual([200, 404]);
    expect(statuses('POST /transfers/{transfer_id}/reversals').sort()).toEqual([201, 404, 422]);
    expect(statuses('GET /disputes/{dispute_id}').sort()).toEqual([200, 404]);
    expect(statuses('POST /authorizations').sort()).toEqual([201, 402, 422]);
    expect(statuses('GET /authorizations/{authorization_id}').sort()).toEqual([200, 404]);
    expect(statuses('PUT /authorizations/{authorization_id}').sort()).toEqual([200, 422]);
    expect(statuses('POST /identities/{identity_id}/merchants').sort()).toEqual([201, 404, 422]);
    expect(statuses('GET /merchants/{merchant_id}').sort()).toEqual([200, 404]);
    expect(statuses('GET /verifications/{verification_id}').sort()).toEqual([200, 404]);
    expect(statuses('GET /settlements')).toEqual([200]);
    expect(statuses('GET /settlements/{settlement_id}').sort()).toEqual([200, 404]);
    expect(statuses('GET /settlements/{settlement_id}/transfers').sort()).toEqual([200, 404]);
    expect(statuses('GET /settlements/{settlement_id}/funding_transfers').sort()).toEqual([200, 404]);
    expect(statuses('POST /instrument_updates').sort()).toEqual([200, 400]);
    expect(statuses('GET /instrument_updates/{instrument_updates_id}').sort()).toEqual([200, 404]);
    expect(statuses('GET /instrument_updates/{instrument_updates_id}/download').sort()).toEqual([200, 404]);
  });

  it('answered the account updater by card: renewed (a new instrument), closed, no change', () => {
    const [csv] = checked.filter(
      (c) => c.route === 'GET /instrument_updates/{instrument_updates_id}/download' && c.status === 200,
    );
    const lines = String(csv!.body).trim().split('\n');
    expect(lines[0]).toBe('payment_instrument_original,payment_instrument_new,result');
    expect(lines.slice(1).map((l) => l.split(',')[2])).toEqual([
      'NO_CHANGE_FOUND',
      'CARD_EXPIRATION_UPDATED',
      'CLOSED_ACCOUNT',
    ]);
    expect(lines[2]!.split(',')[1]).toMatch(/^PI/);
    const [read] = checked.filter(
      (c) => c.route === 'GET /instrument_updates/{instrument_updates_id}' && c.status === 200,
    );
    expect(read!.body).toMatchObject({ state: 'COMPLETED', merchant: fake.merchantId });
  });

  it('settled the sales less the refund and the dispute, fees per sale, and paid the net out', () => {
    const bodies = (route: string) =>
      checked.filter((c) => c.route === route && c.status === 200).map((c) => c.body as Json);
    const [settlement] = bodies('GET /settlements/{settlement_id}');
    const [items] = bodies('GET /settlements/{settlement_id}/transfers');
    const [funded] = bodies('GET /settlements/{settlement_id}/funding_transfers');
    const transfers = (items!._embedded as { transfers: Json[] }).transfers;
    const signed = transfers.map((tr) =>
      tr.type === 'DEBIT' || (tr.type === 'DISPUTE' && tr.subtype === 'MERCHANT_CREDIT')
        ? (tr.amount as number)
        : -(tr.amount as number),
    );
    expect(settlement).toMatchObject({ status: 'APPROVED', merchant_id: fake.merchantId });
    expect(signed.reduce((a, b) => a + b, 0)).toBe(settlement!.total_amount);
    expect(transfers.reduce((a, tr) => a + (tr.fee as number), 0)).toBe(settlement!.total_fee);
    expect(settlement!.net_amount).toBe(
      (settlement!.total_amount as number) - (settlement!.total_fee as number),
    );
    const [payout] = (funded!._embedded as { transfers: Json[] }).transfers;
    expect(payout).toMatchObject({ state: 'SUCCEEDED', amount: Math.abs(settlement!.net_amount as number) });
  });

  it('debited a bank account PENDING, then settled it, returned one and reversed one late (decision 067)', () => {
    const [made, settled, returned, late, list, itsReversals] = bankAnswers;
    expect(made).toMatchObject({ status: 201, body: { state: 'PENDING', type: 'DEBIT' } });
    expect(settled!.body).toMatchObject({ state: 'SUCCEEDED' });
    expect(returned!.body).toMatchObject({ state: 'FAILED', failure_code: 'R01' });
    expect(late!.body).toMatchObject({ state: 'SUCCEEDED' });
    const transfers = (list!.body._embedded as { transfers: Json[] }).transfers;
    const reversal = transfers.find(
      (t) =>
        t.type === 'REVERSAL' &&
        (t._links as { parent: { href: string } }).parent.href.endsWith(String(late!.body.id)),
    );
    expect(reversal).toMatchObject({ state: 'SUCCEEDED', failure_code: 'R10', idempotency_id: null });
    // The debit's own reversals list it too (GET /transfers/{id}/reversals).
    const listed = (itsReversals!.body._embedded as { transfers: Json[] }).transfers;
    expect(listed.map((t) => [t.id, t.failure_code])).toEqual([[reversal!.id, 'R10']]);
  });

  it('holds bodies to the schemas for real: a transfer Finix could not send is refused', () => {
    const validate = ajv.compile(rebase(responseSchema('GET', '/transfers/{transfer_id}', 200)));
    const transfer = checked.find((c) => c.route === 'GET /transfers/{transfer_id}' && c.status === 200)!
      .body as Json;
    expect(validate(transfer)).toBe(true);
    expect(validate({ ...transfer, state: 'SETTLED' })).toBe(false);
    expect(validate({ ...transfer, amount: '50.00' })).toBe(false);
    expect(validate({ ...transfer, created_at: 'yesterday' })).toBe(false);
    expect(validate({ ...transfer, failure_code: null, idempotency_id: null })).toBe(true);
    const decline = ajv.compile(rebase(responseSchema('POST', '/transfers', 402)));
    expect(decline({ _embedded: { errors: [{ code: 'WHATEVER', message: 'No.' }] } })).toBe(false);
  });

  it('answered each with a status the description lists and a body its schema accepts', () => {
    const problems: string[] = [];
    for (const { route, status, body } of checked) {
      const [method, path] = (UNLISTED[route] ?? route).split(' ') as [string, string];
      const schema = responseSchema(method, path, status);
      if (!schema) {
        problems.push(`${route} → ${status}: not a status the description lists`);
        continue;
      }
      const validate = ajv.compile(rebase(schema));
      if (!validate(body)) {
        problems.push(`${route} → ${status}: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body)}`);
      }
    }
    expect(problems).toEqual([]);
  });
});

/** The description's `#/components/…` references, pointed at the copy of its schemas added to ajv. */
function rebase(schema: unknown): Json {
  return JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"finix#/components/')) as Json;
}
