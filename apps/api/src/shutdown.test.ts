import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { gracefulShutdown } from './shutdown';

/** A raw HTTP/1.1 client connection, kept alive, with what the server has sent on it and whether it ended. */
async function open(port: number) {
  const socket: Socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  const conn = { socket, received: '', ended: false };
  socket.on('data', (d) => {
    conn.received += d;
  });
  socket.on('close', () => {
    conn.ended = true;
  });
  return conn;
}

const answered = (conn: { received: string }) => /\r\n\r\n/.test(conn.received);

let t: TestApp;
let port: number;
let events: string[];
let closed: boolean;
let shutdown: () => Promise<void>;

const start = async (drainMs?: number) => {
  shutdown = gracefulShutdown({
    app: t.app,
    jobs: [{ stop: async () => void events.push('job stopped') }],
    database: {
      async close() {
        events.push(`database closed (server listening: ${t.app.server.listening})`);
        closed = true;
        await t.database.close();
      },
    },
    drainMs,
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
};

beforeEach(async () => {
  t = await buildTestApp();
  events = [];
  closed = false;
});
afterEach(async () => {
  if (!closed) await t.close();
});

const BODY = '{"email":"nobody@example.com"}';
const partialLogin = [
  'POST /api/auth/login HTTP/1.1',
  'Host: localhost',
  'Connection: keep-alive',
  'Content-Type: application/json',
  `Content-Length: ${BODY.length}`,
  '',
  BODY.slice(0, 10),
].join('\r\n');

describe('graceful shutdown', () => {
  it('closes idle keep-alive connections at once and answers a request under way, then closes its connection', async () => {
    await start();
    // One connection that has been answered and sits idle, kept alive.
    const idle = await open(port);
    idle.socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n');
    await expect.poll(() => answered(idle)).toBe(true);
    expect(idle.received).toMatch(/connection: keep-alive/i);
    // One connection with a request under way: its body is not all there yet.
    const busy = await open(port);
    busy.socket.write(partialLogin);
    await new Promise((r) => setTimeout(r, 100));

    const started = Date.now();
    const stopping = shutdown();
    await expect.poll(() => idle.ended, { timeout: 2_000 }).toBe(true);
    expect(busy.ended).toBe(false);

    // The request under way is answered (a validation refusal: half a sign-in), told the connection closes…
    busy.socket.write(BODY.slice(10));
    await expect.poll(() => answered(busy), { timeout: 2_000 }).toBe(true);
    expect(busy.received).toMatch(/^HTTP\/1\.1 400/);
    expect(busy.received).toMatch(/connection: close/i);
    // …and then closed, long before Fastify's 72-second keep-alive timeout.
    await expect.poll(() => busy.ended, { timeout: 2_000 }).toBe(true);
    await stopping;
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(events).toEqual(['job stopped', 'database closed (server listening: false)']);
  });

  it('cuts a request that does not finish within the drain', async () => {
    await start(500);
    const stuck = await open(port);
    stuck.socket.write(partialLogin);
    await new Promise((r) => setTimeout(r, 100));

    const started = Date.now();
    await shutdown();
    expect(Date.now() - started).toBeGreaterThanOrEqual(450);
    expect(Date.now() - started).toBeLessThan(3_000);
    await expect.poll(() => stuck.ended, { timeout: 1_000 }).toBe(true);
    expect(closed).toBe(true);
  });

  it('stops once when told twice', async () => {
    await start();
    const [a, b] = [shutdown(), shutdown()];
    expect(a).toBe(b);
    await a;
    expect(events.filter((e) => e === 'job stopped')).toHaveLength(1);
  });
});
