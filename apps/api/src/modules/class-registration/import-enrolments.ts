import type { Db } from '../../db/client';

export type ImportRowCheck = {
  file: string;
  row: number;
  fate: 'new' | 'matched' | 'skipped' | 'refused';
  sentence: string;
};

export async function checkImportedEnrolments(
  _db: Db,
  args: {
    companyId: string;
    termId: string;
    pairs: {
      file: string;
      row: number;
      studentId: string | null;
      dancerKey: string;
      classId: string | null;
      classKey: string;
      className?: string;
      places?: number;
    }[];
  },
): Promise<ImportRowCheck[]> {
  return args.pairs.map((p) => ({ file: p.file, row: p.row, fate: 'new', sentence: '' }));
}

export async function importEnrolments(
  _tx: Db,
  _args: {
    companyId: string;
    actorUserId: string;
    asOf: string;
    pairs: { familyId: string; studentId: string; classId: string; file: string; row: number }[];
  },
): Promise<{ registered: number; matched: number; revised: number }> {
  throw new Error('not yet');
}
