import { randomUUID } from 'node:crypto';
import { type RegistrationResult, todayInZone } from '@pirouette/domain';
import { LARGE_PASSWORD } from '../../apps/api/src/db/seed-large';
import type { EveningCast, NewcomerClass, OwnerCast, ParentCast } from './cast';

/**
 * What people open on an evening, as requests: the kinds of pages owners and parents read, and the
 * writes they make through the real routes. Each request carries its session's own token.
 */
export type Step = {
  /** The row it is counted under. */
  kind: string;
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  /** The session's token ('' for none: a sign-in, a public route). */
  token: string;
  body?: unknown;
  /** A write; a refusal here is counted apart only when `refusable` says it may be deliberate. */
  write?: boolean;
  /** The step that follows, made from this one's answer (a payment of the charge just added…). */
  next?: (data: unknown) => Step | null;
  /** Called when the step and what follows it are done, whatever the outcome (frees what it held). */
  done?: () => void;
  /** Not counted: the bench's own look (the new family's mail), not a person's request. */
  quiet?: boolean;
  /**
   * The address the request comes from, sent as X-Forwarded-For (the bench's server trusts its proxy, as
   * behind a load balancer): each new family is a household of its own, not 127.0.0.1, whose sign-ups the
   * per-client limits would rightly stop after thirty an hour.
   */
  client?: string;
  /** Hashes a password (argon2id at OWASP's cost, tens of milliseconds of CPU by design): a sign-in, a sign-up. */
  hashes?: boolean;
};

/** A deterministic random source (mulberry32), so that two loads of the same seed ask the same pages. */
export function randomOf(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)]!;
  return { next, int, pick };
}
export type Random = ReturnType<typeof randomOf>;

/** Picks by weight: `[[weight, value], …]`. */
function weighted<T>(r: Random, choices: [number, T][]): T {
  const sum = choices.reduce((a, [w]) => a + w, 0);
  let x = r.next() * sum;
  for (const [w, v] of choices) {
    x -= w;
    if (x < 0) return v;
  }
  return choices[choices.length - 1]![1];
}

const STATUSES = ['active', 'active', 'active', 'inactive', 'incomplete'] as const;

/** An account list page: a tab, a page among the first few, now and then a filter or a search. */
export function accountListPath(r: Random, o: OwnerCast, opts: { search: boolean }): string {
  const status = r.pick(STATUSES);
  const pages = Math.max(1, Math.min(8, Math.ceil(o.families.length / 10 / (status === 'active' ? 1 : 4))));
  const params = new URLSearchParams();
  params.set('page', String(1 + r.int(pages)));
  const filter = weighted(r, [
    [5, 'none'],
    [1, 'location'],
    [1, 'room'],
    [1, 'day'],
    [1, 'level'],
    [1, 'class'],
    [opts.search ? 1 : 0, 'search'],
  ]);
  const location = o.locations.length > 0 ? r.pick(o.locations) : null;
  if (filter === 'location' && location) params.set('locID', location.id);
  if (filter === 'room' && location && location.rooms.length > 0) params.set('rmID', r.pick(location.rooms));
  if (filter === 'day') params.set('day', String(r.int(6)));
  if (filter === 'level') params.set('level', String(1 + r.int(7)));
  if (filter === 'class' && o.classes.length > 0) params.set('clSchID', r.pick(o.classes).id);
  if (filter === 'search') params.set('q', r.pick(['an', 'son', 'li', 'ma', 'er']));
  if (filter !== 'none') params.set('page', '1');
  return `/api/mystudio/account/list/${status}?${params}`;
}

/** A room's schedule: any room of the studio, in the current term. */
export function schedulePath(r: Random, o: OwnerCast): string {
  const location = r.pick(o.locations);
  return `/api/mystudio/schedule/?yrTrmID=${o.yearTermId}&locID=${location.id}&rmID=${r.pick(location.rooms)}`;
}

/** What an owner reads, by weight. */
export const OWNER_PAGES: [number, string, (r: Random, o: OwnerCast) => string][] = [
  [6, 'account list', (r, o) => accountListPath(r, o, { search: true })],
  [3, 'account overview', (r, o) => `/api/mystudio/account/${r.pick(o.families)}/info`],
  [2, 'account students', (r, o) => `/api/mystudio/account/${r.pick(o.families)}/students`],
  [4, 'schedule (a room)', schedulePath],
  [2, 'money panel (owner)', (r, o) => `/api/mystudio/account/${r.pick(o.families)}/money`],
  [1, 'family tuition (owner)', (r, o) => `/api/mystudio/paymentSystem/account/${r.pick(o.families)}`],
  [1, 'plan payments list', () => '/api/mystudio/account/payments'],
];

/** What a parent reads, by weight. */
export const PARENT_PAGES: [number, string, (r: Random, p: ParentCast) => string][] = [
  [4, 'parent account', () => '/api/parents/account/'],
  [2, 'family tuition (parent)', () => '/api/parents/tuition/schedule'],
  [2, 'registration builder (parent)', () => '/api/parents/registration/'],
  [1, 'transactions (parent)', (_r, p) => `/api/transactions/list/${p.familyId}/parent`],
];

/** The share of owners' writes that drop a registration and restore it. */
const DROP_SHARE = 0.2;

/**
 * Families whose classes are changing right now (the owner's drop and restore, the parent's
 * registration and its drop): one worker at a time on each, or one would find the other's row dropped,
 * or its prices moved by the other's class, and answer 409.
 */
const held = new Set<string>();

/** The share of parents' writes that register a dancer for a class and drop it, when the family can. */
const REGISTRATION_SHARE = 0.2;

/**
 * Classes a parent's registration is being made in right now: one at a time in each, so that the
 * evening never takes more than one of a class's places at once (cast.ts leaves one free for it) and
 * the owner's restore always finds the place its drop freed.
 */
const joining = new Set<string>();

/** An owner's write: drawn by weight, and when the studio has nothing for it, the next that it has. */
function ownerWrite(r: Random, o: OwnerCast, parents: Map<string, ParentCast[]>): Step | null {
  const first = weighted(r, [
    [3, 'contact edit (owner)'],
    [3, 'activity switch'],
    [2, 'charge and payment'],
  ]);
  const order = ['contact edit (owner)', 'activity switch', 'charge and payment'];
  const start = order.indexOf(first);
  for (let i = 0; i < order.length; i++) {
    const step = ownerWriteOf(r, o, parents, order[(start + i) % order.length]!);
    if (step) return step;
  }
  return null;
}

function ownerWriteOf(
  r: Random,
  o: OwnerCast,
  parents: Map<string, ParentCast[]>,
  kind: string,
): Step | null {
  if (kind === 'contact edit (owner)') return ownerContactEdit(r, o, parents);
  if (kind === 'activity switch' && o.activities.length > 0) {
    return {
      kind,
      write: true,
      method: 'PUT',
      path: `/api/mystudio/schedule/class/danceNumberActivity/${r.pick(o.activities)}`,
      body: { step: 2 + r.int(3), status: r.next() < 0.5 },
      token: o.token,
    };
  }
  if (kind === 'charge and payment' && o.families.length > 0) {
    const familyId = r.pick(o.families);
    const amount = 5 + r.int(40);
    return {
      kind: 'charge (owner)',
      write: true,
      method: 'POST',
      path: `/api/transactions/item/${familyId}`,
      body: {
        item: { typeID: 'other', item: 'Recital flowers', amount, quantity: 1, total: amount },
        requestId: randomUUID(),
      },
      token: o.token,
      next: (data) => ({
        kind: 'desk payment (owner)',
        write: true,
        method: 'POST',
        path: `/api/transactions/payments/${familyId}/${(data as { id: string }).id}`,
        body: { payments: [{ type: 'check', total: amount, reference: 'bench' }], requestId: randomUUID() },
        token: o.token,
      }),
    };
  }
  if (kind === 'drop and restore') {
    const free = o.registrations.filter((x) => !held.has(x.familyId));
    if (free.length === 0) return null;
    const { id, familyId } = r.pick(free);
    held.add(familyId);
    return {
      kind: 'drop (owner)',
      write: true,
      method: 'PUT',
      path: `/api/mystudio/schedule/class/registration/drop/${id}`,
      body: {},
      token: o.token,
      next: () => ({
        kind: 'restore (owner)',
        write: true,
        method: 'POST',
        path: `/api/mystudio/schedule/class/registration/${id}`,
        body: {},
        token: o.token,
      }),
      done: () => held.delete(familyId),
    };
  }
  return null;
}

/** An owner's contact edit: the family's own address, one line changed and changed back over the evening. */
function ownerContactEdit(r: Random, o: OwnerCast, parents: Map<string, ParentCast[]>): Step | null {
  const ofStudio = parents.get(o.companyId) ?? [];
  if (ofStudio.length === 0) return null;
  const p = r.pick(ofStudio);
  return {
    kind: 'contact edit (owner)',
    write: true,
    method: 'PUT',
    path: '/api/mystudio/account/contactInfo',
    body: { id: p.familyId, ...p.contact, address2: r.next() < 0.5 ? '' : `Apt ${1 + r.int(20)}` },
    token: o.token,
  };
}

/**
 * A parent's write: one in five a registration of a dancer of the family for a class, through the
 * parent's own route as the schedule builder sends it, then the drop of that registration; or, when
 * the family has no class left to join or is busy (`held`), a contact edit.
 */
function parentWrite(r: Random, p: ParentCast): Step {
  const step = r.next() < REGISTRATION_SHARE ? parentRegistration(r, p) : null;
  return step ?? parentContactEdit(r, p);
}

/**
 * A registration (cast.ts's `joinable`: each class handed out once) and the drop of the row it made.
 * The figures the server compares go with it: each price (regList), the plan (its total left out) and
 * today's date in the studio's zone; the registration fee sent is the web's (nothing due: the family
 * paid it with its first classes), which the server does not compare.
 */
function parentRegistration(r: Random, p: ParentCast): Step | null {
  const joinable = p.joinable;
  if (!joinable || held.has(p.familyId)) return null;
  const free = joinable.joins.filter((j) => !joining.has(j.classId));
  if (free.length === 0) return null;
  const join = r.pick(free);
  joinable.joins.splice(joinable.joins.indexOf(join), 1);
  held.add(p.familyId);
  joining.add(join.classId);
  return {
    kind: 'registration (parent)',
    write: true,
    method: 'POST',
    path: '/api/parents/registration/',
    body: {
      regList: join.regList,
      tuitList: { id: joinable.planId },
      regDate: todayInZone(joinable.timeZone, new Date()),
      registration: 0,
      terms: [],
    },
    token: p.token,
    next: (data) => {
      const made = (data as RegistrationResult).regList.find(
        (x) => x.isNew && x.stdID === join.studentId && x.clSchID === join.classId,
      );
      // Left registered, the family's prices would no longer be those cast.ts worked out.
      if (!made) throw new Error(`The registration answered no new row: ${JSON.stringify(data)}`);
      return {
        kind: 'drop (parent)',
        write: true,
        method: 'PUT',
        path: `/api/parents/registration/drop/${made.clRegID}`,
        body: {},
        token: p.token,
      };
    },
    done: () => {
      held.delete(p.familyId);
      joining.delete(join.classId);
    },
  };
}

function parentContactEdit(r: Random, p: ParentCast): Step {
  return {
    kind: 'contact edit (parent)',
    write: true,
    method: 'PUT',
    path: '/api/parents/account/contactInfo',
    body: { ...p.contact, address2: r.next() < 0.5 ? '' : `Unit ${1 + r.int(20)}` },
    token: p.token,
  };
}

export type Mix = { ownerShare: number; writeShare: number; signOutShare: number; newcomerShare: number };
export const EVENING_MIX: Mix = {
  ownerShare: 0.4,
  writeShare: 0.1,
  signOutShare: 0.02,
  newcomerShare: 0.005,
};

/** The new families' addresses: this run's own (an evening run twice registers others the second time). */
const RUN = Date.now().toString(36);
let newcomersMade = 0;

/**
 * A family registering anew, through the real routes as the sign-up page and the portal send them: the
 * studio's sign-up page (its terms), the sign-up (a parent, a dancer born within the class's ages, every
 * terms document accepted), the address confirmed from its mail (read from the embedded outbox, not
 * counted), the sign-in, the registration builder, then the dancer registered for a class with a place,
 * the studio's plan chosen (tuitList) and the price the server works out sent. One of the class's places
 * is taken for good.
 */
function newcomer(r: Random, classes: NewcomerClass[]): Step | null {
  const open = classes.filter((c) => c.places > 0);
  if (open.length === 0) return null;
  const c = r.pick(open);
  c.places--;
  const n = ++newcomersMade;
  const email = `newcomer-${RUN}-${n}@bench.example`;
  const client = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  let token = '';
  return {
    kind: 'sign-up page (new family)',
    client,
    method: 'GET',
    path: `/api/registration/parent/company/${c.companyId}`,
    token: '',
    next: (page) => ({
      kind: 'sign-up (new family)',
      hashes: true,
      client,
      write: true,
      method: 'POST',
      path: `/api/registration/parent/${c.companyId}`,
      token: '',
      body: {
        login: { email, password: LARGE_PASSWORD },
        user: { firstName: 'Nora', lastName: 'Newcomb', phone: '9735550177', role: 'Mother' },
        contacts: [],
        students: [{ firstName: 'Nell', lastName: 'Newcomb', gender: 'F', dob: c.dob }],
        acctInfo: {
          phone: '9735550177',
          address: '1 New Street',
          address2: '',
          city: 'Montclair',
          state: 'NJ',
          zipcode: '07042',
        },
        aboutUS: { option: 'Instagram', notes: '' },
        terms: (page as { terms: { id: string; version: number }[] }).terms.map((d) => ({
          coTermID: d.id,
          accepted: true,
          version: d.version,
        })),
      },
      next: () => ({
        kind: 'the outbox (bench, not counted)',
        quiet: true,
        method: 'GET',
        path: '/dev/mail.json',
        token: '',
        next: (mails) => {
          const mail = (mails as { to: string; text: string }[]).find((m) => m.to === email);
          const link = mail && /\/verify\/email\/nt\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
          if (!link) throw new Error(`No verification mail to ${email} among the outbox's latest`);
          return {
            kind: 'address confirmed (new family)',
            client,
            write: true,
            method: 'PUT',
            path: `/api/registration/verify/email/${link}`,
            token: '',
            next: () => ({
              kind: 'sign-in',
              hashes: true,
              client,
              write: true,
              method: 'POST',
              path: '/api/auth/login',
              token: '',
              body: { email, password: LARGE_PASSWORD },
              next: (signedIn) => {
                token = (signedIn as { token: string }).token;
                return {
                  kind: 'registration builder (new family)',
                  client,
                  method: 'GET',
                  path: '/api/parents/registration/',
                  token,
                  next: (builder) => newcomerRegistration(c, token, client, builder as NewcomerBuilder),
                };
              },
            }),
          };
        },
      }),
    }),
  };
}

type NewcomerBuilder = {
  today: string;
  acctInfo: { stds: { id: string }[] };
  terms: { coTermID: string; version: number }[];
};

function newcomerRegistration(
  c: NewcomerClass,
  token: string,
  client: string,
  builder: NewcomerBuilder,
): Step {
  const dancer = builder.acctInfo.stds[0];
  if (!dancer) throw new Error('The new family has no dancer in its builder');
  return {
    kind: 'registration (new family)',
    client,
    write: true,
    method: 'POST',
    path: '/api/parents/registration/',
    token,
    body: {
      regList: [{ idx: 0, stdID: dancer.id, clSchID: c.classId, isNew: true, price: c.price }],
      tuitList: { id: c.planId },
      regDate: builder.today,
      terms: builder.terms.map((d) => ({ coTermID: d.coTermID, accepted: true, version: d.version })),
    },
  };
}

type Person = OwnerCast | ParentCast;

/**
 * Sessions a request of the evening is using right now (until its step and those after it are done),
 * and people signing out and in again: one is never signed out under another's request, and nobody
 * asks with the token of a session being ended.
 */
const inUse = new Map<Person, number>();
const away = new Set<Person>();

/** `step`, counted as a use of `who`'s session until it is done. */
function using(who: Person, step: Step): Step {
  inUse.set(who, (inUse.get(who) ?? 0) + 1);
  const done = step.done;
  step.done = () => {
    done?.();
    const n = (inUse.get(who) ?? 1) - 1;
    if (n > 0) inUse.set(who, n);
    else inUse.delete(who);
  };
  return step;
}

/** Someone of `list` who is not signing out (drawn anew a few times, then the first such), if any. */
function presentIfAny<T extends Person>(r: Random, list: readonly T[]): T | undefined {
  for (let i = 0; i < 8; i++) {
    const who = r.pick(list);
    if (!away.has(who)) return who;
  }
  return list.find((who) => !away.has(who));
}

/** Someone of `list` who is not signing out; of a list this long, one always is (8 sign-outs at most at once). */
function present<T extends Person>(r: Random, list: readonly T[]): T {
  return presentIfAny(r, list) ?? r.pick(list);
}

/**
 * A sign-out and a sign-in again through the real routes (GET auth/logout, POST auth/login with the
 * seed's password): of an owner or a parent whose session no request is using; the new session's token
 * is theirs from then on. A right password is never counted by the sign-in limits (decision 005).
 */
function signOutAndIn(r: Random, cast: EveningCast): Step | null {
  const everyone: Person[] = [...cast.owners, ...cast.parents];
  for (let i = 0; i < 8; i++) {
    const who = r.pick(everyone);
    if (inUse.has(who) || away.has(who)) continue;
    away.add(who);
    return {
      kind: 'sign-out',
      write: true,
      method: 'GET',
      path: '/api/auth/logout',
      token: who.token,
      next: () => ({
        kind: 'sign-in',
        hashes: true,
        write: true,
        method: 'POST',
        path: '/api/auth/login',
        token: '',
        body: { email: who.email, password: LARGE_PASSWORD },
        next: (data) => {
          who.token = (data as { token: string }).token;
          return null;
        },
      }),
      done: () => away.delete(who),
    };
  }
  return null;
}

/**
 * The evening's next request: an owner's page (`ownerShare` of them) or a parent's, each of a session
 * drawn at random; `writeShare` of them a write; `signOutShare` of them a sign-out and sign-in again.
 */
export function eveningPicker(cast: EveningCast, mix: Mix = EVENING_MIX) {
  const droppers = cast.owners.filter((o) => o.registrations.length > 0);
  // The owner edits the contact of a family whose parent is signed in: its fields are known.
  const parentsByStudio = new Map<string, ParentCast[]>();
  for (const p of cast.parents)
    parentsByStudio.set(p.companyId, [...(parentsByStudio.get(p.companyId) ?? []), p]);
  return (r: Random): Step => {
    if (r.next() < mix.signOutShare) {
      const step = signOutAndIn(r, cast);
      if (step) return step;
    }
    if (r.next() < mix.newcomerShare) {
      const step = newcomer(r, cast.newcomers);
      if (step) return step;
    }
    const asOwner = r.next() < mix.ownerShare;
    const writes = r.next() < mix.writeShare;
    if (asOwner) {
      const o = present(r, cast.owners);
      if (writes) {
        // The drops and restores are the large studio's (its families are the ones in a payment plan).
        // The droppers are few (the large studio's owner): one signing out is not asked meanwhile.
        const dropper = r.next() < DROP_SHARE ? presentIfAny(r, droppers) : undefined;
        const who = dropper ?? o;
        const step = dropper
          ? ownerWriteOf(r, dropper, parentsByStudio, 'drop and restore')
          : ownerWrite(r, o, parentsByStudio);
        if (step) return using(who, step);
      }
      const [, kind, path] = weighted(
        r,
        OWNER_PAGES.map((page) => [page[0], page] as [number, (typeof OWNER_PAGES)[number]]),
      );
      return using(o, { kind, method: 'GET', path: path(r, o), token: o.token });
    }
    const p = present(r, cast.parents);
    if (writes) return using(p, parentWrite(r, p));
    const [, kind, path] = weighted(
      r,
      PARENT_PAGES.map((page) => [page[0], page] as [number, (typeof PARENT_PAGES)[number]]),
    );
    return using(p, { kind, method: 'GET', path: path(r, p), token: p.token });
  };
}
