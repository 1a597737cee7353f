import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app';

export function privateRoutes(_app: FastifyInstance, _deps: AppDeps): void {}
