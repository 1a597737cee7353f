import { randomUUID } from 'node:crypto';
import {
  APPROVAL,
  compareDates,
  type DateOnly,
  FAMILY_LOG_ACTIONS,
  formatDateOnly,
  I_STATUS,
  IMPORT_ENROLMENT_TEXT,
  importedPlan,
  judgeImportedEnrolments,
  registrationLabel,
  reviseFamilyPlan,
} from '@pirouette/domain';
import type { Db } from '../../db/client';
import type { classRegistrations } from '../../db/schema/schedule';
import { notFound, unprocessable } from '../../http/errors';
import { logFamilies } from '../../kernel/family-log';
import { lockFamilyRows, scheduleBillingDay } from '../ledger';
import { insertClassRegistrations } from '../schedule';
import { setRegistrationPrices } from './enrolment.queries';
import {
  classesByIds,
  type FreshPlanRows,
  familyTermsOf,
  type ImportClass,
  insertFamilyTermsAndPlans,
  registrationsOfStudents,
  studentsOfFamilies,
  termsByIds,
} from './import-enrolments.queries';
import { loadPricingRules, type PricingRules, planClassesOf, quoteRegistrations } from './pricing';
import { reviseFamily } from './revise';

/**
 * Enrolments brought by an import (issue 35 item 4, decision 056), inside the import's transaction:
 * each dancer registered in its class approved and active from the import's day, with no approval step,
 * no registration fee (paid at the old studio: the family's term gets a $0 fee, so no later change
 * charges one) and no mail; each family's plan for the term (the term's default plan) gets a revision
 * effective and written on the import's day, the payment period in progress that day worth $0
 * (`importedPlan`: the old system billed it), so billing charges nothing before the next period.
 *
 * Bulk: the reads are one statement each for all the pairs, the plans are computed in memory, the
 * rows inserted in a statement per table (per 500). A family that already has a plan for the term
 * (matched to one registered here before) is revised by `reviseFamily`, one by one: its earlier
 * revisions are its own.
 */

type Pair = { familyId: string; studentId: string; classId: string; file: string; row: number };
type Term = { id: string; name: string; dateStart: string; dateEnd: string };
type Dancer = Awaited<ReturnType<typeof studentsOfFamilies>>[number];
type Existing = Awaited<ReturnType<typeof registrationsOfStudents>>[number];
type RegistrationInsert = typeof classRegistrations.$inferInsert & { id: string; companyId: string };

export type ImportCheckRow = {
  file: string;
  row: number;
  fate: 'new' | 'matched' | 'skipped' | 'refused';
  sentence: string;
};

/** The dry run: each pair's fate, in order (reads: the term's plans, the classes, the registrations). */
export async function checkImportedEnrolments(
  db: Db,
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
): Promise<ImportCheckRow[]> {
  const { companyId, termId, pairs } = args;
  const classIds = [...new Set(pairs.flatMap((p) => (p.classId ? [p.classId] : [])))];
  const studentIds = [...new Set(pairs.flatMap((p) => (p.studentId ? [p.studentId] : [])))];
  const [term] = await termsByIds(db, companyId, [termId]);
  const rules = await loadPricingRules(db, companyId, termId);
  const known = await classesByIds(db, companyId, classIds);
  const existing = await registrationsOfStudents(db, companyId, studentIds, [termId]);
  const classes = new Map(
    known.map((c) => [
      c.id,
      { name: c.name, places: c.nMax, taken: c.taken, inTerm: c.yearTermId === termId },
    ]),
  );
  for (const p of pairs) {
    if (p.classId) continue;
    const name = p.className ?? p.classKey;
    classes.set(`new:${p.classKey}`, {
      name,
      places: p.places ?? Number.MAX_SAFE_INTEGER,
      taken: 0,
      inTerm: true,
    });
  }
  const registered = new Map(existing.map((r) => [`${r.studentId}|${r.classId}`, r.counts]));
  const fates = judgeImportedEnrolments(
    pairs.map((p) => ({
      file: p.file,
      row: p.row,
      dancer: p.studentId ?? `new:${p.dancerKey}`,
      classKey: p.classId ?? `new:${p.classKey}`,
    })),
    { term: term?.name ?? 'This term', hasPlan: rules.paySys.length > 0, classes, registered },
  );
  return fates.map((f, i) => ({
    file: pairs[i]!.file,
    row: pairs[i]!.row,
    fate: f.fate,
    sentence: f.sentence,
  }));
}

/** What the write read, under the families' locks. */
type Read = {
  pairs: Pair[];
  classes: Map<string, ImportClass>;
  dancers: Dancer[];
  terms: Map<string, Term>;
  existing: Existing[];
  planned: Set<string>;
  rules: Map<string, PricingRules>;
};

/** Writes the enrolments (see the top of this file). A pair naming another studio's row throws: nothing is written. */
export async function importEnrolments(
  tx: Db,
  args: { companyId: string; actorUserId: string; asOf: DateOnly; pairs: Pair[] },
): Promise<{ registered: number; matched: number; revised: number }> {
  const { companyId, asOf } = args;
  const read = await readForImport(tx, companyId, args.pairs);
  const existingPair = new Set(read.existing.map((r) => `${r.studentId}|${r.classId}`));
  const adding = read.pairs.filter((p) => !existingPair.has(`${p.studentId}|${p.classId}`));
  const matched = read.pairs.length - adding.length;
  if (adding.length === 0) return { registered: 0, matched, revised: 0 };

  const newRows: RegistrationInsert[] = adding.map((p) => {
    const cls = read.classes.get(p.classId)!;
    const term = read.terms.get(cls.yearTermId)!;
    return {
      id: randomUUID(),
      companyId,
      classId: p.classId,
      studentId: p.studentId,
      pr0: cls.price,
      prI: cls.price,
      prF: cls.price,
      nTh: 0,
      iStatus: I_STATUS.registered,
      status: APPROVAL.approved,
      dateI: compareDates(asOf, term.dateStart) > 0 ? asOf : term.dateStart,
      dateF: term.dateEnd,
      isDropped: false,
      createdBy: args.actorUserId,
    };
  });
  // Each family and term gaining dancers: a first plan computed here, or a revision of the one it has.
  const groups = new Map<string, { familyId: string; termId: string; rows: RegistrationInsert[] }>();
  adding.forEach((p, i) => {
    const termId = read.classes.get(p.classId)!.yearTermId;
    const key = `${p.familyId}|${termId}`;
    const g = groups.get(key) ?? { familyId: p.familyId, termId, rows: [] };
    g.rows.push(newRows[i]!);
    groups.set(key, g);
  });
  const fresh = [...groups.values()].filter((g) => !read.planned.has(`${g.familyId}|${g.termId}`));
  const known = [...groups.values()].filter((g) => read.planned.has(`${g.familyId}|${g.termId}`));

  const plans = fresh.map((g) => firstPlan(read, { ...g, companyId, actorUserId: args.actorUserId, asOf }));
  await insertClassRegistrations(tx, newRows);
  await insertFamilyTermsAndPlans(tx, plans);
  await setRegistrationPrices(
    tx,
    companyId,
    plans.flatMap((p) => p.keptPrices),
  );
  // The families revised one by one log their revision themselves; each says which classes came.
  const names = new Map(read.dancers.map((d) => [d.id, d.firstName]));
  const knownLogs = known.map((g) => registeredLog(read, g.familyId, g.rows, asOf, names));
  await logFamilies(tx, { userId: args.actorUserId, companyId }, [
    ...plans.flatMap((p) => p.logs),
    ...knownLogs,
  ]);
  for (const g of known) {
    await reviseFamily(tx, {
      companyId,
      familyId: g.familyId,
      yearTermId: g.termId,
      effectiveDate: asOf,
      writtenOn: asOf,
      reason: IMPORT_ENROLMENT_TEXT.reason,
      actor: { userId: args.actorUserId, companyId },
      rules: read.rules.get(g.termId)!,
    });
  }
  const zone = [...read.rules.values()][0]?.timeZone ?? 'America/New_York';
  await scheduleBillingDay(tx, companyId, asOf, zone);
  return { registered: newRows.length, matched, revised: groups.size };
}

/** The pairs (each once), checked against the studio, and everything pricing them needs. */
async function readForImport(tx: Db, companyId: string, given: Pair[]): Promise<Read> {
  const seen = new Set<string>();
  const pairs = given.filter((p) => {
    const key = `${p.studentId}|${p.classId}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const familyIds = [...new Set(pairs.map((p) => p.familyId))].sort();
  const lockedIds = new Set(await lockFamilyRows(tx, companyId, familyIds));
  const classList = await classesByIds(tx, companyId, [...new Set(pairs.map((p) => p.classId))]);
  const classes = new Map(classList.map((c) => [c.id, c]));
  const dancers = await studentsOfFamilies(tx, companyId, familyIds);
  const dancerFamily = new Map(dancers.map((d) => [d.id, d.familyId]));
  for (const p of pairs) {
    const where = `${p.file}, row ${p.row}`;
    if (!lockedIds.has(p.familyId)) throw notFound(`${where}: the family is not one of the studio’s.`);
    if (!classes.has(p.classId)) throw notFound(`${where}: the class is not one of the studio’s.`);
    if (dancerFamily.get(p.studentId) !== p.familyId)
      throw notFound(`${where}: the dancer is not one of the family’s.`);
  }
  const termIds = [...new Set(classList.map((c) => c.yearTermId))];
  const termRows = await termsByIds(tx, companyId, termIds);
  const existing = await registrationsOfStudents(
    tx,
    companyId,
    dancers.map((d) => d.id),
    termIds,
  );
  const familyTerms = await familyTermsOf(tx, companyId, familyIds, termIds);
  const rules = new Map<string, PricingRules>();
  // One read per term the classes are in (an import fills one).
  for (const t of termRows) rules.set(t.id, await loadPricingRules(tx, companyId, t.id));
  for (const t of termRows) {
    if (rules.get(t.id)!.paySys.length === 0) throw unprocessable(IMPORT_ENROLMENT_TEXT.noPlan(t.name));
  }
  return {
    pairs,
    classes,
    dancers,
    terms: new Map(termRows.map((t) => [t.id, t])),
    existing,
    planned: new Set(familyTerms.map((f) => `${f.familyId}|${f.yearTermId}`)),
    rules,
  };
}

/**
 * A family's first plan for a term, in memory: its classes priced with the studio's discounts (the
 * new registrations and any it had approved already), the default plan's schedule from the import's
 * day with the period in progress at $0, and the rows that keep it.
 */
function firstPlan(
  read: Read,
  g: {
    familyId: string;
    termId: string;
    rows: RegistrationInsert[];
    companyId: string;
    actorUserId: string;
    asOf: DateOnly;
  },
): FreshPlanRows {
  const { companyId, asOf } = g;
  const rules = read.rules.get(g.termId)!;
  const term = read.terms.get(g.termId)!;
  const plan = rules.paySys.find((p) => p.isDefault) ?? rules.paySys[0]!;
  const dancers = read.dancers.filter((d) => d.familyId === g.familyId);
  const firstName = new Map(dancers.map((d) => [d.id, d.firstName]));
  const had = read.existing.filter(
    (r) =>
      r.yearTermId === g.termId && r.counts && r.status === APPROVAL.approved && firstName.has(r.studentId),
  );
  const priced = [
    ...had.map((r) => ({ ...r, kept: true })),
    ...g.rows.map((r) => {
      const cls = read.classes.get(r.classId)!;
      return {
        id: r.id,
        studentId: r.studentId,
        classId: r.classId,
        className: cls.name,
        day: cls.day,
        price: cls.price,
        applyDiscount: cls.applyDiscount,
        kept: false,
      };
    }),
  ];
  const byPair = new Map(priced.map((r) => [`${r.studentId}:${r.classId}`, r]));
  const idOf = (s: string, c: string) => byPair.get(`${s}:${c}`)!.id;
  const quote = quoteRegistrations(rules, dancers, priced);
  const after = planClassesOf(quote, idOf, (s, c) =>
    registrationLabel(byPair.get(`${s}:${c}`)!.className, firstName.get(s) ?? ''),
  );
  const revised = importedPlan(
    reviseFamilyPlan({ plans: rules.paySys, planId: plan.id, effectiveDate: asOf, after, previous: null }),
    asOf,
  );
  const familyTermId = randomUUID();
  const revisionId = randomUUID();
  const prices = quote.students.flatMap((s) =>
    s.classes.map((c) => ({
      id: idOf(s.id, c.classId),
      pr0: c.Pr_0,
      prI: c.Pr_i,
      prF: c.Pr_f,
      nTh: c.nTh,
      lines: c.lines,
    })),
  );
  // The new registrations carry their prices as they are inserted; those the family had are updated.
  const priceOf = new Map(prices.map((p) => [p.id, p]));
  for (const r of g.rows) Object.assign(r, pick(priceOf.get(r.id)!));
  const keptIds = new Set(had.map((r) => r.id));
  return {
    familyTerm: {
      id: familyTermId,
      companyId,
      familyId: g.familyId,
      yearTermId: g.termId,
      planId: plan.id,
      chosenBy: g.actorUserId,
    },
    revision: {
      id: revisionId,
      companyId,
      familyTermId,
      revision: 1,
      effectiveDate: asOf,
      writtenOn: asOf,
      reason: IMPORT_ENROLMENT_TEXT.reason,
      monthly: quote.total,
      createdBy: g.actorUserId,
    },
    payments: revised.payments.map((p, i) => ({
      companyId,
      revisionId,
      optionId: p.optionId,
      kind: p.kind,
      name: p.name,
      dateStart: p.dateStart,
      dateEnd: p.dateEnd,
      dateDue: p.dateDue,
      period: p.period,
      xPlanFinal: p.xPlanFinal,
      val: p.val,
      isRelivent: p.isRelivent ? 1 : 0,
      lines: p.lines,
      changed: 1,
      sortOrder: i,
    })),
    prices: prices.map((p) => ({
      companyId,
      revisionId,
      registrationId: p.id,
      ...pick(p),
      iStatus: I_STATUS.new,
      lines: p.lines,
    })),
    // Paid at the old studio: a $0 fee marks the family's term, so no later change of it charges one.
    fee: {
      companyId,
      familyTermId,
      revisionId,
      amount: 0,
      participation: IMPORT_ENROLMENT_TEXT.feePaid,
      chargedOn: asOf,
    },
    keptPrices: prices.filter((p) => keptIds.has(p.id)).map((p) => ({ id: p.id, ...pick(p) })),
    logs: [
      registeredLog(read, g.familyId, g.rows, asOf, firstName),
      {
        familyId: g.familyId,
        action: FAMILY_LOG_ACTIONS.planRevised,
        detail: {
          plan: plan.name,
          revision: 1,
          from: formatDateOnly(asOf),
          reason: `${IMPORT_ENROLMENT_TEXT.reason} (${term.name})`,
          total: revised.total,
        },
      },
    ],
  };
}

/** The family's log: which of its dancers the import registered in which classes, from the day. */
function registeredLog(
  read: Read,
  familyId: string,
  rows: RegistrationInsert[],
  asOf: DateOnly,
  firstName: ReadonlyMap<string, string>,
) {
  const classes = rows.map((r) =>
    registrationLabel(read.classes.get(r.classId)!.name, firstName.get(r.studentId) ?? ''),
  );
  return {
    familyId,
    action: FAMILY_LOG_ACTIONS.classesRegistered,
    detail: { classes: classes.join(', '), from: formatDateOnly(asOf), pending: false },
  };
}

const pick = (p: { pr0: number; prI: number; prF: number; nTh: number }) => ({
  pr0: p.pr0,
  prI: p.prI,
  prF: p.prF,
  nTh: p.nTh,
});
