import { ANY_OWNER, type Kit, PARENTS, type Row } from './kit';

/**
 * The access matrix of moving out (issue 35 item 6, decision 057): the studio's whole export is its
 * owner's (studio Y's owner gets Y's, which holds nothing of X's: the scene reads the archive's files and
 * the matrix checks no id of X's shows); a parent's export is their own family's (parent B's holds
 * nothing of family A's), and an owner is refused it. The answer is a ZIP, not `[true, data]`.
 */
export function dataExportRows(_kit: Kit): Record<string, Row> {
  return {
    'GET /api/mystudio/export': {
      access: 'owner',
      expect: ANY_OWNER,
      request: () => ({ url: '/api/mystudio/export' }),
    },
    'GET /api/parents/export': {
      access: 'parent',
      expect: PARENTS,
      request: () => ({ url: '/api/parents/export' }),
    },
  };
}
