import {
  type Actor,
  APPROVAL,
  centsText,
  compareDates,
  eligibilityDate,
  FAMILY_LOG_ACTIONS,
  formatDateOnly,
  I_STATUS,
  type RegistrationResult,
  selectionEligibility,
  classRegistrationMessages as text,
  todayInZone,
} from '@pirouette/domain';
import { preparedBatch } from '../../db/batch';
import type { Db } from '../../db/client';
import { AppError } from '../../http/errors';
import { findCurrentYearTerm } from '../../kernel/current-term';
import { logFamily } from '../../kernel/family-log';
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
  lockClasses,
  markDropped,
  markRestored,
  setApproval,
} from './enrolment.queries';
import { queueOffers } from './freed-places';
import { loadPricingRules, registrationLabel } from './pricing';
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

const key = (studentId: string, classId: string) => `${studentId}:${classId}`;

/** The window an owner's effective date must fall in: the current month of the term. */
function ownerWindow(today: string, term: { dateStart: string; dateEnd: string }) {
  const monthStart = `${today.slice(0, 8)}01`;
  const from = compareDates(monthStart, term.dateStart) < 0 ? term.dateStart : monthStart;
  return { from, to: term.dateEnd };
}

/**
 * Every change to a family's classes goes through here (decision 026): the parent's and the owner's
 * wizards, a drop, a restore. One transaction: the family's row and the classes' rows are locked,
 * places are counted under the lock, the client's figures are compared with the server's own, the
 * registrations are written, the plan is revised from the effective date, the terms accepted and the
 * family's log told. A refusal writes nothing.
 */
export async function applyChanges(args: ApplyArgs): Promise<RegistrationResult> {
  const { db, actor, familyId, side, changes } = args;
  const { companyId } = actor;
  return db.transaction(async (tx) => {
    const term = await findCurrentYearTerm(tx, companyId);
    if (!term) throw new AppError('unprocessable', text.noTerm);
    const rules = await loadPricingRules(tx, companyId, term.id);
    const today = todayInZone(rules.timeZone, args.clock.now());
    let effectiveDate = today;
    if (side === 'owner' && args.effectiveDate) {
      const { from, to } = ownerWindow(today, term);
      if (compareDates(args.effectiveDate, from) < 0 || compareDates(args.effectiveDate, to) > 0) {
        const say = changes.drop.length > 0 ? text.dropDateOutside : text.startDateOutside;
        throw new AppError('unprocessable', say(formatDateOnly(from), formatDateOnly(to)));
      }
      effectiveDate = args.effectiveDate;
    }
    if (args.client?.regDate && args.client.regDate !== today)
      throw new AppError('conflict', text.dateChanged);

    await findFamily(tx, companyId, familyId, { lock: true });
    // Under the family's lock, in one round trip: its dancers, registrations and plan for the term.
    const family = await familyRead(tx, { companyId, familyId, yearTermId: term.id });
    const { students, registrations } = family;
    const studentIds = new Set(students.map((s) => s.id));
    const regById = new Map(registrations.map((r) => [r.id, r]));
    const regByPair = new Map(registrations.map((r) => [key(r.studentId, r.classId), r]));

    // What each change means for the rows: new rows, rows taken back, rows dropped.
    const inserts: { studentId: string; classId: string }[] = [];
    const restores = new Set<string>();
    for (const add of changes.add) {
      if (!studentIds.has(add.studentId)) throw new AppError('not_found', text.studentNotFound);
      const existing = regByPair.get(key(add.studentId, add.classId));
      if (existing?.counts) {
        const who = students.find((s) => s.id === add.studentId)?.firstName ?? 'This dancer';
        throw new AppError('conflict', text.alreadyRegistered(who, existing.className));
      }
      if (existing) restores.add(existing.id);
      else inserts.push(add);
    }
    for (const id of changes.restore) {
      const r = regById.get(id);
      if (!r) throw new AppError('not_found', text.notRegistered);
      if (r.counts) throw new AppError('conflict', text.notDropped);
      restores.add(id);
    }
    const drops = changes.drop.map((id) => {
      const r = regById.get(id);
      if (!r) throw new AppError('not_found', text.notRegistered);
      if (!r.counts) throw new AppError('conflict', text.alreadyDropped);
      return r;
    });
    if (inserts.length + restores.size + drops.length === 0)
      throw new AppError('unprocessable', text.noChanges);

    // A drop takes effect no earlier than its registration's start: nothing before it was charged, so
    // the plan's difference from an earlier date would give back money never paid (a total below 0).
    // A date before the term's start prices as the start itself, so only a later start matters.
    const from = compareDates(effectiveDate, term.dateStart) < 0 ? term.dateStart : effectiveDate;
    // The same holds for a class taken back: charging it from before its own start would bill weeks
    // the dancer was never registered for.
    const restored = [...restores].map((id) => regById.get(id)!);
    const lateStart = [...drops, ...restored]
      .map((d) => d.dateI)
      .filter((d) => compareDates(d, from) > 0)
      .sort(compareDates)
      .at(-1);
    if (lateStart) {
      // One change alone moves to its start; the owner's own date, or a change of several, is refused.
      const alone = drops.length + restores.size === 1 && inserts.length === 0;
      if (!alone || (side === 'owner' && args.effectiveDate)) {
        const say = drops.length > 0 ? text.dropDateOutside : text.startDateOutside;
        throw new AppError('unprocessable', say(formatDateOnly(lateStart), formatDateOnly(term.dateEnd)));
      }
      effectiveDate = lateStart;
    }

    // Places: the classes gaining a dancer are locked in id order and counted under the lock.
    const gaining = new Map<string, number>();
    for (const i of inserts) gaining.set(i.classId, (gaining.get(i.classId) ?? 0) + 1);
    for (const id of restores) {
      const r = regById.get(id)!;
      gaining.set(r.classId, (gaining.get(r.classId) ?? 0) + 1);
    }
    const locked = await lockClasses(tx, companyId, term.id, [...gaining.keys()]);
    const lockedById = new Map(locked.map((c) => [c.id, c]));
    for (const [classId, n] of gaining) {
      const cls = lockedById.get(classId);
      if (!cls) throw new AppError('not_found', text.classNotFound);
      if (!cls.isOpen && side === 'parent') throw new AppError('unprocessable', text.classClosed(cls.name));
      if (cls.taken + n > cls.nMax) throw new AppError('conflict', text.classFull(cls.name));
    }

    // Who may take each class: the parent is refused, the owner warned (and may go on, logged). A
    // change that only drops has no one joining, and reads no classes.
    const joining = [
      ...inserts,
      ...[...restores].map((id) => ({
        studentId: regById.get(id)!.studentId,
        classId: regById.get(id)!.classId,
      })),
    ];
    const dropped = new Set(drops.map((d) => d.id));
    const builderClasses = joining.length > 0 ? await loadBuilderClasses(tx, companyId, term.id) : [];
    const checks = selectionEligibility({
      students,
      classes: builderClasses,
      selection: joining,
      registered: registrations
        .filter((r) => r.counts && !dropped.has(r.id))
        .map((r) => ({ studentId: r.studentId, classId: r.classId })),
      onDate: eligibilityDate(term.dateStart, effectiveDate),
    });
    const warnings = checks.flatMap((c) => c.reasons);
    if (warnings.length > 0 && (side === 'parent' || !args.override)) {
      throw new AppError('unprocessable', warnings.join(' '));
    }

    // The plan: chosen with the family's first registration of the term, kept after.
    let familyTerm = family.familyTerm[0] ?? null;
    if (familyTerm && args.planId && args.planId !== familyTerm.planId) {
      const name = rules.paySys.find((p) => p.id === familyTerm!.planId)?.name ?? 'chosen';
      throw new AppError('unprocessable', text.planFixed(name));
    }
    if (!familyTerm && (inserts.length > 0 || restores.size > 0)) {
      if (!args.planId) throw new AppError('unprocessable', text.planRequired);
      if (!rules.paySys.some((p) => p.id === args.planId)) throw new AppError('not_found', text.planNotFound);
      if (side === 'parent') await acceptTerms(tx, actor, familyId, args.terms ?? []);
      familyTerm = await insertFamilyTerm(tx, {
        companyId,
        familyId,
        yearTermId: term.id,
        planId: args.planId,
        chosenBy: actor.userId,
      });
    }

    // The writes.
    const waits = side === 'parent' && rules.settings.registration.approval;
    const status = waits ? APPROVAL.pending : APPROVAL.approved;
    const startOn = compareDates(effectiveDate, term.dateStart) < 0 ? term.dateStart : effectiveDate;
    const created: { id: string; studentId: string; classId: string }[] = [];
    for (const add of inserts) {
      const cls = lockedById.get(add.classId)!;
      const { id } = await insertClassRegistration(tx, {
        companyId,
        classId: add.classId,
        studentId: add.studentId,
        pr0: cls.price,
        iStatus: I_STATUS.registered,
        status,
        dateI: startOn,
        dateF: term.dateEnd,
        createdBy: actor.userId,
      });
      created.push({ id, ...add });
    }
    for (const id of restores) {
      await markRestored(tx, companyId, id, term.dateEnd);
      await setApproval(tx, companyId, [id], status);
    }
    for (const d of drops) await markDropped(tx, companyId, d.id, effectiveDate);
    // A dropped place goes to the class's waitlist, by a job that runs after this commit.
    for (const d of drops)
      await queueOffers(tx, companyId, [d.classId], `drop:${d.id}:${effectiveDate}`, args.clock.now());

    // The figures: what the family's classes cost now, pending ones included, against what was shown.
    const projected = await reviseFamily(tx, {
      which: 'counting',
      dryRun: true,
      companyId,
      familyId,
      yearTermId: term.id,
      effectiveDate,
      reason: '',
      actor,
      rules,
      planId: familyTerm?.planId,
    }).catch((error) => {
      // A family dropping its last class before any plan: nothing to price.
      if (!familyTerm) return null;
      throw error;
    });
    if (args.client && projected) {
      const pricesMoved = projected.quote.students.some((s) =>
        s.classes.some((c) => {
          const sent = args.client!.prices.get(key(s.id, c.classId));
          return sent !== undefined && sent !== c.Pr_f;
        }),
      );
      if (pricesMoved) {
        const was = [...args.client.prices.values()].reduce((a, b) => a + b, 0);
        throw new AppError('conflict', text.pricesChanged(centsText(was), centsText(projected.quote.total)));
      }
      // Same prices, another plan total: "prices have changed … now $X (it was $X)" would tell nothing.
      if (args.client.planTotal !== undefined && args.client.planTotal !== projected.plan.total) {
        throw new AppError('conflict', text.planChanged);
      }
    }

    const className = new Map([
      ...registrations.map((r) => [r.classId, r.className] as const),
      ...builderClasses.map((c) => [c.id, c.name] as const),
    ]);
    const names = (list: { studentId: string; classId: string }[]) =>
      list
        .map((x) => {
          const st = students.find((s) => s.id === x.studentId);
          return registrationLabel(className.get(x.classId) ?? 'a class', st?.firstName ?? '');
        })
        .join(', ');
    if (joining.length > 0) {
      await logFamily(tx, {
        actor,
        familyId,
        action:
          changes.restore.length > 0 && inserts.length === 0
            ? FAMILY_LOG_ACTIONS.classRestored
            : FAMILY_LOG_ACTIONS.classesRegistered,
        detail: {
          classes: names(joining),
          from: formatDateOnly(startOn),
          pending: waits,
          ...(warnings.length > 0 ? { warnings: warnings.join(' ') } : {}),
        },
      });
    }
    if (drops.length > 0) {
      await logFamily(tx, {
        actor,
        familyId,
        action: FAMILY_LOG_ACTIONS.classDropped,
        detail: { classes: names(drops), from: formatDateOnly(effectiveDate) },
      });
    }

    const reason = [
      joining.length > 0 ? `${names(joining)} ${waits ? 'requested' : 'registered'}` : '',
      drops.length > 0 ? `${names(drops)} dropped` : '',
    ]
      .filter(Boolean)
      .join('; ');
    const posted: string[] = [];
    let revision: number | null = null;
    if (familyTerm) {
      ({ revision } = await reviseFamily(tx, {
        companyId,
        familyId,
        yearTermId: term.id,
        effectiveDate,
        writtenOn: today,
        reason,
        actor,
        rules,
        // The dry run's reads: only the family's log was written since.
        reads: projected?.reads,
      }));
      await billAfterRevision(tx, { companyId, familyId, today, actor, rules, posted });
    }
    if (joining.length > 0 && args.appUrl !== undefined) {
      const first = created[0]?.id ?? [...restores][0];
      await confirmRegistration(tx, {
        companyId,
        familyId,
        key: `registration:${first}:${revision ?? (waits ? 'pending' : today)}`,
        by: side,
        pending: waits,
        classes: names(joining),
        posted,
        appUrl: args.appUrl,
      });
    }

    const finalPrice = new Map(
      (projected?.quote.students ?? []).flatMap((s) =>
        s.classes.map((c) => [key(s.id, c.classId), c.Pr_f] as const),
      ),
    );
    const restoredRows = [...restores].map((id) => regById.get(id)!);
    return {
      msg: waits
        ? text.awaitingApproval
        : warnings.length > 0
          ? text.registeredWithWarnings
          : text.registered,
      regList: [
        ...created.map((c) => ({ id: c.id, studentId: c.studentId, classId: c.classId, isNew: true })),
        ...restoredRows.map((r) => ({ id: r.id, studentId: r.studentId, classId: r.classId, isNew: false })),
      ].map((r) => ({
        stdID: r.studentId,
        clSchID: r.classId,
        isNew: r.isNew,
        clRegID: r.id,
        price: (finalPrice.get(key(r.studentId, r.classId)) ?? 0) / 100,
        dateStart: startOn,
        status,
      })),
      warnings,
    };
  });
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
      throw new AppError('conflict', text.termsChanged);
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
