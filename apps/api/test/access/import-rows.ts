import type { Actor } from '../fuzz/scene';
import { ANY_OWNER, type Kit, OWNER_OF_X, type Row } from './kit';

const IMPORTS = '/api/mystudio/imports';

/**
 * The access matrix of moving a studio in (issue 35, decision 054): the owner's own studio only; studio
 * Y's owner finds none of studio X's imports (404), a parent none at all (403). Every run the allowed
 * actor sends is of a fresh check of X, so that it writes.
 */
export function importRows({ scene, unique }: Kit): Record<string, Row> {
  /** A check of studio X by its owner: one new family. */
  const batchOfX = async () => {
    const name = unique('Matrix').replace(/[^A-Za-z0-9]/g, '');
    const res = await scene().send('ownerX', {
      method: 'POST',
      url: IMPORTS,
      payload: {
        source: 'jackrabbit',
        files: [
          {
            name: 'families.csv',
            content: `Family ID,Family Name,Primary Email\r\n${name},${name},${name.toLowerCase()}@matrix.example\r\n`,
          },
        ],
      },
    });
    if (res.status !== 200) throw new Error(`the import's check: ${res.text}`);
    return (res.body as [true, { id: string }])[1].id;
  };
  let some: Promise<string> | null = null;
  const anyBatch = () => {
    some ??= batchOfX();
    return some;
  };
  const checkBody = () => ({
    source: 'jackrabbit',
    files: [{ name: 'families.csv', content: `Family ID,Family Name\r\n${unique('M')},Smith\r\n` }],
  });
  return {
    'GET /api/mystudio/imports/setup': {
      access: 'owner',
      expect: ANY_OWNER,
      request: () => ({ url: `${IMPORTS}/setup` }),
    },
    'POST /api/mystudio/imports': {
      access: 'owner',
      expect: ANY_OWNER,
      request: () => ({ url: IMPORTS, payload: checkBody() }),
    },
    'GET /api/mystudio/imports': {
      access: 'owner',
      expect: ANY_OWNER,
      request: () => ({ url: IMPORTS }),
    },
    'GET /api/mystudio/imports/:id': {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => ({ url: `${IMPORTS}/${await anyBatch()}` }),
    },
    'GET /api/mystudio/imports/:id/rows': {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => ({ url: `${IMPORTS}/${await anyBatch()}/rows?page=1` }),
    },
    'POST /api/mystudio/imports/:id/run': {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async (actor: Actor) => ({
        url: `${IMPORTS}/${actor === 'ownerX' ? await batchOfX() : await anyBatch()}/run`,
        payload: {},
      }),
    },
    'GET /api/mystudio/imports/parents': {
      access: 'owner',
      expect: ANY_OWNER,
      request: () => ({ url: `${IMPORTS}/parents?invited=0&page=1` }),
    },
    'POST /api/mystudio/imports/invitations': {
      access: 'owner',
      expect: ANY_OWNER,
      request: () => ({ url: `${IMPORTS}/invitations`, payload: { all: true } }),
    },
  };
}
