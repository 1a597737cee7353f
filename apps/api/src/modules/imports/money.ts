import type { ImportRecords } from '@pirouette/domain';
import type { MoneyRow } from './rows';

/**
 * The enrolments and opening balances of an import (wt/money's write-money.ts: `checkEnrolments`,
 * `writeEnrolments`, `writeBalances`). TODO(wt/money): until it is merged, they are skipped rows.
 */
export function checkMoney(records: ImportRecords): MoneyRow[] {
  const skipped = (
    kind: 'enrolments' | 'balances',
    r: { file: string; row: number },
    label: string,
  ): MoneyRow => ({
    file: r.file,
    row: r.row,
    kind,
    fate: 'skipped',
    label,
    sentence: 'Not imported yet: this version of the import writes families, people, dancers and classes.',
  });
  return [
    ...records.enrolments.map((e) => skipped('enrolments', e, `${e.dancerRef} in ${e.classRef}`)),
    ...records.balances.map((b) => skipped('balances', b, `Balance of ${b.familyRef}`)),
  ];
}
