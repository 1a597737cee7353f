import { createHash } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { PAGE_SIZE } from '@pirouette/domain';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import pg from 'pg';
import { loadConfig } from '../../apps/api/src/config';
import { ACCOUNT_LIST, PARENT_ACCOUNT, SCHEDULE, SESSION, STATEMENTS, type Statement } from './queries';

/**
 * The reference: a bare Fastify (no plugins, no logger, no validation library, no ORM) answering three
 * pages of the real server — the account list, a room's schedule and the parent's family — with the
 * same bytes, each in two round trips: the session (as the server authenticates it: the SHA-256 of the
 * token, a live session of a membership), then the page in one statement. Like the server (decisions
 * 024 and 080), it keeps each session it read until the database's change notice names it (its
 * session, membership, person or studio) or names no rows, so a request of a kept session is one round
 * trip; and it reads each family's kept status (`family_accounts.term_status`) and the tabs' kept
 * counts (`studio_counts`) as the server does. Every statement is prepared once under its name: on PostgreSQL by node-postgres's named statements (prepared on each pooled
 * connection at its first use), on PGlite by PREPARE, executed with its arguments written out (each is
 * an id, a number or a word checked before).
 *
 * Started in its own process by bench/run.ts, like the real server: `tsx bench/reference/server.ts`
 * with DATABASE_URL (PostgreSQL, a pool of 10 as the server's) or PGLITE_DIR (a PGlite directory of its
 * own); prints `listening <port>`. Only what the bench asks is answered; anything else is 400.
 */

type Row = Record<string, unknown>;
type Runner = {
  run(statement: Statement, values: unknown[]): Promise<Row[]>;
  /** Calls `heard` with every change notice the database sends; `live` false while it may miss some. */
  listen(heard: (payload: string) => void, live: (on: boolean) => void): Promise<void>;
  close(): Promise<void>;
};

/** The channel of the database's change notices (apps/api/src/db/changes.ts, migrations 0007 and 0030). */
const CHANNEL = 'pirouette_changes';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' && Number.isInteger(value)) return String(value);
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'string' && /^[A-Za-z0-9_-]+$/.test(value)) return `'${value}'`;
  throw new Error(`Not a checked argument: ${String(value)}`);
}

async function postgresRunner(url: string): Promise<Runner> {
  // As many connections as the server keeps (DATABASE_POOL_SIZE, decision 122): like with like.
  const pool = new pg.Pool({ connectionString: url, max: loadConfig().databasePoolSize });
  // One connection of its own listens; the reference writes nothing, so it need not hear its own.
  const listener = new pg.Client({ connectionString: url });
  return {
    async run(statement, values) {
      return (await pool.query({ name: statement.name, text: statement.text, values })).rows;
    },
    async listen(heard, live) {
      const lost = () => live(false);
      listener.on('error', lost);
      listener.on('end', lost);
      listener.on('notification', (message) => heard(message.payload ?? ''));
      await listener.connect();
      await listener.query(`LISTEN ${CHANNEL}`);
      live(true);
    },
    close: async () => {
      await listener.end().catch(() => {});
      await pool.end();
    },
  };
}

async function pgliteRunner(dir: string): Promise<Runner> {
  const db = new PGlite(dir);
  await db.waitReady;
  for (const s of STATEMENTS) await db.exec(`prepare ${s.name}(${s.types.join(', ')}) as ${s.text}`);
  return {
    async run(statement, values) {
      return (await db.query<Row>(`execute ${statement.name}(${values.map(literal).join(', ')})`)).rows;
    },
    async listen(heard, live) {
      await db.listen(CHANNEL, heard);
      live(true);
    },
    close: () => db.close(),
  };
}

const db = process.env.DATABASE_URL
  ? await postgresRunner(process.env.DATABASE_URL)
  : await pgliteRunner(process.env.PGLITE_DIR!);

type Session = {
  role: 'owner' | 'user';
  company_id: string;
  family_id: string | null;
  session_id: string;
  membership_id: string;
  user_id: string;
  expires_at: Date | string;
};

/**
 * The sessions read, by token hash, until a change notice (`table:OPERATION:transaction:ids`) names one
 * of them: by its session, membership, person or studio; a notice naming no rows drops them all, a new
 * session none. A session is kept only if no notice came while it was read, and only while the
 * reference hears the notices.
 */
const kept = new Map<string, Session>();
let heard = 0;
let live = false;
const NAMED_BY: Record<string, keyof Session> = {
  sessions: 'session_id',
  memberships: 'membership_id',
  users: 'user_id',
  companies: 'company_id',
};
function notice(payload: string) {
  const [table = '', operation, , ids] = payload.split(':');
  const column = NAMED_BY[table];
  if (!column || (table === 'sessions' && operation === 'INSERT')) return;
  heard++;
  if (!ids) return kept.clear();
  const named = new Set(ids.split(','));
  for (const [hash, session] of kept) if (named.has(session[column] as string)) kept.delete(hash);
}
await db.listen(notice, (on) => {
  heard++;
  live = on;
  kept.clear();
});

/** The session of a request, as the server finds it (header, then cookie; 43 URL-safe characters). */
async function sessionOf(request: FastifyRequest): Promise<Session | null> {
  const header = request.headers['x-access-token'];
  const cookie = /(?:^|;\s*)x-access-token=([^;]*)/.exec(request.headers.cookie ?? '')?.[1];
  const token = (Array.isArray(header) ? header[0] : header) || cookie;
  if (!token || !/^[A-Za-z0-9_-]{20,200}$/.test(token)) return null;
  const hash = createHash('sha256').update(token).digest('hex');
  const known = kept.get(hash);
  if (known) return new Date(known.expires_at) > new Date() ? known : null;
  const before = heard;
  const [row] = await db.run(SESSION, [hash]);
  const session = (row as Session | undefined) ?? null;
  if (session && live && heard === before) {
    // Bounded as the server's (20,000), the oldest read first out.
    if (kept.size >= 20_000) kept.delete(kept.keys().next().value!);
    kept.set(hash, session);
  }
  return session;
}

const send = (reply: FastifyReply, status: number, body: unknown) =>
  reply.code(status).type('application/json; charset=utf-8').send(JSON.stringify(body));
const refuse = (reply: FastifyReply, status: number, msg: string) => send(reply, status, [false, { msg }]);

/** The session, when it may read a page of `role`; else the refusal is sent and null answered. */
async function allowed(request: FastifyRequest, reply: FastifyReply, role: Session['role']) {
  const session = await sessionOf(request);
  if (!session) {
    refuse(reply, 401, 'Please sign in.');
    return null;
  }
  if (session.role !== role) {
    refuse(reply, 403, 'Forbidden.');
    return null;
  }
  return session;
}

const iso = (value: string) => new Date(value).toISOString();
const dollars = (cents: number) => cents / 100;
const name = (first: string, last: string) => `${first} ${last}`.trim();

const app = Fastify({ logger: false });

const STATUSES = new Set(['active', 'inactive', 'incomplete']);
type Query = Record<string, string | undefined>;
const whole = (v: string | undefined, min: number, max: number) => {
  if (v === undefined) return null;
  const n = /^\d{1,6}$/.test(v.trim()) ? Number(v) : Number.NaN;
  return Number.isInteger(n) && n >= min && n <= max ? n : Number.NaN;
};
const id = (v: string | undefined) => (v === undefined ? null : UUID.test(v) ? v : Number.NaN);

app.get('/api/mystudio/account/list/:status', async (request, reply) => {
  const { status } = request.params as { status: string };
  const q = request.query as Query;
  const filter = [id(q.locID), id(q.rmID), id(q.clSchID), whole(q.day, 0, 6), whole(q.level, 1, 7)];
  const page = whole(q.page, 1, 100_000) ?? 1;
  const pageSize = whole(q.pageSize, 1, 100) ?? PAGE_SIZE;
  const known = new Set(['locID', 'rmID', 'clSchID', 'day', 'level', 'page', 'pageSize']);
  if (
    !STATUSES.has(status) ||
    [...filter, page, pageSize].some((v) => Number.isNaN(v)) ||
    Object.keys(q).some((k) => !known.has(k))
  ) {
    return refuse(reply, 400, 'Not in the reference.');
  }
  const session = await allowed(request, reply, 'owner');
  if (!session) return reply;
  const hasFilter = filter.some((v) => v !== null);
  const [row] = await db.run(ACCOUNT_LIST, [
    session.company_id,
    status,
    ...filter,
    hasFilter,
    pageSize,
    ((page as number) - 1) * (pageSize as number),
  ]);
  const r = row as {
    active: number;
    inactive: number;
    incomplete: number;
    total: number;
    items: {
      id: string;
      lastName: string;
      email: string;
      phone: string;
      createdAt: string;
      status: string;
      balance: number;
      students: unknown[];
    }[];
  };
  return send(reply, 200, [
    true,
    {
      items: r.items.map((f) => ({
        id: f.id,
        coAcctMemID: f.id,
        lastName: f.lastName,
        email: f.email,
        phone: f.phone,
        students: f.students,
        balance: dollars(f.balance),
        status: f.status,
        createdAt: iso(f.createdAt),
      })),
      total: r.total,
      page,
      pageSize,
      counts: { active: r.active, inactive: r.inactive, incomplete: r.incomplete },
    },
  ]);
});

type ClassRow = {
  id: string;
  name: string;
  day: number;
  timeStart: string;
  timeEnd: string;
  yearTermID: string;
  roomID: string;
  locationID: string;
  priceID: string;
  teacherID: string;
  tf: string;
  tl: string;
  age_min: number;
  age_max: number;
  level: number;
  nMin: number;
  nMax: number;
  price: number;
  isOpen: boolean;
  minGenreRequired: number;
  nReg: number;
};

app.get('/api/mystudio/schedule/', async (request, reply) => {
  const q = request.query as Query;
  const asked = [id(q.yrTrmID), id(q.locID), id(q.rmID)];
  if (asked.some((v) => Number.isNaN(v))) return refuse(reply, 400, 'Not in the reference.');
  const session = await allowed(request, reply, 'owner');
  if (!session) return reply;
  const [row] = await db.run(SCHEDULE, [session.company_id, ...asked]);
  const r = row as {
    term_id: string | null;
    locs: unknown[];
    rooms: unknown[];
    loc_id: string | null;
    room_id: string | null;
    cls: ClassRow[];
  };
  if (asked[0] && !r.term_id) return refuse(reply, 404, 'Not in the reference.');
  return send(reply, 200, [
    true,
    {
      yrTrmID: r.term_id,
      cls: r.cls.map((c) => {
        const cost = dollars(c.price);
        return {
          id: c.id,
          name: c.name,
          day: c.day,
          timeStart: c.timeStart,
          timeEnd: c.timeEnd,
          yearTermID: c.yearTermID,
          roomID: c.roomID,
          locationID: c.locationID,
          priceID: c.priceID,
          teacherID: c.teacherID,
          teacher: name(c.tf, c.tl),
          age_min: c.age_min,
          age_max: c.age_max,
          level: c.level,
          nMin: c.nMin,
          nMax: c.nMax,
          cost,
          tuit_base: cost,
          isOpen: c.isOpen,
          isFull: c.nReg >= c.nMax,
          nReg: c.nReg,
          isReg: c.nReg > 0,
          minGenreRequired: c.minGenreRequired,
        };
      }),
      rm: r.rooms,
      loc: r.locs,
      selIDs: { locID: r.loc_id, rmID: r.room_id },
    },
  ]);
});

type Person = {
  id: string;
  kind: 'user' | 'contact';
  firstName: string;
  lastName: string;
  phone: string;
  role: string;
  email: string;
  login: string;
};
type Registration = Record<string, unknown> & {
  tf: string;
  tl: string;
  pr0: number;
  pri: number;
  prf: number;
};
type Terms = {
  id: string;
  title: string;
  version: number;
  acceptedVersion: number | null;
  acceptedAt: string | null;
  af: string | null;
  al: string | null;
};

app.get('/api/parents/account/', async (request, reply) => {
  const session = await allowed(request, reply, 'user');
  if (!session) return reply;
  if (!session.family_id) return refuse(reply, 404, 'Not in the reference.');
  const [row] = await db.run(PARENT_ACCOUNT, [session.company_id, session.family_id]);
  const r = row as {
    account: (Record<string, unknown> & { id: string; createdAt: string; status: string }) | null;
    people: Person[];
    students: (Record<string, unknown> & { dob: string })[];
    classes: Registration[];
    terms: Terms[];
  };
  if (!r.account) return refuse(reply, 404, 'Not in the reference.');
  const a = r.account;
  const users: unknown[] = [];
  const contacts: unknown[] = [];
  for (const p of r.people) {
    const person = { id: p.id, firstName: p.firstName, lastName: p.lastName, phone: p.phone, role: p.role };
    if (p.kind === 'user') users.push({ ...person, email: p.email, login: p.login });
    else contacts.push(person);
  }
  return send(reply, 200, [
    true,
    {
      acctInfo: {
        id: a.id,
        coAcctMemID: a.id,
        lastName: a.lastName,
        address: a.address,
        address2: a.address2,
        city: a.city,
        state: a.state,
        zipcode: a.zipcode,
        phone: a.phone,
        email: a.email,
        status: a.status,
        createdAt: iso(a.createdAt),
      },
      users,
      contacts,
      stds: r.students.map((s) => ({
        id: s.id,
        firstName: s.firstName,
        lastName: s.lastName,
        phone: s.phone,
        dob: s.dob.slice(0, 10),
        gender: s.gender,
      })),
      cls: r.classes.map((c) => ({
        clsRegID: c.clsRegID,
        clSchID: c.clSchID,
        acctStudentID: c.acctStudentID,
        name: c.name,
        day: c.day,
        timeStart: c.timeStart,
        timeEnd: c.timeEnd,
        teacher: name(c.tf, c.tl),
        room: c.room,
        location: c.location,
        level: c.level,
        Pr_0: dollars(c.pr0),
        Pr_i: dollars(c.pri),
        Pr_f: dollars(c.prf),
        nTh: c.nTh,
        iStatus: c.iStatus,
        status: c.status,
        // 001 §3's names again (decision 043): the approval, the active-registration flag, approved.
        status_clsReg: c.status,
        status_clsRegAct: !c.isDropped && c.status !== -1 ? 1 : 0,
        approved: c.status === 1,
        Date_i: c.Date_i,
        Date_f: c.Date_f,
        isDropped: c.isDropped,
      })),
      tuit: null,
      trmCond: r.terms.map((t) => ({
        id: t.id,
        title: t.title,
        version: t.version,
        accepted: t.acceptedVersion !== null,
        acceptedVersion: t.acceptedVersion,
        acceptedAt: t.acceptedAt ? iso(t.acceptedAt) : null,
        acceptedBy: t.acceptedVersion !== null ? name(t.af ?? '', t.al ?? '') : null,
        outdated: t.acceptedVersion !== null && t.acceptedVersion < t.version,
      })),
      aReg: a.status === 'active',
    },
  ]);
});

await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(`listening ${typeof address === 'object' && address ? address.port : ''}`);
process.once(
  'SIGTERM',
  () =>
    void app
      .close()
      .then(() => db.close())
      .then(() => process.exit(0)),
);
