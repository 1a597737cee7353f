import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app';

/** The parent's own family account (001 §7 Parent): GET api/parents/account/. */
export function parentAccountRoutes(_app: FastifyInstance, _deps: AppDeps): void {}
