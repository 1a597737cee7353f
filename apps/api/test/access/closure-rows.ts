import { addDays } from '@pirouette/domain';
import { ANY_OWNER, type Kit, OWNER_OF_X, type Row } from './kit';

/**
 * The access matrix of closures and the class meetings (issue 36, decision 062): the owner's only. A
 * closure or a meeting list of studio X's class is X's owner's; studio Y's owner finds no such class
 * (404); a teacher, a parent or a visitor is refused by the access level.
 */
export function closureRows({ scene, made }: Kit): Record<string, Row> {
  const x = () => scene().x;
  const C = '/api/mystudio/closures';
  // Each closure made here a week of its own within the scene's term (September 2026 to June 2027),
  // so none overlaps another.
  let week = 0;
  const span = () => {
    const dateFrom = addDays('2027-02-01', 7 * week++);
    return { dateFrom, dateTo: addDays(dateFrom, 6) };
  };
  const closureBody = () => ({ clSchID: x().class, ...span(), reason: 'Matrix closure' });
  return {
    'GET /api/mystudio/closures': {
      access: 'owner',
      expect: ANY_OWNER,
      request: () => ({ url: `${C}?from=2026-09-01&to=2027-06-30` }),
    },
    'GET /api/mystudio/closures/preview': {
      access: 'owner',
      expect: OWNER_OF_X,
      request: () => ({ url: `${C}/preview?clSchID=${x().class}&dateFrom=2027-01-11&dateTo=2027-01-17` }),
    },
    'POST /api/mystudio/closures': {
      access: 'owner',
      expect: OWNER_OF_X,
      request: () => ({ url: C, payload: closureBody() }),
    },
    'DELETE /api/mystudio/closures/:id': {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => ({ url: `${C}/${await made(C, closureBody())}` }),
    },
    'GET /api/mystudio/meetings': {
      access: 'owner',
      expect: OWNER_OF_X,
      request: () => ({ url: `/api/mystudio/meetings?from=2027-01-01&to=2027-01-31&clSchID=${x().class}` }),
    },
  };
}
