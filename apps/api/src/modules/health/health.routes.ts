import { ok, okSchema } from '@pirouette/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps';

const health = z.object({ status: z.literal('ok'), db: z.enum(['pglite', 'postgres']) });

export function healthRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Is the server up and its database answering',
        response: { 200: okSchema(health) },
      },
    },
    async () => {
      await deps.db.execute(sql`select 1`);
      return ok({ status: 'ok' as const, db: deps.dbKind });
    },
  );
}
