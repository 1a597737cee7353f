import {
  type Actor,
  type ChangePlan,
  type ChangeStory,
  checkFigures,
  checkPlaces,
  choosePlan,
  eligibilityWarnings,
  FAMILY_LOG_ACTIONS,
  I_STATUS,
  type Planned,
  planChanges,
  type RegistrationResult,
  requestedDate,
  tellChanges,
  classRegistrationMessages as text,
  todayInZone,
} from '@pirouette/domain';
import { preparedBatch } from '../../db/batch';
import type { Db } from '../../db/client';
import { AppError } from '../../http/errors';
import { findCurrentYearTerm } from '../../kernel/current-term';
import { logFamilies, logFamily } from '../../kernel/family-log';
import { findFamily } from '../../kernel/family-scope';
import type { Clock } from '../../lib/clock';
import { insertAcceptance, lastAcceptedVersion, listTermsInForce } from '../accounts';
import { insertClassRegistration } from '../schedule';
import { loadBuilderClasses } from './builder-classes';
import {
  familyRegistrations,
  familyStudents,
  familyTermRead,
  insertFamilyTerm,
  type LockedClass,
  lockClasses,
  markDropped,
  markRestored,
  setApproval,
} from './enrolment.queries';
import { queueOffers } from './freed-places';
import { loadPricingRules, type PricingRules } from './pricing';
import { confirmRegistration } from './registration-mail';
import { billAfterRevision, reviseFamily } from './revise';

/** What a submission asks for: classes to add, registrations to drop or take back. */
export type Changes = {
  add: { studentId: string; classId: string }[];
  drop: string[];
  restore: string[];
};

/** The figures the client showed, to compare (cents); absent for a drop or restore of one class. */
export type ClientFigures = {
  /** Pr_f per `studentId:classId`. */
  prices: Map<string, number>;
  /** The chosen plan's total as shown, when sent. */
  planTotal?: number;
  regDate?: string;
};

export type ApplyArgs = {
  db: Db;
  clock: Clock;
  actor: Actor;
  familyId: string;
  side: 'parent' | 'owner';
  changes: Changes;
  client: ClientFigures | null;
  /** The plan chosen (tuitList.id or payPlan). */
  planId?: string | null;
  /** The owner's effective date; a parent's is today. */
  effectiveDate?: string;
  /** Terms the parent accepted: document id and the version read. */
  terms?: { coTermID: string; accepted: boolean; version?: number }[];
  /** The owner registers despite age or requirement warnings. */
  override?: boolean;
  /** For the family's confirmation's link (registration-mail.ts); without it no confirmation is sent. */
  appUrl?: string;
};

/** A family's dancers, registrations and plan for a term, in one round trip. */
const familyRead = preparedBatch(['companyId', 'familyId', 'yearTermId'], (db, p) => ({
  students: familyStudents(db, p.companyId, p.familyId),
  registrations: familyRegistrations(db, p.companyId, p.familyId, p.yearTermId),
  familyTerm: familyTermRead(db, p.companyId, p.familyId, p.yearTermId),
}));

/** A planner's answer, or its refusal thrown as the API's error (nothing is written). */
function orRefuse<T>(planned: Planned<T>): T {
  if (!planned.ok) throw new AppError(planned.refusal.status, planned.refusal.message);
  return planned.value;
}

/**
 * Every change to a family's classes goes through here (decision 026): the parent's and the owner's
 * wizards, a drop, a restore. The decisions are planned by the pure steps of `plan-changes.ts` in
 * packages/domain (decision 045); this is their transaction: the family's row and the classes' rows
 * are locked, places are counted under the lock, the client's figures are compared with the server's
 * own, the registrations are written, the plan is revised from the effective date, the terms accepted
 * and the family's log told. A refusal writes nothing.
 */
export async function applyChanges(args: ApplyArgs): Promise<RegistrationResult> {
  const { db, actor, familyId, side, changes } = args;
  const { companyId } = actor;
  return db.transaction(async (tx) => {
    const term = await findCurrentYearTerm(tx, companyId);
    if (!term) throw new AppError('unprocessable', text.noTerm);
    const rules = await loadPricingRules(tx, companyId, term.id);
    const today = todayInZone(rules.timeZone, args.clock.now());
    const asked = orRefuse(
      requestedDate({
        side,
        today,
        term,
        ownerDate: args.effectiveDate,
        dropping: changes.drop.length > 0,
        clientRegDate: args.client?.regDate,
      }),
    );

    await findFamily(tx, companyId, familyId, { lock: true });
    // Under the family's lock, in one round trip: its dancers, registrations and plan for the term.
    const family = await familyRead(tx, { companyId, familyId, yearTermId: term.id });
    const { students, registrations } = family;
    const plan = orRefuse(
      planChanges({
        side,
        term,
        effectiveDate: asked,
        ownerDate: side === 'owner' && Boolean(args.effectiveDate),
        changes,
        students,
        registrations,
      }),
    );

    // Places: the classes gaining a dancer are locked in id order and counted under the lock.
    const locked = await lockClasses(tx, companyId, term.id, [...plan.gaining.keys()]);
    orRefuse(checkPlaces(side, plan.gaining, locked));
    // A change that only drops has no one joining, and reads no classes; one that joins reads the classes
    // joined and the family's own (the eligibility checks' overlaps and levels), never the whole term's.
    const concerned = [...new Set([...plan.joining, ...registrations].map((r) => r.classId))];
    const builderClasses =
      plan.joining.length > 0 ? await loadBuilderClasses(tx, companyId, term.id, concerned) : [];
    const warnings = orRefuse(
      eligibilityWarnings({
        side,
        override: args.override,
        plan,
        students,
        registrations,
        classes: builderClasses,
        termStart: term.dateStart,
      }),
    );
    const story = tellChanges({
      side,
      approval: rules.settings.registration.approval,
      plan,
      restoreAsked: changes.restore.length > 0,
      warnings,
      students,
      classNames: new Map([
        ...registrations.map((r) => [r.classId, r.className] as const),
        ...builderClasses.map((c) => [c.id, c.name] as const),
      ]),
    });

    const familyTerm = await keepPlan(tx, args, {
      term,
      rules,
      familyTerm: family.familyTerm[0] ?? null,
      plan,
    });
    const created = await writeRegistrations(tx, { args, term, plan, locked, status: story.status });
    const projected = await projectFigures(tx, { args, term, rules, plan, familyTerm });
    // The family's log lines of the change, one statement whatever their number.
    await logFamilies(
      tx,
      actor,
      story.logs.map((entry) => ({ familyId, ...entry })),
    );

    const posted: string[] = [];
    let revision: number | null = null;
    if (familyTerm) {
      ({ revision } = await reviseFamily(tx, {
        companyId,
        familyId,
        yearTermId: term.id,
        effectiveDate: plan.effectiveDate,
        writtenOn: today,
        reason: story.reason,
        actor,
        rules,
        // The dry run's reads: only the family's log was written since.
        reads: projected?.reads,
      }));
      await billAfterRevision(tx, { companyId, familyId, today, actor, rules, posted });
    }
    if (plan.joining.length > 0 && args.appUrl !== undefined) {
      const first = created[0]?.id ?? plan.restores[0]?.id;
      await confirmRegistration(tx, {
        companyId,
        familyId,
        key: `registration:${first}:${revision ?? (story.waits ? 'pending' : today)}`,
        by: side,
        pending: story.waits,
        classes: story.joined,
        posted,
        appUrl: args.appUrl,
      });
    }
    return answerOf({ story, plan, created, warnings, projected });
  });
}

type Term = { id: string; dateStart: string; dateEnd: string };
type FamilyTermRow = Awaited<ReturnType<typeof familyTermRead>>[number];

/**
 * The family's plan for the term: its own, or the one chosen with its first registration of the term
 * (a parent accepts the studio's terms with it).
 */
async function keepPlan(
  tx: Db,
  args: ApplyArgs,
  at: { term: Term; rules: PricingRules; familyTerm: FamilyTermRow | null; plan: ChangePlan },
): Promise<FamilyTermRow | null> {
  const { actor, familyId } = args;
  const choose = orRefuse(
    choosePlan({
      familyPlanId: at.familyTerm?.planId ?? null,
      askedPlanId: args.planId,
      plans: at.rules.paySys,
      joining: at.plan.joining.length > 0,
    }),
  );
  if (!choose) return at.familyTerm;
  if (args.side === 'parent') await acceptTerms(tx, actor, familyId, args.terms ?? []);
  return insertFamilyTerm(tx, {
    companyId: actor.companyId,
    familyId,
    yearTermId: at.term.id,
    planId: choose,
    chosenBy: actor.userId,
  });
}

/** The rows: new registrations, those taken back, those dropped (their places offered on). */
async function writeRegistrations(
  tx: Db,
  {
    args,
    term,
    plan,
    locked,
    status,
  }: {
    args: ApplyArgs;
    term: Term;
    plan: ChangePlan;
    locked: LockedClass[];
    status: ChangeStory['status'];
  },
) {
  const { companyId } = args.actor;
  const lockedById = new Map(locked.map((c) => [c.id, c]));
  const created: { id: string; studentId: string; classId: string }[] = [];
  for (const add of plan.inserts) {
    const { id } = await insertClassRegistration(tx, {
      companyId,
      classId: add.classId,
      studentId: add.studentId,
      pr0: lockedById.get(add.classId)!.price,
      iStatus: I_STATUS.registered,
      status,
      dateI: plan.startOn,
      dateF: term.dateEnd,
      createdBy: args.actor.userId,
    });
    created.push({ id, ...add });
  }
  for (const r of plan.restores) {
    await markRestored(tx, companyId, r.id, term.dateEnd);
    await setApproval(tx, companyId, [r.id], status);
  }
  for (const d of plan.drops) await markDropped(tx, companyId, d.id, plan.effectiveDate);
  // A dropped place goes to the class's waitlist, by a job that runs after this commit.
  for (const d of plan.drops) {
    await queueOffers(tx, companyId, [d.classId], `drop:${d.id}:${plan.effectiveDate}`, args.clock.now());
  }
  return created;
}

/**
 * The figures: what the family's classes cost now, pending ones included (a dry run of the revision),
 * against what the client showed. Null for a family dropping its last class before any plan.
 */
async function projectFigures(
  tx: Db,
  at: {
    args: ApplyArgs;
    term: Term;
    rules: PricingRules;
    plan: ChangePlan;
    familyTerm: FamilyTermRow | null;
  },
) {
  const { args } = at;
  const projected = await reviseFamily(tx, {
    which: 'counting',
    dryRun: true,
    companyId: args.actor.companyId,
    familyId: args.familyId,
    yearTermId: at.term.id,
    effectiveDate: at.plan.effectiveDate,
    reason: '',
    actor: args.actor,
    rules: at.rules,
    planId: at.familyTerm?.planId,
  }).catch((error) => {
    // A family dropping its last class before any plan: nothing to price.
    if (!at.familyTerm) return null;
    throw error;
  });
  if (args.client && projected) {
    orRefuse(
      checkFigures(args.client, {
        students: projected.quote.students,
        total: projected.quote.total,
        planTotal: projected.plan.total,
      }),
    );
  }
  return projected;
}

/** The answer: the sentence, and each new or restored registration at its final price (dollars). */
function answerOf({
  story,
  plan,
  created,
  warnings,
  projected,
}: {
  story: ChangeStory;
  plan: ChangePlan;
  created: { id: string; studentId: string; classId: string }[];
  warnings: string[];
  projected: { quote: { students: { id: string; classes: { classId: string; Pr_f: number }[] }[] } } | null;
}): RegistrationResult {
  const finalPrice = new Map(
    (projected?.quote.students ?? []).flatMap((s) =>
      s.classes.map((c) => [`${s.id}:${c.classId}`, c.Pr_f] as const),
    ),
  );
  return {
    msg: story.msg,
    regList: [
      ...created.map((c) => ({ id: c.id, studentId: c.studentId, classId: c.classId, isNew: true })),
      ...plan.restores.map((r) => ({ id: r.id, studentId: r.studentId, classId: r.classId, isNew: false })),
    ].map((r) => ({
      stdID: r.studentId,
      clSchID: r.classId,
      isNew: r.isNew,
      clRegID: r.id,
      price: (finalPrice.get(`${r.studentId}:${r.classId}`) ?? 0) / 100,
      dateStart: plan.startOn,
      status: story.status,
    })),
    warnings,
  };
}

/**
 * A family's first registration of a term needs the studio's terms accepted, each in the version in
 * force (the version read is recorded; an older one answers 409 and the parent reads again).
 */
async function acceptTerms(
  tx: Db,
  actor: Actor,
  familyId: string,
  accepted: { coTermID: string; accepted: boolean; version?: number }[],
) {
  const docs = await listTermsInForce(tx, actor.companyId);
  for (const doc of docs) {
    const done = await lastAcceptedVersion(tx, actor.companyId, familyId, doc.id);
    if (done === doc.version) continue;
    const given = accepted.find((t) => t.coTermID === doc.id && t.accepted);
    if (!given) throw new AppError('unprocessable', text.termsRequired(doc.title));
    if (given.version !== undefined && given.version !== doc.version) {
      throw new AppError('conflict', text.termsChanged, 'terms_changed');
    }
    await insertAcceptance(tx, {
      companyId: actor.companyId,
      familyId,
      documentId: doc.id,
      version: doc.version,
      userId: actor.userId,
    });
    await logFamily(tx, {
      actor,
      familyId,
      action: FAMILY_LOG_ACTIONS.termsAccepted,
      detail: { documentId: doc.id, title: doc.title, version: doc.version },
    });
  }
}
