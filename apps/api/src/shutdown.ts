import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** How long requests under way may take to finish once the server is told to stop. */
export const DRAIN_MS = 10_000;

type Job = { stop(): unknown };

/**
 * How the server stops on SIGTERM: it takes no new connection; a kept-alive connection with no request
 * under way is closed at once; a request under way is answered, with `Connection: close`, and its
 * connection closed after; a request arriving on an open connection meanwhile gets a 503 from Fastify.
 * Whatever is still open after `drainMs` is cut. The jobs stop at the same time (the job runner tells
 * the job under way to stop and hands it back, uncounted: a message being sent is due again at once),
 * then the database closes.
 *
 * Node's own close waits for a connection that was busy when it began to sit idle for the keep-alive
 * timeout (72 s under Fastify): a supervisor would lose patience first and kill the process, leaving
 * claimed jobs (a message being sent) reserved for their lease.
 *
 * Call it before the server listens; it returns the function that stops, safe to call twice.
 */
export function gracefulShutdown(opts: {
  app: FastifyInstance;
  jobs: Job[];
  database: { close(): Promise<void> };
  drainMs?: number;
}): () => Promise<void> {
  const { app, jobs, database, drainMs = DRAIN_MS } = opts;
  const server = app.server;
  // The open connections, so that a response under way when the stop comes can be told to close its
  // connection. Counted by connection, not by request: a kept-alive connection carries many requests, and
  // a request pays nothing for it. A connection's response under way is its `_httpMessage` (Node's own
  // field, which http-terminator and stoppable read the same way).
  const open = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  });
  const underWay = () => {
    const responses: ServerResponse[] = [];
    for (const socket of open) {
      const res = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
      if (res) responses.push(res);
    }
    return responses;
  };

  let stopping: Promise<void> | undefined;
  const stop = async () => {
    for (const res of underWay()) if (!res.headersSent) res.setHeader('connection', 'close');
    // A response already on its way (its headers sent) leaves its connection idle when it ends.
    const sweep = setInterval(() => server.closeIdleConnections(), 100);
    const cut = setTimeout(() => {
      app.log.warn(
        { drainMs, open: underWay().length },
        'requests still under way at the end of the drain: cut',
      );
      server.closeAllConnections();
    }, drainMs);
    try {
      await Promise.all([app.close(), ...jobs.map((job) => job.stop())]);
    } finally {
      clearInterval(sweep);
      clearTimeout(cut);
    }
    await database.close();
  };
  return () => {
    stopping ??= stop();
    return stopping;
  };
}
