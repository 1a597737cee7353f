import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

/**
 * The ceiling: a bare Fastify (no plugins, no logger, no validation, no database) that answers each
 * recorded route with the real server's answer, the same bytes, from memory. Started in its own
 * process by bench/run.ts, like the real server, and loaded the same way.
 *
 * Usage: tsx bench/ceiling-server.ts <answers.json>; prints `listening <port>` when ready.
 */
export type RecordedAnswer = { method: 'GET' | 'POST'; path: string; status: number; body: string };

const answers: RecordedAnswer[] = JSON.parse(readFileSync(process.argv[2]!, 'utf8'));
const app = Fastify({ logger: false });
for (const answer of answers) {
  app.route({
    method: answer.method,
    url: answer.path,
    handler: (_request, reply) => {
      reply.code(answer.status).type('application/json; charset=utf-8').send(answer.body);
    },
  });
}
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(`listening ${typeof address === 'object' && address ? address.port : ''}`);
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
