import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';

/** The competition overview's calls (issue 19 point 4): registered here as they are built. */
export function competitionOverviewRoutes(_app: FastifyInstance, _deps: AppDeps): void {}
