import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app';

export function scheduleRoutes(_app: FastifyInstance, _deps: AppDeps): void {}
