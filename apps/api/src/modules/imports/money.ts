import {
  type BalanceRecord,
  type EnrolmentRecord,
  familyResolver,
  type ImportPlan,
  type ImportRecords,
  type StudioState,
} from '@pirouette/domain';
import type { Db } from '../../db/client';
import type { MoneyRow } from './rows';
import {
  type BalanceCheckRow,
  checkBalances,
  checkEnrolments,
  type EnrolmentCheckPair,
  type MoneyRowCheck,
  writeBalances,
  writeEnrolments,
} from './write-money';
import { type FamilyIds, familyIdOf } from './write-people';

/**
 * The enrolments and opening balances of an import (decisions 054, 056): each record's dancer, class
 * or family found among the files' records (new, or matched) or at the studio, then checked and written
 * by write-money.ts (the class-registration and ledger modules' doors).
 */

const lower = (s: string) => s.trim().toLowerCase();
const clip = (s: string) => (s.length > 80 ? `${s.slice(0, 77)}…` : s);

/** Where an enrolment's dancer or class, or a balance's family, is: at the studio (`id`) or new (`key`). */
type Found = { id: string | null; key: string; familyTarget?: ImportPlan['dancers'][number]['family'] };

type Lookup = { find(ref: string): Found | string };

/** A lookup over the plan's rows of a kind and, for what the files do not hold, the studio's links. */
function lookup(
  rows: { key: string; fate: string; entityId: string | null; record: { row: number; file: string } }[],
  linked: Map<string, { entityId: string }> | undefined,
  natural: Map<string, string>,
  noun: string,
  extra?: (row: (typeof rows)[number]) => Partial<Found>,
): Lookup {
  const byKey = new Map<string, (typeof rows)[number]>();
  for (const r of rows) if (r.key && !byKey.has(lower(r.key))) byKey.set(lower(r.key), r);
  return {
    find(ref) {
      const r = byKey.get(lower(ref));
      if (r?.fate === 'refused') return `Its ${noun} (${r.record.file} row ${r.record.row}) is refused.`;
      if (r) return { id: r.entityId, key: r.key, ...(extra?.(r) ?? {}) };
      const id = linked?.get(ref)?.entityId ?? natural.get(lower(ref));
      if (id) return { id, key: ref };
      return `No ${noun} ${clip(ref)} in the files or at the studio.`;
    },
  };
}

export type MoneyLookups = { dancers: Lookup; classes: Lookup; families: Lookup };

/**
 * A balance's family, found as a contact's or dancer's is (the domain's resolver): a file family by its
 * key or its e-mail, else the studio's by its link or e-mail, every key compared lower case.
 */
function familyLookup(plan: ImportPlan, state: StudioState): Lookup {
  const resolve = familyResolver(plan.families, state);
  const byKey = new Map(plan.families.map((f) => [f.key, f]));
  return {
    find(ref) {
      const target = resolve(ref);
      if (typeof target === 'string') return target;
      if ('existing' in target) return { id: target.existing, key: ref };
      const r = byKey.get(target.fileKey);
      return { id: r?.entityId ?? null, key: target.fileKey };
    },
  };
}

export function moneyLookups(plan: ImportPlan, state: StudioState): MoneyLookups {
  const studioDancers = new Map<string, string>();
  const studioClasses = new Map(state.classes.map((c) => [lower(`${c.name}|${c.day}|${c.timeStart}`), c.id]));
  return {
    dancers: lookup(plan.dancers, state.links.dancers, studioDancers, 'dancer', (r) => ({
      familyTarget: (r as ImportPlan['dancers'][number]).family,
    })),
    classes: lookup(plan.classes, state.links.classes, studioClasses, 'class'),
    families: familyLookup(plan, state),
  };
}

const enrolmentLabel = (e: EnrolmentRecord) => clip(`${e.dancerRef} in ${e.classRef}`);
// Made once: making a number format costs a hundred times what using it does.
const TWO_DECIMALS = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const dollars = (cents: number) => `$${TWO_DECIMALS.format(cents / 100)}`;
const balanceLabel = (b: BalanceRecord) =>
  clip(`${b.amount < 0 ? 'Credit' : 'Owed'} ${dollars(Math.abs(b.amount))}, ${b.familyRef}`);

const refusedRow = (
  r: { file: string; row: number },
  kind: 'enrolments' | 'balances',
  label: string,
  sentence: string,
): MoneyRow => ({
  file: r.file,
  row: r.row,
  kind,
  fate: 'refused',
  label,
  sentence,
});

const NO_TERM = 'The studio has no current year term for its enrolments: add one first.';
const DEFAULT_SENTENCE = {
  new: 'A new enrolment.',
  matched: 'In the class already.',
  skipped: '',
  refused: '',
};

/** The dry run of the enrolments and balances: each one's dancer and class, or family, found, then checked. */
export async function checkMoney(
  db: Db,
  args: {
    companyId: string;
    termId: string | null;
    source: { key: string; name: string };
    today: string;
    records: ImportRecords;
    lookups: MoneyLookups;
  },
): Promise<MoneyRow[]> {
  const { records, lookups } = args;
  const rows: MoneyRow[] = [];
  const pairs: (EnrolmentCheckPair & { label: string })[] = [];
  for (const e of records.enrolments) {
    const label = enrolmentLabel(e);
    const dancer = lookups.dancers.find(e.dancerRef);
    const cls = lookups.classes.find(e.classRef);
    const problem =
      typeof dancer === 'string' ? dancer : typeof cls === 'string' ? cls : args.termId ? null : NO_TERM;
    if (problem || typeof dancer === 'string' || typeof cls === 'string') {
      rows.push(refusedRow(e, 'enrolments', label, problem ?? NO_TERM));
      continue;
    }
    const record = records.classes.find(
      (c) => lower(c.ref || `${c.name}|${c.day}|${c.timeStart}`) === lower(cls.key),
    );
    pairs.push({
      file: e.file,
      row: e.row,
      label,
      studentId: dancer.id,
      dancerKey: dancer.key,
      classId: cls.id,
      classKey: cls.key,
      ...(record ? { className: record.name, places: record.places } : {}),
    });
  }
  const checked =
    pairs.length > 0 && args.termId
      ? await checkEnrolments(db, { companyId: args.companyId, termId: args.termId, pairs })
      : [];
  checked.forEach((c: MoneyRowCheck, i) => {
    rows.push({
      ...c,
      kind: 'enrolments',
      label: pairs[i]!.label,
      sentence: c.sentence || DEFAULT_SENTENCE[c.fate],
    });
  });
  const balances: (BalanceCheckRow & { label: string })[] = [];
  for (const b of records.balances) {
    const family = lookups.families.find(b.familyRef);
    if (typeof family === 'string') {
      rows.push(refusedRow(b, 'balances', balanceLabel(b), family));
      continue;
    }
    balances.push({
      file: b.file,
      row: b.row,
      label: balanceLabel(b),
      familyId: family.id,
      familyKey: family.key,
      amount: b.amount,
      asOf: b.asOf,
    });
  }
  const booked =
    balances.length > 0
      ? await checkBalances(db, {
          companyId: args.companyId,
          source: args.source.key,
          sourceName: args.source.name,
          today: args.today,
          balances,
        })
      : [];
  booked.forEach((c, i) => {
    rows.push({
      ...c,
      kind: 'balances',
      label: balances[i]!.label,
      sentence: c.sentence || (c.fate === 'new' ? 'A new opening balance.' : 'Booked already.'),
    });
  });
  return rows;
}

/** Writes the enrolments and balances the check found new, with the ids the run gave the new records. */
export async function writeMoney(
  tx: Db,
  args: {
    companyId: string;
    actorUserId: string;
    asOf: string;
    source: { key: string; name: string };
    records: ImportRecords;
    rows: MoneyRow[];
    lookups: MoneyLookups;
    ids: { families: FamilyIds; dancers: Map<string, string>; classes: Map<string, string> };
    dancerFamily: Map<string, string>;
  },
): Promise<void> {
  const isNew = new Set(args.rows.filter((r) => r.fate === 'new').map((r) => `${r.kind}|${r.file}|${r.row}`));
  const pairs = args.records.enrolments.flatMap((e) => {
    if (!isNew.has(`enrolments|${e.file}|${e.row}`)) return [];
    const dancer = args.lookups.dancers.find(e.dancerRef);
    const cls = args.lookups.classes.find(e.classRef);
    if (typeof dancer === 'string' || typeof cls === 'string') return [];
    const studentId = dancer.id ?? args.ids.dancers.get(dancer.key);
    const classId = cls.id ?? args.ids.classes.get(cls.key);
    const familyId = studentId
      ? (args.dancerFamily.get(studentId) ?? familyIdOf(args.ids.families, dancer.familyTarget ?? null))
      : null;
    return studentId && classId && familyId
      ? [{ familyId, studentId, classId, file: e.file, row: e.row }]
      : [];
  });
  if (pairs.length > 0)
    await writeEnrolments(tx, {
      companyId: args.companyId,
      actorUserId: args.actorUserId,
      asOf: args.asOf,
      pairs,
    });
  const balances = args.records.balances.flatMap((b) => {
    if (!isNew.has(`balances|${b.file}|${b.row}`)) return [];
    const family = args.lookups.families.find(b.familyRef);
    if (typeof family === 'string') return [];
    const familyId = family.id ?? args.ids.families.get(family.key);
    return familyId ? [{ familyId, amount: b.amount, asOf: b.asOf, file: b.file, row: b.row }] : [];
  });
  if (balances.length > 0)
    await writeBalances(tx, {
      companyId: args.companyId,
      actorUserId: args.actorUserId,
      source: args.source.key,
      sourceName: args.source.name,
      balances,
      today: args.asOf,
    });
}
