import type { ImportPlan, ImportRecords, StudioState } from '@pirouette/domain';
import type { Db } from '../../db/client';
import { lockClassRows } from '../../kernel/class-locks';
import { lockFamilyRows } from '../ledger';
import type { MoneyLookups } from './money';

/** The studio's rows an import writes or hangs rows from: families and classes it already had. */
export type Touched = { families: string[]; classes: string[] };

/** The studio's family a row of the plan names, when it names one the studio had. */
const existingFamily = (target: ImportPlan['dancers'][number]['family']) =>
  target && 'existing' in target ? [target.existing] : [];

/**
 * Every family and class of the studio the import may write: matched families (their fields, their
 * first parent), families given a contact or a dancer, matched dancers' families, the families enrolled
 * or given an opening balance; matched classes and the classes enrolled into. Refused rows write
 * nothing. A superset is harmless: a lock it need not have taken costs a moment.
 */
export function touchedRows(
  plan: ImportPlan,
  state: StudioState,
  records: ImportRecords,
  lookups: MoneyLookups,
): Touched {
  const families = new Set<string>();
  const classes = new Set<string>();
  const dancerFamily = new Map(state.dancers.map((d) => [d.id, d.familyId]));
  for (const f of plan.families) if (f.fate !== 'refused' && f.entityId) families.add(f.entityId);
  for (const row of [...plan.contacts, ...plan.dancers]) {
    if (row.fate === 'refused') continue;
    for (const id of existingFamily(row.family)) families.add(id);
  }
  for (const d of plan.dancers) {
    const familyId = d.fate !== 'refused' && d.entityId ? dancerFamily.get(d.entityId) : undefined;
    if (familyId) families.add(familyId);
  }
  for (const c of plan.classes) if (c.fate !== 'refused' && c.entityId) classes.add(c.entityId);
  for (const e of records.enrolments) {
    const dancer = lookups.dancers.find(e.dancerRef);
    const cls = lookups.classes.find(e.classRef);
    if (typeof dancer === 'string' || typeof cls === 'string') continue;
    const familyId = dancer.id ? dancerFamily.get(dancer.id) : undefined;
    for (const id of familyId ? [familyId] : existingFamily(dancer.familyTarget ?? null)) families.add(id);
    if (cls.id) classes.add(cls.id);
  }
  for (const b of records.balances) {
    const family = lookups.families.find(b.familyRef);
    if (typeof family !== 'string' && family.id) families.add(family.id);
  }
  return { families: [...families], classes: [...classes] };
}

/**
 * Locks what the import touches before its first write, in the order every writer takes them (decision
 * 126): its families (in id order), then its classes (in id order). Without it an import run while the
 * studio is live updated families and classes in its files' order and locked the families it enrols
 * after the classes it changed: a family registering into one of those classes meanwhile holds its
 * family and waits for the class, and PostgreSQL would end one of the two with a deadlock.
 */
export async function lockTouched(tx: Db, companyId: string, touched: Touched): Promise<void> {
  await lockFamilyRows(tx, companyId, touched.families);
  await lockClassRows(tx, companyId, touched.classes);
}
