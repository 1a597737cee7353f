import { healthCalls } from '@pirouette/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { routes } from '../../http/route';

export function healthRoutes(app: FastifyInstance, deps: AppDeps): void {
  routes(app, healthCalls, {
    check: async () => {
      await deps.db.execute(sql`select 1`);
      return { status: 'ok' as const, db: deps.dbKind };
    },
  });
}
