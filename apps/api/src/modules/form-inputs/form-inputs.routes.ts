import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app';

export function formInputRoutes(_app: FastifyInstance, _deps: AppDeps): void {}
