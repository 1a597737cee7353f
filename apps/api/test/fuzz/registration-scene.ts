import {
  dollarsToCents,
  inApplicationOrder,
  type PlanClass,
  type QuoteClass,
  quoteFamily,
  type RegistrationBuilder,
  registrationKey,
  reviseFamilyPlan,
  type Weekday,
} from '@pirouette/domain';

/**
 * Class registration for the route fuzzer's scene and the access matrix's rows: registrations made
 * through the parent's and the owner's own calls, as the wizards make them.
 *
 * A submission must carry the server's own figures or it is refused (409), so they are worked out
 * from the builder's answer by the domain's rules, as the web's wizard does (features/
 * class-registration/lib/quote.ts): the family's counting registrations plus the new classes, priced
 * together.
 */

export const PARENT_REGISTRATION = '/api/parents/registration/';
export const OWNER_REGISTRATION = '/api/mystudio/schedule/class/registration';
export const ownerBuilderUrl = (familyId: string) =>
  `/api/myStudio/schedule/class/registration/activity/${familyId}`;

export type Pair = { studentId: string; classId: string };

/** Pending registrations count (they hold a seat and a price); rejected, dropped and removed do not. */
const counts = (r: RegistrationBuilder['acctInfo']['regCls'][number]) =>
  r.status !== -1 && !r.isDropped && r.iStatus > 0;

/** Each new class's final price (cents) and, for a family without a plan, the chosen plan's total. */
export function figuresFor(builder: RegistrationBuilder, adds: Pair[], planId?: string) {
  const pairs: Pair[] = [
    ...builder.acctInfo.regCls.filter(counts).map((r) => ({ studentId: r.stdID, classId: r.clSchID })),
    ...adds,
  ];
  const classes = new Map<string, QuoteClass>();
  for (const { studentId, classId } of pairs) {
    if (classes.has(classId)) continue;
    const cls = builder.sched.cls.find((c) => c.id === classId);
    const reg = builder.acctInfo.regCls.find((r) => r.stdID === studentId && r.clSchID === classId);
    classes.set(classId, {
      id: classId,
      name: cls?.name ?? reg?.name ?? '',
      day: (cls?.day ?? reg?.day ?? 0) as Weekday,
      basePrice: dollarsToCents(cls?.cost ?? reg?.Pr_0 ?? 0),
      applyDiscount: cls?.applyDiscount ?? true,
    });
  }
  const quote = quoteFamily({
    students: builder.acctInfo.stds.map((s) => ({ id: s.id, name: s.firstName })),
    classes: [...classes.values()],
    registrations: pairs,
    discounts: inApplicationOrder(builder.disc),
    unlimited: builder.rules.unlimited,
    siblingIndex: builder.rules.siblingIndex,
  });
  const priced = new Map(quote.students.flatMap((s) => s.classes.map((c) => [c.key, c] as const)));
  const price = (p: Pair) => priced.get(registrationKey(p.studentId, p.classId))!.Pr_f;
  if (builder.plan) return { price, plan: null };
  const plan = builder.paySys.find((p) => p.id === planId) ?? builder.paySys.find((p) => p.isDefault)!;
  const after: PlanClass[] = [...priced.values()].map((c) => ({
    key: c.key,
    label: c.name,
    day: c.day,
    price: c.Pr_f,
  }));
  const revision = reviseFamilyPlan({
    plans: builder.paySys,
    planId: plan.id,
    effectiveDate: builder.today,
    after,
    previous: null,
  });
  return { price, plan: { id: plan.id, total: revision.total } };
}

/**
 * The parent's submission (POST parents/registration/) of `adds`, with the figures the server will
 * find; a family's first registration of the term also chooses its plan and accepts the terms.
 */
export function parentSubmission(builder: RegistrationBuilder, adds: Pair[], planId?: string) {
  const { price, plan } = figuresFor(builder, adds, planId);
  return {
    regList: adds.map((p) => ({
      stdID: p.studentId,
      clSchID: p.classId,
      isNew: true,
      price: price(p) / 100,
    })),
    ...(plan ? { tuitList: { id: plan.id, total: plan.total / 100 } } : {}),
    regDate: builder.today,
    terms: builder.terms.map((d) => ({ coTermID: d.coTermID, version: d.version, accepted: true })),
  };
}

/** The owner's submission (POST mystudio/schedule/class/registration) for the builder's family. */
export function ownerSubmission(builder: RegistrationBuilder, adds: Pair[], planId?: string) {
  const { price, plan } = figuresFor(builder, adds, planId);
  return {
    regList: adds.map((p) => ({
      stdID: p.studentId,
      clSchID: p.classId,
      isNew: true,
      price: price(p) / 100,
    })),
    ...(plan ? { tuitList: { id: plan.id, total: plan.total / 100 } } : {}),
    aMemID: builder.acctInfo.id,
  };
}

// biome-ignore lint/suspicious/noExplicitAny: answers of every shape
type Answer = { status: number; body: any };
type Payload = Record<string, unknown>;
/** Who calls: the tests' Caller, or an actor of the scene. */
export type Calls = {
  get: (url: string) => Promise<Answer>;
  post: (url: string, payload?: Payload) => Promise<Answer>;
  put: (url: string, payload?: Payload) => Promise<Answer>;
};

// biome-ignore lint/suspicious/noExplicitAny: the data of a [true, data] answer
export async function data(answer: Promise<Answer>, what: string): Promise<any> {
  const res = await answer;
  if (res.status !== 200) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body).slice(0, 500)}`);
  return (res.body as [true, unknown])[1];
}

/** The new registrations' ids, in the order of `adds`. */
function idsOf(done: { regList: { stdID: string; clSchID: string; clRegID: string }[] }, adds: Pair[]) {
  return adds.map(
    (a) => done.regList.find((r) => r.stdID === a.studentId && r.clSchID === a.classId)!.clRegID,
  );
}

/** The parent registers dancers of their family for classes, today; the new registrations' ids. */
export async function parentRegisters(parent: Calls, adds: Pair[], planId?: string): Promise<string[]> {
  const builder = await data(parent.get(PARENT_REGISTRATION), "the parent's builder");
  const body = parentSubmission(builder, adds, planId);
  return idsOf(await data(parent.post(PARENT_REGISTRATION, body), "the parent's registration"), adds);
}

/** The owner registers dancers of a family for classes, today; the new registrations' ids. */
export async function ownerRegisters(owner: Calls, familyId: string, adds: Pair[]): Promise<string[]> {
  const builder = await data(owner.get(ownerBuilderUrl(familyId)), "the owner's builder");
  const body = ownerSubmission(builder, adds);
  return idsOf(await data(owner.post(OWNER_REGISTRATION, body), "the owner's registration"), adds);
}

/**
 * Registrations of the parent that wait for the owner's approval: the studio asks for approval while
 * the parent registers, and its money settings are put back as they were after.
 */
export async function pendingRegistrations(owner: Calls, parent: Calls, adds: Pair[]): Promise<string[]> {
  const { money } = await data(owner.get('/api/mystudio/settings'), 'the settings');
  const approval = { ...money, registration: { ...money.registration, approval: true } };
  await data(owner.put('/api/mystudio/settings/money', approval), 'approval on');
  try {
    return await parentRegisters(parent, adds);
  } finally {
    await data(owner.put('/api/mystudio/settings/money', money), 'approval off');
  }
}

/** What a class open to registration needs of the studio: its term, teacher and price. */
export type ClassSetting = { term: string; teacher: string; classPrice: string };

/** A class of the term open to every age, without requirements: any dancer may register. */
export async function openClass(
  owner: Calls,
  x: ClassSetting,
  fields: { name: string; roomID: string; day: number; timeStart?: string; timeEnd?: string },
): Promise<string> {
  const cls = {
    timeStart: '18:00',
    timeEnd: '19:00',
    ...fields,
    yearTermID: x.term,
    teacherID: x.teacher,
    priceID: x.classPrice,
    age_min: 0,
    age_max: 99,
  };
  return (await data(owner.post('/api/mystudio/schedule/class', { class: cls, dncNum: [] }), 'a class')).id;
}

/** The scene's registration records (fuzz/scene.ts): what the registration routes act on. */
export type RegistrationRecords = {
  /** A class anyone may take, in a room of its own; family A's dancer is registered in it. */
  openClass: string;
  /** Family A's registration in `openClass`, made by parent A: its first, which chose the plan. */
  enrolment: string;
  /** Another open class, where family A's dancer waits for approval. */
  pendingClass: string;
  /** Family A's registration in `pendingClass`, waiting for the owner's approval. */
  pending: string;
  /** The payment plan family A chose with its first registration (the term's default plan). */
  familyPlan: string;
  /** An open class no one takes yet. */
  freeClass: string;
};

export async function registrationRecords(
  owner: Calls,
  parentA: Calls,
  x: ClassSetting & { location: string; student: string },
): Promise<RegistrationRecords> {
  const room = await data(
    owner.post('/api/mystudio/locations/room', { locationID: x.location, name: 'Studio C' }),
    'a room',
  );
  const open = await openClass(owner, x, { name: 'Tap X', roomID: room.id, day: 2 });
  const pendingClass = await openClass(owner, x, { name: 'Hip Hop X', roomID: room.id, day: 4 });
  const freeClass = await openClass(owner, x, { name: 'Contemporary X', roomID: room.id, day: 5 });
  const [enrolment] = await parentRegisters(parentA, [{ studentId: x.student, classId: open }]);
  const [pending] = await pendingRegistrations(owner, parentA, [
    { studentId: x.student, classId: pendingClass },
  ]);
  const builder = await data(parentA.get(PARENT_REGISTRATION), "the parent's builder");
  return {
    openClass: open,
    enrolment: enrolment!,
    pendingClass,
    pending: pending!,
    familyPlan: builder.plan.planId,
    freeClass,
  };
}
