import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';

/** Competitions' calls (issue 19, 002 §7 "Competitions"): registered here as they are built. */
export function competitionRoutes(_app: FastifyInstance, _deps: AppDeps): void {}
