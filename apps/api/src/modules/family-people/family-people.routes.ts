import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app';

/** A family's students, users and contacts, and its contact information, changed by the owner or by the family's parent (001 §5, §7). */
export function familyPeopleRoutes(_app: FastifyInstance, _deps: AppDeps): void {}
