import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';

/** A family's competition entries (issue 19 point 5). Placeholder. */
export function familyCompetitionRoutes(_app: FastifyInstance, _deps: AppDeps): void {}
