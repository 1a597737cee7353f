import type { ImportKind, ImportPlan, ImportRecords, ImportRow, PlannedRow } from '@pirouette/domain';
import type { BalanceSums } from './batches';
import { lengthOf } from './write-classes';

/** A row of the dry run the money's check decided (enrolments, balances). */
export type MoneyRow = ImportRow & { changed?: boolean };

const clip = (s: string) => (s.length > 300 ? `${s.slice(0, 297)}…` : s);

/** The dry run's rows in the files' order (by file as sent, then row), each with its fate and sentence. */
export function planRows(plan: ImportPlan, money: MoneyRow[], fileOrder: string[]): ImportRow[] {
  const rows: ImportRow[] = [];
  const add = (kind: ImportKind, list: PlannedRow<{ file: string; row: number }>[]) => {
    for (const r of list)
      rows.push({
        file: r.record.file,
        row: r.record.row,
        kind,
        fate: r.fate,
        label: r.label,
        sentence: r.sentence,
      });
  };
  add('families', plan.families);
  add('contacts', plan.contacts);
  add('dancers', plan.dancers);
  add('classes', plan.classes);
  for (const r of plan.refusals)
    rows.push({
      file: r.file,
      row: r.row,
      kind: r.kind,
      fate: 'refused',
      label: `Row ${r.row}`,
      sentence: r.sentence,
    });
  for (const { changed: _changed, ...r } of money) rows.push(r);
  const order = new Map(fileOrder.map((f, i) => [f, i]));
  const fileIndex = (f: string) => order.get(f) ?? fileOrder.length;
  return rows
    .map((r) => ({ ...r, file: clip(r.file), label: clip(r.label), sentence: clip(r.sentence) }))
    .sort((a, b) => fileIndex(a.file) - fileIndex(b.file) || a.row - b.row);
}

/**
 * New classes the term cannot price: no monthly price in the file, and no class price of the term for
 * the class's length. Refused at the check, so that the run never makes a price of nothing.
 */
export function refuseUnpriced(plan: ImportPlan, durations: Set<number>): void {
  for (const c of plan.classes) {
    if (c.fate !== 'new' || c.record.monthly !== null) continue;
    const minutes = lengthOf(c.record);
    if (durations.has(minutes)) continue;
    c.fate = 'refused';
    c.sentence = `The term has no class price for ${minutes} minutes: add one in Tuition, or give the class its monthly price.`;
  }
}

/** What the opening balances add up to, cents: the families, owed, credits (as a positive sum), net. */
export function balanceSums(records: ImportRecords): BalanceSums {
  const families = new Set<string>();
  let owed = 0;
  let credit = 0;
  for (const b of records.balances) {
    if (b.amount === 0) continue;
    families.add(b.familyRef);
    if (b.amount > 0) owed += b.amount;
    else credit -= b.amount;
  }
  return { families: families.size, owed, credit, net: owed - credit };
}
