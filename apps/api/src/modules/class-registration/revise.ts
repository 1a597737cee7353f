import { randomUUID } from 'node:crypto';
import {
  FAMILY_LOG_ACTIONS,
  type FamilyQuote,
  formatDateOnly,
  I_STATUS,
  type PlanClass,
  type Revision,
  reviseFamilyPlan,
} from '@pirouette/domain';
import { preparedBatch } from '../../db/batch';
import type { Db } from '../../db/client';
import { AppError } from '../../http/errors';
import { familyLogEntries } from '../../kernel/family-log';
import { billFamily, scheduleBillingDay } from '../ledger';
import { ChangeWrites } from './change-writes';
import { reviseReads } from './enrolment.queries';
import {
  type PricingRules,
  planClassesOf,
  planPaymentOf,
  pricedRow,
  quoteRegistrations,
  registrationLabel,
} from './pricing';

/** A registration in the plan: it counts (not dropped, removed or rejected) and the studio approved it. */
export const inPlan = (r: { counts: boolean; status: number }) => r.counts && r.status === 1;

export type ReviseArgs = {
  /** Price the registrations in the plan (default), or every one that counts, pending ones too (a projection). */
  which?: 'inPlan' | 'counting';
  /** Compute only: nothing is written (what a submission's figures are compared with). */
  dryRun?: boolean;
  companyId: string;
  familyId: string;
  yearTermId: string;
  effectiveDate: string;
  /** The studio's today, when the revision is written (default: the effective date, for seeds). */
  writtenOn?: string;
  reason: string;
  actor: { userId: string; companyId: string };
  rules: PricingRules;
  /** What it starts from, when read already in this transaction with nothing written since (a dry run's). */
  reads?: ReviseReads;
  /** Keep the revision's rows here, for the caller to send with its own (decision 084); else sent here. */
  writes?: ChangeWrites;
};

export type ReviseReads = Awaited<ReturnType<typeof reviseRead>>;
const reviseRead = preparedBatch(['companyId', 'familyId', 'yearTermId'], (db, p) =>
  reviseReads(db, p.companyId, p.familyId, p.yearTermId),
);

export type ReviseOutcome = {
  /** The revision written; null when nothing in the plan changed (or a dry run). */
  revision: number | null;
  quote: FamilyQuote;
  plan: Revision;
  planName: string;
  /** What it started from (to give a second revision of the same state: `reads`). */
  reads: ReviseReads;
};

/**
 * Writes the next revision of a family's plan for a term (decision 026): prices every registration in
 * the plan with the studio's discounts and cap, revises the payments from `effectiveDate` by
 * difference (reviseFamilyPlan), keeps each registration's prices with the revision, and charges the
 * registration fee with the family's first registration of the term. Run it inside the change's
 * transaction, with the family's row locked.
 */
export async function reviseFamily(tx: Db, args: ReviseArgs & { planId?: string }): Promise<ReviseOutcome> {
  const { companyId, familyId, yearTermId, rules } = args;
  // What it starts from, in one round trip (the latest revision's rows reached by subqueries).
  const reads = args.reads ?? (await reviseRead(tx, { companyId, familyId, yearTermId }));
  const familyTerm = reads.familyTerm[0] ?? null;
  const planId = familyTerm?.planId ?? args.planId;
  if (!planId) throw new AppError('unprocessable', 'The family has no payment plan for this term.');
  const plan = rules.paySys.find((p) => p.id === planId);
  if (!plan) throw new AppError('unprocessable', 'The family’s payment plan is no longer in this term.');
  const { students, registrations, previousPrices, previousPayments } = reads;
  const previous = reads.previous[0] ?? null;

  const firstName = new Map(students.map((s) => [s.id, s.firstName]));
  const byPair = new Map(registrations.map((r) => [`${r.studentId}:${r.classId}`, r]));
  const byId = new Map(registrations.map((r) => [r.id, r]));
  const labelOf = (registrationId: string) => {
    const r = byId.get(registrationId);
    return r ? registrationLabel(r.className, firstName.get(r.studentId) ?? '') : 'A class';
  };

  const planned = registrations.filter((r) => (args.which === 'counting' ? r.counts : inPlan(r)));
  const quote = quoteRegistrations(rules, students, planned.map(pricedRow));
  const idOf = (studentId: string, classId: string) => byPair.get(`${studentId}:${classId}`)!.id;
  const after = planClassesOf(quote, idOf, (s, c) => labelOf(idOf(s, c)));
  const before: PlanClass[] = previousPrices
    .filter((p) => p.iStatus > 0)
    .map((p) => ({
      key: p.registrationId,
      label: labelOf(p.registrationId),
      day: p.day as PlanClass['day'],
      price: p.prF,
    }));

  // What moved a price that was neither added nor dropped: a discount or the cap that now applies, or
  // no longer does, because another class or dancer of the family came or went.
  const oldLines = new Map(previousPrices.map((p) => [p.registrationId, p.lines]));
  const newLines = new Map(
    quote.students.flatMap((st) => st.classes.map((c) => [idOf(st.id, c.classId), c.lines] as const)),
  );
  const revised = reviseFamilyPlan({
    plans: rules.paySys,
    planId: plan.id,
    effectiveDate: args.effectiveDate,
    after,
    previous: previous ? { classes: before, payments: previousPayments.map(planPaymentOf) } : null,
    why: (key) => whyPriceMoved(oldLines.get(key) ?? [], newLines.get(key) ?? []),
  });

  const unchanged =
    before.length === after.length &&
    after.every((a) => before.some((b) => b.key === a.key && b.price === a.price && b.day === a.day));
  if (args.dryRun || !familyTerm || unchanged) {
    return { revision: null, quote, plan: revised, planName: plan.name, reads };
  }

  const number = (previous?.revision ?? 0) + 1;
  // The rows kept (the caller's, to send with its own; else sent here, in one statement: decision 084).
  const writes = args.writes ?? new ChangeWrites(companyId);
  const revisionId = randomUUID();
  writes.revisions.push({
    id: revisionId,
    companyId,
    familyTermId: familyTerm.id,
    revision: number,
    effectiveDate: args.effectiveDate,
    writtenOn: args.writtenOn ?? args.effectiveDate,
    reason: args.reason,
    monthly: quote.total,
    createdBy: args.actor.userId,
  });
  writes.payments.push(
    ...revised.payments.map((p, i) => ({
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
      changed: p.carried ? 0 : 1,
      sortOrder: i,
    })),
  );

  const priced = keepRevisionPrices(writes, { companyId, revisionId, quote, idOf, before, byId });

  if (priced.length > 0) {
    writes.fees.push({
      companyId,
      familyTermId: familyTerm.id,
      revisionId,
      amount: rules.settings.registrationFee.amount,
      participation: rules.settings.registrationFee.participation,
      chargedOn: args.effectiveDate,
    });
  }
  writes.logs.push(
    ...familyLogEntries(args.actor, [
      {
        familyId,
        action: FAMILY_LOG_ACTIONS.planRevised,
        detail: {
          plan: plan.name,
          revision: number,
          from: formatDateOnly(args.effectiveDate),
          reason: args.reason,
          total: revised.total,
        },
      },
    ]),
  );
  if (!args.writes) await writes.flush(tx);
  return { revision: number, quote, plan: revised, planName: plan.name, reads };
}

/**
 * Each registration's prices in a revision: those in the plan, and those that just left it (dropped,
 * or removed when rejected); the registrations' own prices follow the plan's.
 */
function keepRevisionPrices(
  writes: ChangeWrites,
  {
    companyId,
    revisionId,
    quote,
    idOf,
    before,
    byId,
  }: {
    companyId: string;
    revisionId: string;
    quote: FamilyQuote;
    idOf: (studentId: string, classId: string) => string;
    before: PlanClass[];
    byId: Map<string, { pr0: number; status: number }>;
  },
) {
  const wasIn = new Set(before.map((b) => b.key));
  const priced = quote.students.flatMap((s) =>
    s.classes.map((c) => {
      const id = idOf(s.id, c.classId);
      return {
        companyId,
        revisionId,
        registrationId: id,
        pr0: c.Pr_0,
        prI: c.Pr_i,
        prF: c.Pr_f,
        nTh: c.nTh,
        iStatus: wasIn.has(id) ? I_STATUS.registered : I_STATUS.new,
        lines: c.lines,
      };
    }),
  );
  const stillIn = new Set(priced.map((p) => p.registrationId));
  const left = before
    .filter((b) => !stillIn.has(b.key))
    .map((b) => {
      const r = byId.get(b.key);
      const rejected = r?.status === -1;
      return {
        companyId,
        revisionId,
        registrationId: b.key,
        pr0: r?.pr0 ?? 0,
        prI: 0,
        prF: 0,
        nTh: 0,
        iStatus: rejected ? I_STATUS.removed : I_STATUS.dropped,
        lines: [],
      };
    });
  writes.prices.push(...priced, ...left);
  for (const p of priced) {
    writes.change(p.registrationId, { prices: { pr0: p.pr0, prI: p.prI, prF: p.prF, nTh: p.nTh } });
  }
  return priced;
}

/**
 * Why a class's price moved between two revisions, from the working of each: the discount lines (and
 * the cap) that appeared or went, e.g. "now: Each additional child (2nd child, $10.00); no longer:
 * Unlimited: …". The base price line is the same in both and says nothing.
 */
export function whyPriceMoved(
  before: readonly { label: string }[],
  after: readonly { label: string }[],
): string {
  const was = new Set(before.slice(1).map((l) => l.label));
  const now = new Set(after.slice(1).map((l) => l.label));
  const gained = [...now].filter((l) => !was.has(l));
  const lost = [...was].filter((l) => !now.has(l));
  const parts = [
    gained.length > 0 ? `now: ${gained.join('; ')}` : '',
    lost.length > 0 ? `no longer: ${lost.join('; ')}` : '',
  ].filter(Boolean);
  return parts.length > 0 ? parts.join('; ') : 'the family’s discounts were worked out again';
}

/**
 * After a revision, in the same transaction: posts what is due by today (the registration fee, a
 * payment or adjustment already due), so the parent's checkout and the owner's money panel see it at
 * once; and makes sure the studio's billing days run (issue 16, decision 027).
 */
export async function billAfterRevision(
  tx: Db,
  args: {
    companyId: string;
    familyId: string;
    today: string;
    actor: { userId: string };
    rules: PricingRules;
    /** Receives the ids of the charges posted (for the caller's own mail, or an approval's preview). */
    posted?: string[];
  },
): Promise<void> {
  await billFamily(
    {
      tx,
      companyId: args.companyId,
      familyId: args.familyId,
      today: args.today,
      by: { userId: args.actor.userId },
    },
    // Its callers (a class change, an approval) hold the family's row lock, as reviseFamily asks.
    { settings: args.rules.settings, locked: true, posted: args.posted },
  );
  await scheduleBillingDay(tx, args.companyId, args.today, args.rules.timeZone);
}
