import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';

/** Statements of a family's account, and balance e-mails (issue 16 point 7). */
export function statementRoutes(_app: FastifyInstance, _deps: AppDeps): void {}
