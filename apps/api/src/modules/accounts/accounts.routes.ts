import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app';

/** The owner's family accounts (001 §7): lists, one account's overview, the front desk, deletion. */
export function accountRoutes(_app: FastifyInstance, _deps: AppDeps): void {}
