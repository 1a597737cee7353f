import { compareDates, type DateOnly } from '../dates';
import { FAMILY_LOG_ACTIONS, type FamilyLogAction } from '../families/log';
import { formatDateOnly } from '../format';
import { centsText } from '../money';
import { type EligibilityClass, eligibilityDate, selectionEligibility } from './eligibility';
import { APPROVAL, classRegistrationMessages as text } from './schema';

/**
 * A change to a family's classes, planned (issue 33, decision 045): every decision of a submission of
 * the registration wizard, a drop or a restore (decision 026), as pure functions of the family's state
 * given as plain data. The API's `applyChanges` is the shell around them: it reads the state under the
 * family's lock, asks each step in turn, and writes what the plan says. The money of the change (what
 * is charged and credited) is the plan's revision, planned by `reviseFamilyPlan` from the prices these
 * registrations get.
 *
 * Each step answers a value or a refusal: its code, the status it answers with and the sentence shown.
 * A refusal means nothing is written.
 */

export type ChangeSide = 'parent' | 'owner';
export type DancerClass = { studentId: string; classId: string };

/** What a submission asks for: classes to add, registrations to drop or take back (by id). */
export type RequestedChanges = {
  add: readonly DancerClass[];
  drop: readonly string[];
  restore: readonly string[];
};

/** One of the family's registrations of the term. */
export type ChangeRegistration = DancerClass & {
  id: string;
  className: string;
  /** Not dropped, removed or rejected. */
  counts: boolean;
  /** Its first day. */
  dateI: DateOnly;
};

export type ChangeStudent = { id: string; firstName: string; dob: string };
export type TermDates = { dateStart: DateOnly; dateEnd: DateOnly };

/** Why a change is refused: decided on by code, never by its sentence. */
export type ChangeRefusalCode =
  | 'dateOutside'
  | 'dateChanged'
  | 'studentNotFound'
  | 'alreadyRegistered'
  | 'notRegistered'
  | 'notDropped'
  | 'alreadyDropped'
  | 'noChanges'
  | 'classNotFound'
  | 'classClosed'
  | 'classFull'
  | 'notEligible'
  | 'planFixed'
  | 'planRequired'
  | 'planNotFound'
  | 'pricesChanged'
  | 'planChanged';

export type ChangeRefusal = {
  code: ChangeRefusalCode;
  /** How the API answers it: 404, 409 or 422. */
  status: 'not_found' | 'conflict' | 'unprocessable';
  message: string;
};

export type Planned<T> = { ok: true; value: T } | { ok: false; refusal: ChangeRefusal };

const done = <T>(value: T): Planned<T> => ({ ok: true, value });
const refuse = (code: ChangeRefusalCode, status: ChangeRefusal['status'], message: string) =>
  ({ ok: false, refusal: { code, status, message } }) as const;

/** "Jazz 1 (Emma)": a registration as the family's log, its e-mails and its plan name it. */
export const registrationLabel = (className: string, studentFirstName: string) =>
  studentFirstName ? `${className} (${studentFirstName})` : className;

const later = (a: DateOnly, b: DateOnly) => (compareDates(a, b) < 0 ? b : a);
const pairKey = (studentId: string, classId: string) => `${studentId}:${classId}`;

/** The window an owner's effective date must fall in: the current month of the term. */
export function ownerWindow(today: DateOnly, term: TermDates) {
  const monthStart = `${today.slice(0, 8)}01`;
  return { from: later(monthStart, term.dateStart), to: term.dateEnd };
}

/**
 * The date the change takes effect, before the family is read: today, or the owner's own date within
 * the current month of the term. A client whose registration date is not today (a new day began while
 * the wizard was open) confirms again.
 */
export function requestedDate(input: {
  side: ChangeSide;
  today: DateOnly;
  term: TermDates;
  /** The owner's effective date, when given (a parent's is ignored). */
  ownerDate?: DateOnly;
  /** The change drops a class (the refusal speaks of a drop date). */
  dropping: boolean;
  /** The registration date the client's figures were made on. */
  clientRegDate?: string;
}): Planned<DateOnly> {
  let date = input.today;
  if (input.side === 'owner' && input.ownerDate) {
    const { from, to } = ownerWindow(input.today, input.term);
    if (compareDates(input.ownerDate, from) < 0 || compareDates(input.ownerDate, to) > 0) {
      const say = input.dropping ? text.dropDateOutside : text.startDateOutside;
      return refuse('dateOutside', 'unprocessable', say(formatDateOnly(from), formatDateOnly(to)));
    }
    date = input.ownerDate;
  }
  if (input.clientRegDate && input.clientRegDate !== input.today) {
    return refuse('dateChanged', 'conflict', text.dateChanged);
  }
  return done(date);
}

/** The rows a change writes, and from when. */
export type ChangePlan = {
  /** New registrations. */
  inserts: DancerClass[];
  /** Registrations taken back (an add of a dropped class, or a restore), each once. */
  restores: ChangeRegistration[];
  drops: ChangeRegistration[];
  /** When the plan's revision and the drops take effect. */
  effectiveDate: DateOnly;
  /** The first day of the new and restored registrations: the effective date, or the term's start. */
  startOn: DateOnly;
  /** Every dancer joining a class: the inserts, then the restores. */
  joining: DancerClass[];
  /** The classes gaining dancers, and how many each, in the order first named. */
  gaining: Map<string, number>;
};

type RowsInput = {
  students: readonly ChangeStudent[];
  registrations: readonly ChangeRegistration[];
  changes: RequestedChanges;
};

/** What each asked change means for the rows: new rows, rows taken back, rows dropped. */
function rowsOf({ students, registrations, changes }: RowsInput): Planned<{
  inserts: DancerClass[];
  restores: ChangeRegistration[];
  drops: ChangeRegistration[];
}> {
  const studentIds = new Set(students.map((s) => s.id));
  const regById = new Map(registrations.map((r) => [r.id, r]));
  const regByPair = new Map(registrations.map((r) => [pairKey(r.studentId, r.classId), r]));
  const inserts: DancerClass[] = [];
  const restores = new Map<string, ChangeRegistration>();
  for (const add of changes.add) {
    if (!studentIds.has(add.studentId)) return refuse('studentNotFound', 'not_found', text.studentNotFound);
    const existing = regByPair.get(pairKey(add.studentId, add.classId));
    if (existing?.counts) {
      const who = students.find((s) => s.id === add.studentId)?.firstName ?? 'This dancer';
      return refuse('alreadyRegistered', 'conflict', text.alreadyRegistered(who, existing.className));
    }
    if (existing) restores.set(existing.id, existing);
    else inserts.push(add);
  }
  for (const id of changes.restore) {
    const r = regById.get(id);
    if (!r) return refuse('notRegistered', 'not_found', text.notRegistered);
    if (r.counts) return refuse('notDropped', 'conflict', text.notDropped);
    restores.set(id, r);
  }
  const drops: ChangeRegistration[] = [];
  for (const id of changes.drop) {
    const r = regById.get(id);
    if (!r) return refuse('notRegistered', 'not_found', text.notRegistered);
    if (!r.counts) return refuse('alreadyDropped', 'conflict', text.alreadyDropped);
    drops.push(r);
  }
  if (inserts.length + restores.size + drops.length === 0) {
    return refuse('noChanges', 'unprocessable', text.noChanges);
  }
  return done({ inserts, restores: [...restores.values()], drops });
}

/**
 * The change planned on the family's registrations of the term: which rows are new, taken back or
 * dropped, and from when. A drop or a class taken back takes effect no earlier than its registration's
 * start (nothing before it was charged); one such change alone moves to that start, the owner's own
 * date or a change of several is refused.
 */
export function planChanges(
  input: RowsInput & {
    side: ChangeSide;
    term: TermDates;
    /** From requestedDate. */
    effectiveDate: DateOnly;
    /** The owner gave the date. */
    ownerDate: boolean;
  },
): Planned<ChangePlan> {
  const rows = rowsOf(input);
  if (!rows.ok) return rows;
  const { inserts, restores, drops } = rows.value;
  const { term } = input;
  let effectiveDate = input.effectiveDate;

  // A date before the term's start prices as the start itself, so only a later start matters.
  const from = later(effectiveDate, term.dateStart);
  const lateStart = [...drops, ...restores]
    .map((d) => d.dateI)
    .filter((d) => compareDates(d, from) > 0)
    .sort(compareDates)
    .at(-1);
  if (lateStart) {
    const alone = drops.length + restores.length === 1 && inserts.length === 0;
    if (!alone || (input.side === 'owner' && input.ownerDate)) {
      const say = drops.length > 0 ? text.dropDateOutside : text.startDateOutside;
      return refuse(
        'dateOutside',
        'unprocessable',
        say(formatDateOnly(lateStart), formatDateOnly(term.dateEnd)),
      );
    }
    effectiveDate = lateStart;
  }

  const joining = [...inserts, ...restores.map((r) => ({ studentId: r.studentId, classId: r.classId }))];
  const gaining = new Map<string, number>();
  for (const j of joining) gaining.set(j.classId, (gaining.get(j.classId) ?? 0) + 1);
  return done({
    inserts,
    restores,
    drops,
    effectiveDate,
    startOn: later(effectiveDate, term.dateStart),
    joining,
    gaining,
  });
}

/** A class gaining dancers, read under its row lock. */
export type PlacesOfClass = { id: string; name: string; isOpen: boolean; taken: number; nMax: number };

/**
 * Places, counted under the classes' locks: every class gaining dancers exists, is open (to a parent;
 * the owner may fill a closed class) and has the places.
 */
export function checkPlaces(
  side: ChangeSide,
  gaining: ReadonlyMap<string, number>,
  locked: readonly PlacesOfClass[],
): Planned<void> {
  const byId = new Map(locked.map((c) => [c.id, c]));
  for (const [classId, n] of gaining) {
    const cls = byId.get(classId);
    if (!cls) return refuse('classNotFound', 'not_found', text.classNotFound);
    if (!cls.isOpen && side === 'parent') {
      return refuse('classClosed', 'unprocessable', text.classClosed(cls.name));
    }
    if (cls.taken + n > cls.nMax) return refuse('classFull', 'conflict', text.classFull(cls.name));
  }
  return done(undefined);
}

/**
 * Who may take each class (age, requirements): the sentences that say why not. The parent is refused
 * on any; the owner is warned, and with `override` goes on (the warnings are logged).
 */
export function eligibilityWarnings(input: {
  side: ChangeSide;
  override?: boolean;
  plan: ChangePlan;
  students: readonly ChangeStudent[];
  registrations: readonly ChangeRegistration[];
  /** The term's classes (only needed when someone joins). */
  classes: readonly EligibilityClass[];
  termStart: DateOnly;
}): Planned<string[]> {
  const { plan } = input;
  const dropped = new Set(plan.drops.map((d) => d.id));
  const checks = selectionEligibility({
    students: input.students,
    classes: input.classes,
    selection: plan.joining,
    registered: input.registrations
      .filter((r) => r.counts && !dropped.has(r.id))
      .map((r) => ({ studentId: r.studentId, classId: r.classId })),
    onDate: eligibilityDate(input.termStart, plan.effectiveDate),
  });
  const warnings = checks.flatMap((c) => c.reasons);
  if (warnings.length > 0 && (input.side === 'parent' || !input.override)) {
    return refuse('notEligible', 'unprocessable', warnings.join(' '));
  }
  return done(warnings);
}

/**
 * The payment plan: chosen with the family's first registration of the term, kept after. Answers the
 * plan to choose now, or null when the family keeps its own (or only drops, and has none).
 */
export function choosePlan(input: {
  familyPlanId: string | null;
  askedPlanId?: string | null;
  plans: readonly { id: string; name: string }[];
  /** Someone joins a class. */
  joining: boolean;
}): Planned<string | null> {
  const { familyPlanId, askedPlanId, plans } = input;
  if (familyPlanId && askedPlanId && askedPlanId !== familyPlanId) {
    const name = plans.find((p) => p.id === familyPlanId)?.name ?? 'chosen';
    return refuse('planFixed', 'unprocessable', text.planFixed(name));
  }
  if (familyPlanId || !input.joining) return done(null);
  if (!askedPlanId) return refuse('planRequired', 'unprocessable', text.planRequired);
  if (!plans.some((p) => p.id === askedPlanId)) return refuse('planNotFound', 'not_found', text.planNotFound);
  return done(askedPlanId);
}

/** The figures the client showed (cents): Pr_f per `studentId:classId`, and the plan's total. */
export type ShownFigures = { prices: ReadonlyMap<string, number>; planTotal?: number };

/** The figures the server now makes of the change, pending registrations included. */
export type ProjectedFigures = {
  students: readonly { id: string; classes: readonly { classId: string; Pr_f: number }[] }[];
  /** The family's monthly tuition. */
  total: number;
  planTotal: number;
};

/** The client's figures against the server's: a price or the plan's total moved is a conflict. */
export function checkFigures(shown: ShownFigures, now: ProjectedFigures): Planned<void> {
  const pricesMoved = now.students.some((s) =>
    s.classes.some((c) => {
      const sent = shown.prices.get(pairKey(s.id, c.classId));
      return sent !== undefined && sent !== c.Pr_f;
    }),
  );
  if (pricesMoved) {
    const was = [...shown.prices.values()].reduce((a, b) => a + b, 0);
    return refuse('pricesChanged', 'conflict', text.pricesChanged(centsText(was), centsText(now.total)));
  }
  // Same prices, another plan total: "prices have changed … now $X (it was $X)" would tell nothing.
  if (shown.planTotal !== undefined && shown.planTotal !== now.planTotal) {
    return refuse('planChanged', 'conflict', text.planChanged);
  }
  return done(undefined);
}

/** A line of the family's log. */
export type ChangeLogEntry = { action: FamilyLogAction; detail: Record<string, unknown> };

/** What the change tells: the family's log, the plan revision's reason, the answer's sentence. */
export type ChangeStory = {
  /** The parent's change waits for the studio's approval. */
  waits: boolean;
  /** The status of the new and restored registrations. */
  status: typeof APPROVAL.pending | typeof APPROVAL.approved;
  /** The classes joined, by name ("Jazz 1 (Emma), Tap (Noah)"). */
  joined: string;
  logs: ChangeLogEntry[];
  /** The plan revision's reason. */
  reason: string;
  msg: string;
};

export function tellChanges(input: {
  side: ChangeSide;
  /** The studio approves a parent's registrations. */
  approval: boolean;
  plan: ChangePlan;
  /** The request named registrations to take back (with no class added, the log says "restored"). */
  restoreAsked: boolean;
  warnings: readonly string[];
  students: readonly ChangeStudent[];
  /** Class names by id: the family's registrations' and the term's. */
  classNames: ReadonlyMap<string, string>;
}): ChangeStory {
  const { plan, warnings } = input;
  const waits = input.side === 'parent' && input.approval;
  const names = (list: readonly DancerClass[]) =>
    list
      .map((x) => {
        const st = input.students.find((s) => s.id === x.studentId);
        return registrationLabel(input.classNames.get(x.classId) ?? 'a class', st?.firstName ?? '');
      })
      .join(', ');
  const joined = names(plan.joining);
  const logs: ChangeLogEntry[] = [];
  if (plan.joining.length > 0) {
    logs.push({
      action:
        input.restoreAsked && plan.inserts.length === 0
          ? FAMILY_LOG_ACTIONS.classRestored
          : FAMILY_LOG_ACTIONS.classesRegistered,
      detail: {
        classes: joined,
        from: formatDateOnly(plan.startOn),
        pending: waits,
        ...(warnings.length > 0 ? { warnings: warnings.join(' ') } : {}),
      },
    });
  }
  if (plan.drops.length > 0) {
    logs.push({
      action: FAMILY_LOG_ACTIONS.classDropped,
      detail: { classes: names(plan.drops), from: formatDateOnly(plan.effectiveDate) },
    });
  }
  const reason = [
    plan.joining.length > 0 ? `${joined} ${waits ? 'requested' : 'registered'}` : '',
    plan.drops.length > 0 ? `${names(plan.drops)} dropped` : '',
  ]
    .filter(Boolean)
    .join('; ');
  const msg = waits
    ? text.awaitingApproval
    : warnings.length > 0
      ? text.registeredWithWarnings
      : text.registered;
  return { waits, status: waits ? APPROVAL.pending : APPROVAL.approved, joined, logs, reason, msg };
}
