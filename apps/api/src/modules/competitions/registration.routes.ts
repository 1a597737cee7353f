import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';

/** Competition registration's calls (issue 19 points 2–3): registered here as they are built. */
export function competitionRegistrationRoutes(_app: FastifyInstance, _deps: AppDeps): void {}
