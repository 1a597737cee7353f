import { type Kit, OWNER_OF_X, PARENTS, type Row } from './kit';

/**
 * The access matrix of a family's competition entries (issue 19 point 5, decision 034): the owner reads
 * any family of their studio by id (studio Y's owner finds none of X's), a parent reads their own
 * family's only, the session naming it (parent B sees nothing of family A's, whose dancer is registered
 * on a competition entry in the scene).
 */
export function familyCompetitionRows({ scene }: Kit): Record<string, Row> {
  return {
    'GET /api/mystudio/account/:id/competitions': {
      access: 'owner',
      expect: OWNER_OF_X,
      request: () => ({ url: `/api/mystudio/account/${scene().x.family}/competitions` }),
    },
    'GET /api/parents/competitions': {
      access: 'parent',
      expect: PARENTS,
      request: () => ({ url: '/api/parents/competitions' }),
    },
  };
}
