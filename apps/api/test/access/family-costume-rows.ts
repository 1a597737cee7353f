import { type Kit, OWNER_OF_X, PARENTS, type Row } from './kit';

/**
 * The access matrix of a family's costumes (issue 18 point 5, decision 030): the owner reads any family
 * of their studio by id (studio Y's owner finds none of X's), a parent reads their own family's only,
 * the session naming it (parent B sees nothing of family A's, which has a costume in the scene).
 */
export function familyCostumeRows({ scene }: Kit): Record<string, Row> {
  return {
    'GET /api/mystudio/account/:id/costumes': {
      access: 'owner',
      expect: OWNER_OF_X,
      request: () => ({ url: `/api/mystudio/account/${scene().x.family}/costumes` }),
    },
    'GET /api/parents/costumes': {
      access: 'parent',
      expect: PARENTS,
      request: () => ({ url: '/api/parents/costumes' }),
    },
  };
}
