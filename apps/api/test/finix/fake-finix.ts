import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Clock } from '../../src/lib/clock';
import type { FinixMethod } from '../../src/modules/payments/finix/transport';
import type { FinixWebhookAuth } from '../../src/modules/payments/finix/webhook';
import { createFinixEngine, type FinixEngine } from '../../src/sandbox/finix/engine';
import { memoryEngineStore } from '../../src/sandbox/finix/engine-store';

/**
 * A fake Finix for tests: the simulated processor (engine.ts) answering over real HTTP on 127.0.0.1, with
 * Finix's Basic authentication, and the faults a network and a processor have, injected on demand:
 * - 'timeout': no answer at all, and the processor never acts;
 * - 'status500': a 500, and the processor never acts;
 * - 'slow': the processor acts, but answers only after `slowMs` (the client has given up by then);
 * - 'dropAfterCommit': the processor acts, then the connection is cut before the answer: the lost answer.
 * A request can also be held at a chosen moment (`holdNext`), the test told, so that it can kill the
 * process that called right then (payments-kill.test.ts).
 */
export type Fault = 'timeout' | 'status500' | 'slow' | 'dropAfterCommit';

/**
 * Where a held request stops, so a test can act at that exact moment (kill the process that called):
 * - 'beforeAct': read and authenticated, the processor has not acted yet;
 * - 'afterAct': the processor has acted, its answer not sent yet;
 * - 'afterAnswer': the answer has been written to the connection (the caller may not have read it yet).
 */
export type HoldAt = 'beforeAct' | 'afterAct' | 'afterAnswer';

/** A request stopped by a hold. Held 'beforeAct' or 'afterAct', it waits for `release`. */
export type Held = {
  method: string;
  path: string;
  body: unknown;
  /**
   * Lets a held request go on. Its caller is taken to be gone (the test killed it), so it never gets an
   * answer: the connection is cut. Held 'beforeAct', the processor acts first unless `act` is false (a
   * processor that received the whole request acts on it even if the caller died meanwhile). Nothing to
   * do for 'afterAnswer'.
   */
  release(opts?: { act?: boolean }): void;
};

export type FakeFinix = {
  url: string;
  username: string;
  password: string;
  merchantId: string;
  applicationId: string;
  engine: FinixEngine;
  /** The next `n` requests meet `fault`. */
  failNext(n: number, fault: Fault): void;
  /**
   * The next request of `method` and `path` whose body `matches` (any, when not given) is held at `at`:
   * the promise resolves when it gets there. Such a request meets no fault of `failNext`; others go on
   * as usual.
   */
  holdNext(opts: {
    at: HoldAt;
    method?: string;
    path?: string;
    matches?: (body: unknown) => boolean;
  }): Promise<Held>;
  /** Added before every answer. */
  delayMs: number;
  /** How late a 'slow' answer comes. */
  slowMs: number;
  /** Every request received, in order. */
  requests: { method: string; path: string; headers: IncomingHttpHeaders }[];
  /** Resolves once every request received so far has been acted on (or dropped). */
  idle(): Promise<void>;
  webhooks: {
    /**
     * Posts the events not delivered yet to `url`, each `times` times, in the order recorded or reversed
     * (Finix retries and does not promise an order). Answers each delivery's status.
     */
    deliver(
      url: string,
      opts: { auth: FinixWebhookAuth | null; times?: number; order?: 'recorded' | 'reversed' },
    ): Promise<{ eventId: string; type: string; status: number }[]>;
  };
  close(): Promise<void>;
};

const json = (res: ServerResponse, status: number, body: unknown) => {
  // A download (the account updater's CSV) is text as it is.
  if (typeof body === 'string') {
    res.writeHead(status, { 'Content-Type': 'text/csv' });
    res.end(body);
    return;
  }
  res.writeHead(status, { 'Content-Type': 'application/hal+json' });
  res.end(JSON.stringify(body));
};

/** A multipart/form-data body's text fields and its one file, or null for any other body. */
async function multipartOf(req: IncomingMessage, text: string) {
  const type = req.headers['content-type'] ?? '';
  if (!type.startsWith('multipart/form-data')) return null;
  const form = await new Response(text, { headers: { 'content-type': type } }).formData();
  const fields: Record<string, string> = {};
  let file = { field: '', filename: '', contentType: '', content: '' };
  for (const [key, value] of form.entries()) {
    if (typeof value === 'string') fields[key] = value;
    else file = { field: key, filename: value.name, contentType: value.type, content: await value.text() };
  }
  return { fields, file };
}

const errors = (code: string, message: string) => ({ total: 1, _embedded: { errors: [{ code, message }] } });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeFinix(
  opts: { clock?: Clock; settleDelayMs?: number } = {},
): Promise<FakeFinix> {
  const username = `US${randomBytes(8).toString('hex')}`;
  const password = randomBytes(16).toString('hex');
  const expectedAuth = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
  const faults: Fault[] = [];
  type Hold = {
    at: HoldAt;
    method?: string;
    path?: string;
    matches?: (body: unknown) => boolean;
    reached(held: Held): void;
  };
  const holds: Hold[] = [];
  const inFlight = new Set<Promise<void>>();

  const server = createServer((req, res) => {
    const work = serve(req, res).catch((error: Error) => {
      if (!res.headersSent) json(res, 500, errors('SERVER_ERROR', error.message));
    });
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const engine = createFinixEngine({
    store: memoryEngineStore(),
    clock: opts.clock,
    merchantId: 'MUfakeMerchant0000000000',
    applicationId: 'APfakeApplication0000000',
    baseUrl: url,
    settleDelayMs: opts.settleDelayMs,
  });

  const fake: FakeFinix = {
    url,
    username,
    password,
    merchantId: 'MUfakeMerchant0000000000',
    applicationId: 'APfakeApplication0000000',
    engine,
    failNext(n, fault) {
      for (let i = 0; i < n; i++) faults.push(fault);
    },
    holdNext({ at, method, path, matches }) {
      return new Promise<Held>((reached) => holds.push({ at, method, path, matches, reached }));
    },
    delayMs: 0,
    slowMs: 400,
    requests: [],
    async idle() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
    webhooks: {
      async deliver(target, { auth, times = 1, order = 'recorded' }) {
        const events = await engine.drainEvents();
        if (order === 'reversed') events.reverse();
        const headers: Record<string, string> = { 'Content-Type': 'application/json' };
        if (auth?.kind === 'basic') {
          headers.Authorization = `Basic ${Buffer.from(`${auth.username}:${auth.password}`).toString('base64')}`;
        } else if (auth?.kind === 'bearer') {
          headers.Authorization = `Bearer ${auth.token}`;
        }
        const results: { eventId: string; type: string; status: number }[] = [];
        for (let round = 0; round < times; round++) {
          for (const event of events) {
            const res = await fetch(target, { method: 'POST', headers, body: JSON.stringify(event) });
            await res.arrayBuffer();
            results.push({
              eventId: String(event.id),
              type: `${event.entity}.${event.type}`,
              status: res.status,
            });
          }
        }
        return results;
      },
    },
    async close() {
      // Requests held by 'timeout' never end on their own.
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const target = new URL(req.url ?? '/', url);
    fake.requests.push({ method: req.method ?? '', path: target.pathname, headers: req.headers });
    const text = await readBody(req);
    if (req.headers.authorization !== expectedAuth) {
      return json(res, 401, errors('UNKNOWN', 'Unauthorized: the API key is not valid.'));
    }
    let body: unknown;
    // The account updater's call is multipart/form-data: its fields and file, read as Finix reads them.
    const multipart = await multipartOf(req, text);
    try {
      body = text === '' || multipart ? undefined : JSON.parse(text);
    } catch {
      return json(res, 400, errors('BAD_REQUEST', 'The request body is not valid JSON.'));
    }
    const holdIndex = holds.findIndex(
      (h) =>
        (h.method === undefined || h.method === req.method) &&
        (h.path === undefined || h.path === target.pathname) &&
        (h.matches === undefined || h.matches(body)),
    );
    if (holdIndex >= 0) {
      const [hold] = holds.splice(holdIndex, 1);
      return serveHeld(hold!, req, res, target, body);
    }
    const fault = faults.shift();
    if (fault === 'timeout') return; // held open: the client gives up, the processor never heard of it
    if (fault === 'status500')
      return json(res, 500, errors('SERVER_ERROR', 'We had a problem with our server.'));
    const answer = await engine.handle({
      method: req.method as FinixMethod,
      path: target.pathname,
      query: Object.fromEntries(target.searchParams),
      body,
      ...(multipart ? { multipart } : {}),
    });
    if (fault === 'dropAfterCommit') {
      req.socket.destroy();
      return;
    }
    await sleep(fake.delayMs + (fault === 'slow' ? fake.slowMs : 0));
    if (!res.destroyed) json(res, answer.status, answer.body);
  }

  async function serveHeld(
    hold: Hold,
    req: IncomingMessage,
    res: ServerResponse,
    target: URL,
    body: unknown,
  ): Promise<void> {
    const act = () =>
      engine.handle({
        method: req.method as FinixMethod,
        path: target.pathname,
        query: Object.fromEntries(target.searchParams),
        body,
      });
    const held = (release: Held['release']): Held => ({
      method: req.method ?? '',
      path: target.pathname,
      body,
      release,
    });
    if (hold.at === 'afterAnswer') {
      const answer = await act();
      // Told once the answer has left, whether or not the caller reads it.
      await new Promise<void>((written) => {
        res.once('finish', written);
        res.once('close', written);
        json(res, answer.status, answer.body);
      });
      hold.reached(held(() => undefined));
      return;
    }
    if (hold.at === 'afterAct') await act();
    const released = await new Promise<{ act?: boolean }>((resume) =>
      hold.reached(held((opts = {}) => resume(opts))),
    );
    if (hold.at === 'beforeAct' && released.act !== false) await act();
    req.socket.destroy();
  }

  return fake;
}
