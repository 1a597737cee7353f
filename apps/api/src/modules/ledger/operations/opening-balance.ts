import type { Db } from '../../../db/client';

export type OpeningCheck = {
  file: string;
  row: number;
  fate: 'new' | 'matched' | 'refused';
  sentence: string;
};

export async function checkOpeningBalances(
  _db: Db,
  args: {
    companyId: string;
    source: string;
    sourceName: string;
    today: string;
    balances: { file: string; row: number; familyId: string | null; amount: number; asOf: string }[];
  },
): Promise<OpeningCheck[]> {
  return args.balances.map((b) => ({ file: b.file, row: b.row, fate: 'new', sentence: '' }));
}

export async function postOpeningBalances(
  _tx: Db,
  _args: {
    companyId: string;
    actorUserId: string;
    source: string;
    sourceName: string;
    balances: { familyId: string; amount: number; asOf: string; file: string; row: number }[];
  },
): Promise<{ posted: number; matched: number; owed: number; credit: number }> {
  throw new Error('not yet');
}
