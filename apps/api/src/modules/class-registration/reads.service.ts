import {
  type Actor,
  can,
  centsToDollars,
  type DiscountPlans,
  type FamilyTuition,
  type RegisteredClass,
  type RegistrationBuilder,
  registrationSpecFields,
  classRegistrationMessages as text,
  todayInZone,
  tuitionSplit,
  unlimitedCapOf,
} from '@pirouette/domain';
import { preparedBatch } from '../../db/batch';
import type { Db } from '../../db/client';
import { AppError, forbidden } from '../../http/errors';
import { findCurrentYearTerm } from '../../kernel/current-term';
import { findFamily } from '../../kernel/family-scope';
import type { Clock } from '../../lib/clock';
import { termsToShowRead } from '../accounts';
import { dueItemStandingRead, standingOf } from '../ledger';
import { personName, presentScheduleRoom } from '../schedule';
import { currentTermWeek, studioLocations, studioRooms, weekClasses } from './builder.queries';
import { presentBuilderClass } from './builder-classes';
import {
  countPending,
  type FamilyRegistrationRow,
  familyLatestRevisionRead,
  familyRegistrations,
  familyStudents,
  familyTermId,
  familyTermRead,
  feeRead,
  findFamilyTerm,
  latestRevisionId,
  listPending,
  type PlanPaymentRow,
  revisionPayments,
  revisionPrices,
  revisionsOf,
} from './enrolment.queries';
import { familyPaySys, presentStoredPayments, type StoredRevision } from './plan-figures';
import { planPaymentOf, pricingReads, pricingRulesOf, registrationLabel } from './pricing';

type Ctx = { db: Db; actor: Actor; clock: Clock };

/** A family of the owner's studio (404 for another studio's, as for an unknown id). */
export async function studioFamily(db: Db, actor: Actor, familyId: string): Promise<string> {
  if (!can(actor, 'studio:manage')) throw forbidden();
  await findFamily(db, actor.companyId, familyId);
  return familyId;
}

async function currentTerm(db: Db, companyId: string) {
  const term = await findCurrentYearTerm(db, companyId);
  if (!term) throw new AppError('unprocessable', text.noTerm);
  return term;
}

const dollars = (cents: number) => centsToDollars(cents);

export function presentRegisteredClass(r: FamilyRegistrationRow): RegisteredClass {
  // The spec's fields by name, not spread in the middle of the literal (decision 091).
  const spec = registrationSpecFields(r);
  return {
    clRegID: r.id,
    clSchID: r.classId,
    stdID: r.studentId,
    name: r.className,
    teacher: personName(r.teacherFirstName, r.teacherLastName),
    day: r.day,
    Ti: r.timeStart,
    Tf: r.timeEnd,
    Pr_0: dollars(r.pr0),
    Pr_i: dollars(r.prI),
    Pr_f: dollars(r.prF),
    nTh: r.nTh,
    dateStart: r.dateI,
    dateEnd: r.dateF,
    iStatus: r.iStatus,
    status: r.status,
    status_clsReg: spec.status_clsReg,
    status_clsRegAct: spec.status_clsRegAct,
    approved: spec.approved,
    isDropped: r.isDropped,
    droppedOn: r.droppedOn,
  };
}

/** What the builder's week is asked for: a location, or a class whose location it opens at ('' for none). */
export type WeekAsked = { locationId: string; classId: string };

/**
 * What the builder reads after the term, in one round trip: the week's classes and the family's own
 * classes elsewhere, the studio's locations and rooms to switch, and what the family and the studio
 * hold, its plan's latest revision included.
 */
const builderRead = preparedBatch(['companyId', 'familyId', 'yearTermId', 'locationId'], (db, p) => ({
  classes: weekClasses(db, p.companyId, p.familyId, p.yearTermId, p.locationId),
  locations: studioLocations(db, p.companyId),
  rooms: studioRooms(db, p.companyId),
  students: familyStudents(db, p.companyId, p.familyId),
  registrations: familyRegistrations(db, p.companyId, p.familyId, p.yearTermId),
  familyTerm: familyTermRead(db, p.companyId, p.familyId, p.yearTermId),
  revision: familyLatestRevisionRead(db, p.companyId, p.familyId, p.yearTermId),
  docs: termsToShowRead(db, p.companyId, p.familyId),
  ...pricingReads(db, p.companyId, p.yearTermId),
  ...planReads(db, p.companyId, p.familyId, p.yearTermId),
  standing: dueItemStandingRead(db, p.companyId, familyTermId(db, p.companyId, p.familyId, p.yearTermId)),
}));

/** The family's plan in the term, by subqueries: its fee, and its latest revision's prices and payments. */
const planReads = (db: Db, companyId: string, familyId: string, yearTermId: string) => ({
  fee: feeRead(db, companyId, familyTermId(db, companyId, familyId, yearTermId)),
  prices: revisionPrices(db, companyId, latestRevisionId(db, companyId, familyId, yearTermId)),
  payments: revisionPayments(db, companyId, latestRevisionId(db, companyId, familyId, yearTermId)),
});

/**
 * The schedule builder (GET parents/registration/ and the owner's …/registration/activity/{family}):
 * one location's week of the current term (decision 082: the location asked for, else the family's)
 * with places left, the family's own classes wherever they are, the locations and rooms to switch, the
 * family's dancers and registrations, the studio's discounts and plans, the rules the builder prices
 * with, the family's plan, and the terms to accept. Two round trips (the term and the week's location,
 * then the rest), whatever the studio's size.
 */
export async function getBuilder(
  { db, actor, clock }: Ctx,
  familyId: string,
  asked: WeekAsked = { locationId: '', classId: '' },
): Promise<RegistrationBuilder> {
  const { companyId } = actor;
  // The term and the week's location, then everything else in one batch.
  const [term] = await currentTermWeek(db, { companyId, familyId, ...asked });
  if (!term) throw new AppError('unprocessable', text.noTerm);
  const locID = term.locationId;
  const first = await builderRead(db, { companyId, familyId, yearTermId: term.id, locationId: locID ?? '' });
  const { students, registrations, docs } = first;
  const classes = first.classes.map(presentBuilderClass);
  const rules = pricingRulesOf(first);
  const familyTerm = first.familyTerm[0] ?? null;
  const revision = familyTerm ? (first.revision[0] ?? null) : null;
  const fee = first.fee[0] ?? null;
  const { prices, payments } = first;
  const firstNameOf = new Map(students.map((s) => [s.id, s.firstName]));
  const roomsHere = first.rooms.filter((r) => r.locationId === locID);
  const firstRoom = roomsHere.find((r) => classes.some((c) => c.roomID === r.id)) ?? roomsHere[0] ?? null;
  const today = todayInZone(rules.timeZone, clock.now());
  return {
    yrTrmID: term.id,
    term: { name: term.name, dateStart: term.dateStart, dateEnd: term.dateEnd },
    today,
    sched: {
      cls: classes,
      loc: first.locations,
      rm: first.rooms.map(presentScheduleRoom),
      locID,
      selIDs: { locID, rmID: firstRoom?.id ?? null },
    },
    acctInfo: {
      id: familyId,
      stds: students.map((s) => ({ id: s.id, firstName: s.firstName, lastName: s.lastName, dob: s.dob })),
      regCls: registrations.map(presentRegisteredClass),
    },
    disc: rules.discounts,
    paySys: familyPaySys({
      rules,
      students,
      registrations,
      stored: storedRevisionOf(familyTerm, revision, payments, first.standing),
      today,
    }),
    rules: {
      unlimited: unlimitedCapOf(rules.settings.unlimited),
      siblingIndex: rules.settings.siblingIndex,
      registrationFee: rules.settings.registrationFee,
      approval: rules.settings.registration.approval,
    },
    plan: familyTerm
      ? {
          planId: familyTerm.planId,
          name: rules.paySys.find((p) => p.id === familyTerm.planId)?.name ?? '',
          revision: revision?.revision ?? 0,
          classes: prices
            .filter((p) => p.iStatus > 0)
            .map((p) => ({
              key: p.registrationId,
              label: registrationLabel(
                registrations.find((r) => r.id === p.registrationId)?.className ?? '',
                firstNameOf.get(p.studentId) ?? '',
              ),
              day: p.day,
              price: p.prF,
            })),
          payments: payments.map(planPaymentOf),
        }
      : null,
    feePaid: fee !== null,
    terms: familyTerm
      ? []
      : docs
          .filter((d) => d.lastAccepted !== d.version)
          .map((d) => ({ coTermID: d.id, title: d.title, version: d.version, body: d.content })),
  };
}

/**
 * A family's tuition for the current term, explained (GET parents/tuition/schedule and the owner's
 * GET mystudio/paymentSystem/account/{family}): each dancer's classes with the working of their price
 * in the plan's latest revision, the plan's payments with theirs, the fee, and what waits for approval.
 */
/** What a family's tuition reads first, in one round trip. */
const tuitionRead = preparedBatch(['companyId', 'familyId', 'yearTermId'], (db, p) => ({
  students: familyStudents(db, p.companyId, p.familyId),
  registrations: familyRegistrations(db, p.companyId, p.familyId, p.yearTermId),
  familyTerm: familyTermRead(db, p.companyId, p.familyId, p.yearTermId),
  revision: familyLatestRevisionRead(db, p.companyId, p.familyId, p.yearTermId),
  ...pricingReads(db, p.companyId, p.yearTermId),
  ...planReads(db, p.companyId, p.familyId, p.yearTermId),
  standing: dueItemStandingRead(db, p.companyId, familyTermId(db, p.companyId, p.familyId, p.yearTermId)),
}));

export async function getFamilyTuition(
  { db, actor }: Omit<Ctx, 'clock'>,
  familyId: string,
): Promise<FamilyTuition> {
  const { companyId } = actor;
  const term = await findCurrentYearTerm(db, companyId);
  if (!term)
    return { yrTrmID: null, termName: '', monthly: 0, students: [], plan: null, fee: null, pending: [] };
  // One round trip after the term: what the family and the studio hold, its plan's latest revision included.
  const first = await tuitionRead(db, { companyId, familyId, yearTermId: term.id });
  const { students, registrations } = first;
  const familyTerm = first.familyTerm[0] ?? null;
  const revision = familyTerm ? (first.revision[0] ?? null) : null;
  const rules = pricingRulesOf(first);
  const { prices, payments } = first;
  const fee = first.fee[0] ?? null;
  const regById = new Map(registrations.map((r) => [r.id, r]));
  const inPlan = prices.filter((p) => p.iStatus > 0);
  const line = (l: { label: string; amount: number }) => ({ label: l.label, amount: dollars(l.amount) });
  const studentsOut = students
    .map((s) => {
      const classes = inPlan
        .filter((p) => p.studentId === s.id)
        .map((p) => {
          const r = regById.get(p.registrationId);
          return {
            clsRegID: p.registrationId,
            clSchID: p.classId,
            name: r?.className ?? '',
            day: p.day,
            timeStart: r?.timeStart ?? '',
            nTh: p.nTh,
            Pr_0: dollars(p.pr0),
            Pr_i: dollars(p.prI),
            Pr_f: dollars(p.prF),
            lines: p.lines.map(line),
            status: r?.status ?? 1,
          };
        })
        .sort((a, b) => a.day - b.day || a.timeStart.localeCompare(b.timeStart));
      const totalCents = inPlan.filter((p) => p.studentId === s.id).reduce((sum, p) => sum + p.prF, 0);
      const unlimited = inPlan.some(
        (p) => p.studentId === s.id && p.lines.some((l) => l.label.startsWith('Unlimited')),
      );
      return {
        id: s.id,
        name: `${s.firstName} ${s.lastName}`.trim(),
        total: dollars(totalCents),
        unlimited,
        classes,
      };
    })
    .filter((s) => s.classes.length > 0);
  const plan = familyTerm ? rules.paySys.find((p) => p.id === familyTerm.planId) : undefined;
  const firstName = new Map(students.map((s) => [s.id, s.firstName]));
  return {
    yrTrmID: term.id,
    termName: term.name,
    monthly: dollars(revision?.monthly ?? 0),
    students: studentsOut,
    plan:
      revision && plan
        ? {
            id: plan.id,
            name: plan.name,
            revision: revision.revision,
            effectiveDate: revision.effectiveDate,
            reason: revision.reason,
            total: dollars(payments.reduce((sum, p) => sum + p.val, 0)),
            payments: presentStoredPayments(
              rules.paySys,
              storedRevisionOf(familyTerm, revision, payments, first.standing)!,
              tuitionSplit(registrations),
            ),
          }
        : null,
    fee: fee ? { amount: dollars(fee.amount), participation: fee.participation, date: fee.chargedOn } : null,
    pending: registrations
      .filter((r) => r.counts && r.status === 0)
      .map((r) => ({
        clsRegID: r.id,
        name: r.className,
        student: firstName.get(r.studentId) ?? '',
        Pr_f: dollars(r.prF),
      })),
  };
}

/** GET parents/registration/activity: the family's registrations of the term and its plan's revisions. */
export async function getRegistrationActivity({ db, actor }: Omit<Ctx, 'clock'>, familyId: string) {
  const { companyId } = actor;
  const term = await currentTerm(db, companyId);
  const [students, registrations, familyTerm] = await Promise.all([
    familyStudents(db, companyId, familyId),
    familyRegistrations(db, companyId, familyId, term.id),
    findFamilyTerm(db, companyId, familyId, term.id),
  ]);
  const revisions = familyTerm ? await revisionsOf(db, companyId, familyTerm.id) : [];
  const name = new Map(students.map((s) => [s.id, `${s.firstName} ${s.lastName}`.trim()]));
  return {
    regCls: registrations.map((r) =>
      Object.assign(presentRegisteredClass(r), { student: name.get(r.studentId) ?? '' }),
    ),
    revisions: revisions.map((r) => ({
      revision: r.revision,
      effectiveDate: r.effectiveDate,
      reason: r.reason,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

/**
 * GET parents/tuition/discount/plans (001 §7): the studio's discounts and the term's plans, each with
 * what it asks of the family (total and payments, decision 043).
 */
export async function getDiscountPlans({ db, actor, clock }: Ctx, familyId: string): Promise<DiscountPlans> {
  const { companyId } = actor;
  const term = await currentTerm(db, companyId);
  const first = await tuitionRead(db, { companyId, familyId, yearTermId: term.id });
  const rules = pricingRulesOf(first);
  const familyTerm = first.familyTerm[0] ?? null;
  const revision = familyTerm ? (first.revision[0] ?? null) : null;
  const paySys = familyPaySys({
    rules,
    students: first.students,
    registrations: first.registrations,
    stored: storedRevisionOf(familyTerm, revision, first.payments, first.standing),
    today: todayInZone(rules.timeZone, clock.now()),
  });
  return { disc: rules.discounts, paySys };
}

/** The family's plan at its latest revision, as plan-figures.ts presents it (null before its first). */
function storedRevisionOf(
  familyTerm: { id: string; planId: string } | null,
  revision: { revision: number; monthly: number } | null,
  payments: PlanPaymentRow[],
  standing: Awaited<ReturnType<typeof dueItemStandingRead>>,
): StoredRevision | null {
  if (!familyTerm || !revision) return null;
  return {
    familyTermId: familyTerm.id,
    planId: familyTerm.planId,
    revision: revision.revision,
    monthly: revision.monthly,
    payments,
    standing: standingOf(standing),
  };
}

/** How many registrations wait for approval in the current term: the sidebar's count, without the list. */
export async function getPendingCount({ db, actor }: Omit<Ctx, 'clock'>) {
  if (!can(actor, 'studio:manage')) throw forbidden();
  return { count: await countPending(db, actor.companyId) };
}

/** The studio's registrations waiting for approval, oldest first. */
export async function getPendingRegistrations({ db, actor }: Omit<Ctx, 'clock'>) {
  if (!can(actor, 'studio:manage')) throw forbidden();
  const term = await findCurrentYearTerm(db, actor.companyId);
  if (!term) return [];
  const rows = await listPending(db, actor.companyId, term.id);
  return rows.map((r) => ({
    clsRegID: r.id,
    coAcctMemID: r.familyId,
    family: r.familyName,
    student: personName(r.firstName, r.lastName),
    clSchID: r.classId,
    className: r.className,
    day: r.day,
    timeStart: r.timeStart,
    Pr_f: dollars(r.prF),
    dateStart: r.dateI,
    createdAt: r.createdAt.toISOString(),
  }));
}
