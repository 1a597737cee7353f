import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';

/** The owner's money pages (issue 16 point 6): the plan payments list and its paid toggle, the overview, the CSV export. */
export function ledgerReportRoutes(_app: FastifyInstance, _deps: AppDeps): void {}
