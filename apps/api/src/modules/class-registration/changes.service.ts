import {
  type Actor,
  type ChangePlan,
  type ChangeStory,
  checkFigures,
  checkPlaces,
  choosePlan,
  eligibilityWarnings,
  FAMILY_LOG_ACTIONS,
  messages,
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
import { termsAcceptances } from '../../db/schema/families';
import { AppError } from '../../http/errors';
import { familyLogEntries } from '../../kernel/family-log';
import type { Clock } from '../../lib/clock';
import { termsToAcceptRead } from '../accounts';
import {
  addressOf,
  type Book,
  billingDayJob,
  billingReads,
  billKept,
  bookOfBillingRead,
  familyAddressRead,
} from '../ledger';
import { loadChangeClasses } from './builder-classes';
import { ChangeWrites } from './change-writes';
import { billingReadAfter, keepRegistrations } from './changed-rows';
import {
  classesLockRead,
  familyLock,
  familyOfRegistrationLock,
  type familyTermRead,
  insertFamilyTerm,
  reviseReads,
} from './enrolment.queries';
import { offerJobs } from './freed-places';
import { type PricingRules, termAndRulesOf, termAndRulesReads } from './pricing';
import { confirmRegistration } from './registration-mail';
import { type ReviseReads, reviseFamily } from './revise';

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

/**
 * Under the family's lock, in one round trip (decision 084): what the change and the revision start from
 * (the family's dancers, registrations, plan and latest revision), what billing reads (the book, the
 * fees, the due items, the closed day, the keys posted), where the family's mail goes, and the lock of
 * the classes the change may give a place in (`adding`: the classes asked, `restoring`: the
 * registrations asked back, each a JSON list). The family's rows cannot change while its lock is held,
 * so no read here depends on what the classes' lock may wait for.
 */
const familyRead = preparedBatch(['companyId', 'familyId', 'yearTermId', 'adding', 'restoring'], (db, p) => ({
  ...reviseReads(db, p.companyId, p.familyId, p.yearTermId),
  ...billingReads(db, p.companyId, p.familyId),
  // The classes the change may give a place in, locked in id order (counted by the next statement).
  lockedClasses: classesLockRead(db, p.companyId, p.adding, p.restoring),
  // Where the family's mail goes (a registration's confirmation).
  address: familyAddressRead(db, p.companyId, p.familyId),
  // The studio's terms in force and the versions the family accepted (a parent's first registration).
  terms: termsToAcceptRead(db, p.companyId, p.familyId),
}));
type FamilyRead = Awaited<ReturnType<typeof familyRead>>;

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
export async function applyChanges(
  given: Omit<ApplyArgs, 'familyId'> & ApplyTo,
): Promise<RegistrationResult> {
  const { db, actor, side, changes } = given;
  const { companyId } = actor;
  return db.transaction(async (tx) => {
    // The family's lock, with the term and its pricing rules (studio-wide: nothing the lock guards) in
    // the same round trip (decision 099). The family's own reads follow, under the lock.
    const { term, rules, familyOf } = await lockWithRules(tx, companyId, given);
    if (!term) throw new AppError('unprocessable', text.noTerm);
    const today = todayInZone(rules.timeZone, given.clock.now());
    const asked = orRefuse(
      requestedDate({
        side,
        today,
        term,
        ownerDate: given.effectiveDate,
        dropping: changes.drop.length > 0,
        clientRegDate: given.client?.regDate,
      }),
    );

    if (!familyOf) throw familyNotFound(given);
    const familyId = familyOf;
    const args: ApplyArgs = { ...given, familyId };
    const family = await familyRead(tx, {
      companyId,
      familyId,
      yearTermId: term.id,
      adding: JSON.stringify(changes.add.map((a) => a.classId)),
      restoring: JSON.stringify(changes.restore),
    });
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

    // Places: the classes gaining a dancer, locked with the family's reads, are counted under the lock. A
    // change that only drops reads no classes; one that joins reads the classes joined and the family's
    // own (the eligibility checks' overlaps and levels), never the whole term's; both in one round trip.
    const gaining = [...plan.gaining.keys()];
    const concerned = [...new Set([...plan.joining, ...registrations].map((r) => r.classId))];
    const { locked, builderClasses } =
      plan.joining.length > 0 || gaining.length > 0
        ? await loadChangeClasses(tx, companyId, term.id, {
            gaining,
            concerned: plan.joining.length > 0 ? concerned : [],
          })
        : { locked: [], builderClasses: [] };
    orRefuse(checkPlaces(side, plan.gaining, locked));
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

    // The change's rows are kept and sent in one statement at its end (decision 084).
    const writes = new ChangeWrites(companyId);
    const familyTerm = await keepPlan(tx, args, {
      term,
      rules,
      familyTerm: family.familyTerm[0] ?? null,
      plan,
      terms: family.terms,
      writes,
    });
    const { created, after } = keepRegistrations(writes, {
      registrations,
      plan,
      locked,
      status: story.status,
      termEnd: term.dateEnd,
      createdBy: actor.userId,
      now: args.clock.now(),
    });
    // A dropped place goes to the class's waitlist, by a job that runs after this commit.
    for (const d of plan.drops) {
      writes.jobs.push(
        ...offerJobs(companyId, [d.classId], `drop:${d.id}:${plan.effectiveDate}`, args.clock.now()),
      );
    }
    // What the revision starts from: the family as the change leaves it.
    const reads = { ...family, registrations: after, familyTerm: familyTerm ? [familyTerm] : [] };
    const projected = await projectFigures(tx, { args, term, rules, plan, familyTerm, reads });
    writes.logs.push(
      ...familyLogEntries(
        actor,
        story.logs.map((entry) => ({ familyId, ...entry })),
      ),
    );

    const posted: string[] = [];
    const { revision, book } = familyTerm
      ? await reviseAndBill(tx, { args, term, rules, today, plan, story, family, reads, writes, posted })
      : { revision: null, book: bookOfBillingRead(family) };
    if (plan.joining.length > 0 && args.appUrl !== undefined) {
      const first = created[0]?.id ?? plan.restores[0]?.id;
      writes.others.push(
        ...confirmRegistration(tx, {
          companyId,
          familyId,
          key: `registration:${first}:${revision ?? (story.waits ? 'pending' : today)}`,
          by: side,
          pending: story.waits,
          classes: story.joined,
          posted,
          appUrl: args.appUrl,
          book,
          settings: rules.settings,
          address: family.address[0] ? addressOf(family.address[0]) : null,
        }),
      );
    }
    await writes.flush(tx);
    return answerOf({ story, plan, created, warnings, projected });
  });
}

/**
 * The revision of the family's plan from the change's effective date, and what it makes due by today
 * posted (the registration fee, a payment or adjustment due already), both kept in `writes`: billing
 * works from its reads made under the lock and the revision kept, not from a read of it (decision 084).
 * The studio's billing days are made sure to run (issue 16, decision 027). Answers the revision's
 * number (null when nothing in the plan changed) and the family's book as billing leaves it.
 */
async function reviseAndBill(
  tx: Db,
  at: {
    args: ApplyArgs;
    term: Term & { name: string };
    rules: PricingRules;
    today: string;
    plan: ChangePlan;
    story: ChangeStory;
    family: FamilyRead;
    reads: ReviseReads;
    writes: ChangeWrites;
    posted: string[];
  },
): Promise<{ revision: number | null; book: Book }> {
  const { args, rules, writes } = at;
  const { companyId } = args.actor;
  const { revision, planName } = await reviseFamily(tx, {
    companyId,
    familyId: args.familyId,
    yearTermId: at.term.id,
    effectiveDate: at.plan.effectiveDate,
    writtenOn: at.today,
    reason: at.story.reason,
    actor: args.actor,
    rules,
    reads: at.reads,
    writes,
  });
  const read = billingReadAfter(at.family, writes, { termName: at.term.name, planName });
  const billed = await billKept(
    { tx, companyId, familyId: args.familyId, today: at.today, by: { userId: args.actor.userId } },
    read,
    { settings: rules.settings, posted: at.posted },
  );
  writes.others.push(...billed.writes);
  writes.jobs.push(billingDayJob(companyId, at.today, rules.timeZone));
  return { revision, book: billed.book };
}

/**
 * Whose classes change: a family, or the family of one of the studio's registrations (the owner's drop
 * or restore of one), found by the statement that locks it (decision 084).
 */
export type ApplyTo =
  | { familyId: string; registrationId?: undefined }
  | { registrationId: string; familyId?: undefined };

/**
 * Locks the family whose classes change, and reads the studio's current term and pricing rules in the
 * same statement: the lock is the only read of it that waits, and none of the others depends on it (the
 * rules were read before the lock when they were a round trip of their own). `familyOf` is the family's id,
 * null for another studio's family or registration.
 */
async function lockWithRules(tx: Db, companyId: string, to: ApplyTo) {
  const { locked, ...read } =
    to.familyId !== undefined
      ? await lockByFamily(tx, { companyId, familyId: to.familyId })
      : await lockByRegistration(tx, { companyId, registrationId: to.registrationId });
  return Object.assign(termAndRulesOf(read), { familyOf: locked[0]?.id ?? null });
}
const lockByFamily = preparedBatch(['companyId', 'familyId'], (db, p) => ({
  locked: familyLock(db, p.companyId, p.familyId),
  ...termAndRulesReads(db, p.companyId),
}));
const lockByRegistration = preparedBatch(['companyId', 'registrationId'], (db, p) => ({
  locked: familyOfRegistrationLock(db, p.companyId, p.registrationId),
  ...termAndRulesReads(db, p.companyId),
}));

const familyNotFound = (to: ApplyTo) =>
  new AppError('not_found', to.familyId !== undefined ? messages.accountNotFound : text.notRegistered);

type Term = { id: string; dateStart: string; dateEnd: string };
type FamilyTermRow = Awaited<ReturnType<typeof familyTermRead>>[number];

/**
 * The family's plan for the term: its own, or the one chosen with its first registration of the term
 * (a parent accepts the studio's terms with it).
 */
async function keepPlan(
  tx: Db,
  args: ApplyArgs,
  at: {
    term: Term;
    rules: PricingRules;
    familyTerm: FamilyTermRow | null;
    plan: ChangePlan;
    terms: FamilyRead['terms'];
    writes: ChangeWrites;
  },
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
  if (args.side === 'parent')
    acceptTerms(tx, at.writes, { actor, familyId, docs: at.terms }, args.terms ?? []);
  return insertFamilyTerm(tx, {
    companyId: actor.companyId,
    familyId,
    yearTermId: at.term.id,
    planId: choose,
    chosenBy: actor.userId,
  });
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
    reads: ReviseReads;
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
    reads: at.reads,
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
function acceptTerms(
  tx: Db,
  writes: ChangeWrites,
  family: { actor: Actor; familyId: string; docs: FamilyRead['terms'] },
  accepted: { coTermID: string; accepted: boolean; version?: number }[],
): void {
  const { actor, familyId } = family;
  const due = family.docs.filter((doc) => doc.lastAccepted !== doc.version);
  for (const doc of due) {
    const given = accepted.find((t) => t.coTermID === doc.id && t.accepted);
    if (!given) throw new AppError('unprocessable', text.termsRequired(doc.title));
    if (given.version !== undefined && given.version !== doc.version) {
      throw new AppError('conflict', text.termsChanged, 'terms_changed');
    }
  }
  if (due.length === 0) return;
  const { companyId } = actor;
  writes.others.push(
    tx.insert(termsAcceptances).values(
      due.map((doc) => ({
        companyId,
        familyId,
        documentId: doc.id,
        version: doc.version,
        userId: actor.userId,
        accepted: true,
      })),
    ),
  );
  writes.logs.push(
    ...familyLogEntries(
      actor,
      due.map((doc) => ({
        familyId,
        action: FAMILY_LOG_ACTIONS.termsAccepted,
        detail: { documentId: doc.id, title: doc.title, version: doc.version },
      })),
    ),
  );
}
