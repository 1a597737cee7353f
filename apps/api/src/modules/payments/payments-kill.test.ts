import { randomUUID } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFamily, createPerson, joinFamily } from '../../../test/factories';
import { CARDS, tokenOf } from '../../../test/finix/cards';
import { type FakeFinix, type Held, type HoldAt, startFakeFinix } from '../../../test/finix/fake-finix';
import { giveMerchant } from '../../../test/merchants';
import { paymentAttempts } from '../../db/schema/payments';
import { ledgerBreaches } from '../ledger/ledger-model.fixture';
import { NO_RECORD } from './attempts';
import {
  call,
  finixEnv,
  freePort,
  type KillDatabase,
  killAll,
  killDatabase,
  runJobs,
  type ServerProcess,
  startServer,
} from './payments-kill.fixture';

/**
 * The real server, as a process, killed (SIGKILL) in the middle of parents' card payments (issue 17
 * point 7), across random runs: the product's Finix client over HTTP to a fake Finix in this process,
 * which holds each sale at its chosen moment while the test kills the server. Each run sends one to three
 * families' checkouts at once, each cut at a point of its own, and kills the server once. Then, now or
 * after a later run, the jobs command runs the reconciler on the same database (its job, due two minutes
 * after the attempt, runs with the clock at the end of today), and the server starts again. Afterwards:
 * no family is charged twice, every transfer the processor captured is booked exactly once, every attempt
 * is settled, the books balance, and a checkout sent again answers from its attempt without charging.
 *
 * `CARD_KILL_RUNS` kills (2 by default: each costs a start of the server, and often one of the jobs
 * command); `CARD_KILL_SEED` replays a run's random choices.
 */

type KillAt =
  /** The processor made the transfer; its answer is held, the server killed, the connection cut (the case). */
  | 'answerHeld'
  /** The sale reached the processor, which has not acted; the server killed; the processor then acts. */
  | 'inFlightActsLater'
  /** As above, but the processor never acts: nothing was charged. */
  | 'inFlightNeverActs'
  /** The processor's answer has just been sent; the server killed at once, racing its commit. */
  | 'answerArriving'
  /** The control: the server answered the parent, then it is killed. */
  | 'afterAnswer';

const HOLD: Record<KillAt, HoldAt> = {
  answerHeld: 'afterAct',
  inFlightActsLater: 'beforeAct',
  inFlightNeverActs: 'beforeAct',
  answerArriving: 'afterAnswer',
  afterAnswer: 'afterAnswer',
};

/** How often each point is drawn: the case most. */
const KILL_POINTS: KillAt[] = [
  'answerHeld',
  'answerHeld',
  'answerHeld',
  'inFlightActsLater',
  'inFlightNeverActs',
  'answerArriving',
  'answerArriving',
  'afterAnswer',
];

/** A small seeded generator (mulberry32), so a failing run can be replayed with its seed. */
function randomFrom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}

const RUNS = Number(process.env.CARD_KILL_RUNS ?? 2);
const SEED = Number(process.env.CARD_KILL_SEED ?? Math.floor(Math.random() * 2 ** 31));
const FAMILIES = 3;
/** Cents the fake processor declines whatever the card (engine-cards.ts, TEST_AMOUNTS.declined). */
const DECLINED_CENTS = 102;

type Family = { id: string; email: string; token: string };
/** One family's checkout in a run, cut by the run's kill at a point of its own. */
type Run = {
  /** Numbered across runs. */
  n: number;
  family: Family;
  cents: number;
  killAt: KillAt;
  requestId: string;
  bill: string;
  item: string;
  /** The attempt's id, read from the sale the processor received (its idempotency id). */
  attemptId: string;
  /** The reconciler's looks at it since the kill (a second look needs a later day), and the last one's day. */
  looks: number;
  lookedOn: number;
};

let fake: FakeFinix;
let database: KillDatabase;
let server: ServerProcess | null = null;
let port: number;
const families: Family[] = [];
const started = Date.now();
/** Where the time goes, in ms: the processes started, the database opened here. */
const spent = { prepare: 0, start: 0, jobs: 0, open: 0 };
const timed = async <T>(what: keyof typeof spent, work: () => Promise<T>): Promise<T> => {
  const from = Date.now();
  try {
    return await work();
  } finally {
    spent[what] += Date.now() - from;
  }
};

const env = () => ({ ...database.env, ...finixEnv(fake) });

async function start() {
  server = await timed('start', () => startServer({ port, env: env() }));
  return server;
}

/** Kills the server (SIGKILL, its whole process group) and waits until it is gone. */
async function stop() {
  await server?.kill();
  server = null;
}

/**
 * The jobs command, the reconciler among them, with its clock at the end of `day` days from now (five
 * minutes ahead: the reconciler's first look is due two minutes after the attempt). A job that failed
 * is run again only on a later day, so a second look at a sale needs a later `day`. PGlite is one
 * process's: the command runs while the server is down.
 */
async function reconcile(runs: Run[], day: number) {
  const until = new Date(Date.now() + 5 * 60_000 + day * 86_400_000).toISOString().slice(0, 10);
  await timed('jobs', () => runJobs({ until, env: env() }));
  for (const run of runs) {
    if (run.looks === 0 || day > run.lookedOn) {
      run.looks += 1;
      run.lookedOn = day;
    }
  }
}

/**
 * `work` on the database (the jobs command, or reading it here), and the server started: on PGlite one
 * after the other, since its database is one process's; on PostgreSQL at once, as an operator may run
 * the command beside a running server.
 */
async function reconcileBeside<T>(restart: () => Promise<unknown>, work: () => Promise<T>): Promise<T> {
  if (database.kind === 'pglite') {
    const done = await work();
    await restart();
    return done;
  }
  const [done] = await Promise.all([work(), restart()]);
  return done;
}

/** The families' attempts, the studio's card payments in the ledger, and what breaks the books' rules. */
async function readBooks() {
  const opened = await timed('open', () => database.open());
  try {
    const db = opened.db;
    const attempts = await db
      .select()
      .from(paymentAttempts)
      .where(
        inArray(
          paymentAttempts.familyId,
          families.map((f) => f.id),
        ),
      );
    const found = (await db.execute(
      sql`select t.idempotency_key as key, p.total, p.family_id as family from ledger_payments p
          join ledger_transactions t on t.id = p.tx_id
          where p.company_id = ${database.companyId} and p.method = 'card'`,
    )) as unknown as { rows: { key: string; total: number; family: string }[] };
    return { attempts, booked: found.rows, breaches: await ledgerBreaches(db) };
  } finally {
    await opened.close();
  }
}

/** Every sale (DEBIT) the fake processor holds for the studio. */
async function processorSales() {
  const listed = await fake.engine.handle({ method: 'GET', path: '/transfers', query: {} });
  const transfers =
    (listed.body as { _embedded?: { transfers?: Record<string, unknown>[] } })._embedded?.transfers ?? [];
  return transfers
    .filter((x) => x.type === 'DEBIT' && (x.tags as Record<string, string>)?.studio === database.companyId)
    .map((x) => ({
      id: String(x.id),
      state: String(x.state),
      amount: Number(x.amount),
      attempt: String(x.idempotency_id),
      family: (x.tags as Record<string, string>).family!,
    }));
}
type Sale = Awaited<ReturnType<typeof processorSales>>[number];

/** How many sales the processor has been asked for so far. */
const salesAsked = () => fake.requests.filter((r) => r.method === 'POST' && r.path === '/transfers').length;

const checkout = (run: Run, requestId = run.requestId) =>
  call(server!.url, 'POST', `/api/finix/customer/transaction/authorize/${run.bill}/payment`, {
    token: run.family.token,
    body: { balance: run.cents / 100, items: [run.item], requestId },
  });

/** Whether the server itself may have booked the processor's answer before it was killed. */
const serverMayHaveSettled = (run: Run) => run.killAt === 'answerArriving' || run.killAt === 'afterAnswer';

/** Whether the family may have a sale in flight (not settled yet), by what the test knows of its runs. */
const mayBeInFlight = (run: Run) =>
  run.killAt === 'inFlightNeverActs' ? run.looks < 2 : run.looks === 0 && run.killAt !== 'afterAnswer';

/**
 * The checkout sent again with its requestId, after the restart: answered from its attempt as it
 * stands (by the processor's record and the reconciler's looks so far), the processor never asked again.
 * Answers whether the attempt is settled.
 */
async function expectReplayAnswered(run: Run, sale: Sale | undefined): Promise<'settled' | 'unsettled'> {
  const res = await checkout(run);
  const why = `checkout ${run.n} (${run.killAt}, ${run.looks} looks, seed ${SEED}): ${JSON.stringify(res.body)}`;
  const answer = (res.body as [boolean, Record<string, unknown>])[1];
  const unknown = res.status === 200 && (answer as { state?: string }).state === 'unknown';
  // Before the reconciler, only the server's own booking settles it (and a kill may have beaten it).
  if (run.looks === 0 && (unknown || !serverMayHaveSettled(run))) {
    expect(unknown, why).toBe(true);
    expect(run.killAt === 'afterAnswer', `${why}: the server answered, then forgot`).toBe(false);
    return 'unsettled';
  }
  if (sale?.state === 'SUCCEEDED') {
    expect(res.status, why).toBe(200);
    expect(answer, why).toMatchObject({ state: 'succeeded', amount: run.cents / 100 });
  } else if (sale) {
    expect(res.status, why).toBe(402);
  } else if (run.looks < 2) {
    // One look found nothing: the reconciler looks again later before it believes nothing was charged.
    expect(unknown, why).toBe(true);
    return 'unsettled';
  } else {
    expect(res.status, why).toBe(422);
    expect(String(answer), why).toContain('nothing was charged');
  }
  return 'settled';
}

beforeAll(async () => {
  fake = await startFakeFinix();
  database = await timed('prepare', () =>
    killDatabase(async (db, seed) => {
      // Studio A is paid into the fake Finix's merchant (decision 049).
      await giveMerchant(db, seed.companyA, 'finix', fake.merchantId);
      for (let i = 1; i <= FAMILIES; i++) {
        const email = `kill-parent${i}@example.com`;
        await createPerson(db, { email, companyId: seed.companyA, role: 'user' });
        const family = await createFamily(db, seed.companyA);
        await joinFamily(db, { companyId: seed.companyA, familyId: family.id, email });
        families.push({ id: family.id, email, token: '' });
      }
    }),
  );
  port = await freePort();
  await start();
  for (const family of families) {
    const signIn = await call(server!.url, 'POST', '/api/auth/login', {
      body: { email: family.email, password: 'Parent123' },
    });
    expect(signIn.status, JSON.stringify(signIn.body)).toBe(200);
    family.token = signIn.body[1].token;
    // The card form tokenizes at the processor; the API gets only the token.
    const saved = await call(server!.url, 'POST', '/api/finix/customer/paymentInstrument', {
      token: family.token,
      body: { token: await tokenOf(fake.engine, CARDS.succeeds) },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  }
}, 120_000);

afterAll(async () => {
  await killAll();
  await fake?.close();
  await database?.remove();
});

describe('the server killed mid-payment', () => {
  it('charges no family twice and books every captured sale once, the books balanced', async () => {
    const random = randomFrom(SEED);
    const ownerSignIn = await call(server!.url, 'POST', '/api/auth/login', { body: database.owner });
    expect(ownerSignIn.status, JSON.stringify(ownerSignIn.body)).toBe(200);
    const owner = ownerSignIn.body[1].token as string;
    const runs: Run[] = [];
    const cut: Record<string, number> = {};
    /** The jobs command's day (from today): a second look at a sale needs a later one. */
    let day = 0;
    // A family with a sale in flight is refused another (409): each checkout takes a family without one.
    const freeFamilies = () => families.filter((f) => !runs.some((r) => r.family === f && mayBeInFlight(r)));

    for (let kill = 1; kill <= RUNS; kill++) {
      const free = freeFamilies();
      const these: Run[] = [];
      for (let left = random.int(1, free.length); left > 0; left--) {
        const family = free.splice(random.int(0, free.length - 1), 1)[0]!;
        const killAt = random.pick(KILL_POINTS);
        const cents = random.int(0, 7) === 0 ? DECLINED_CENTS : random.int(500, 40_000);
        const name = `Kill ${kill} of ${family.email}`;
        const bill = await call(server!.url, 'POST', `/api/transactions/item/${family.id}`, {
          token: owner,
          body: {
            item: { typeID: 'costume', item: name, amount: cents / 100, quantity: 1, total: cents / 100 },
          },
        });
        expect(bill.status, JSON.stringify(bill.body)).toBe(200);
        these.push({
          n: runs.length + these.length + 1,
          family,
          cents,
          killAt,
          requestId: randomUUID(),
          bill: bill.body[1].id,
          item: bill.body[1].items.find((i: { item: string }) => i.item === name).id,
          attemptId: '',
          looks: 0,
          lookedOn: -1,
        });
        cut[killAt] = (cut[killAt] ?? 0) + 1;
      }
      runs.push(...these);

      // Every family's sale is held at its chosen moment (the controls answered), then the server killed.
      const sending = these.map((run) => {
        const holding = fake.holdNext({
          at: HOLD[run.killAt],
          method: 'POST',
          path: '/transfers',
          matches: (body) => (body as { tags?: { family?: string } })?.tags?.family === run.family.id,
        });
        const sent = checkout(run).then(
          (res) => ({ res }),
          (error: Error) => ({ lost: error.message }),
        );
        const held = Promise.race([
          holding,
          sent.then((outcome): Held => {
            throw new Error(
              `checkout ${run.n}: it ended before the processor got the sale: ${JSON.stringify(outcome)}`,
            );
          }),
        ]);
        return { run, sent, held };
      });
      const held = await Promise.all(sending.map((x) => x.held));
      for (const [i, { run, sent }] of sending.entries()) {
        run.attemptId = (held[i]!.body as { idempotency_id: string }).idempotency_id;
        if (run.killAt !== 'afterAnswer') continue;
        const outcome = await sent;
        expect('res' in outcome && outcome.res.status, `checkout ${run.n}: ${JSON.stringify(outcome)}`).toBe(
          run.cents === DECLINED_CENTS ? 402 : 200,
        );
      }
      await stop();
      for (const [i, { run }] of sending.entries())
        held[i]!.release({ act: run.killAt !== 'inFlightNeverActs' });
      for (const { run, sent } of sending) {
        const outcome = await sent;
        // The parent never heard: the server died holding the request.
        if (HOLD[run.killAt] !== 'afterAnswer') {
          expect('lost' in outcome, `checkout ${run.n}: ${JSON.stringify(outcome)}`).toBe(true);
        }
      }
      await fake.idle();
      const salesNow = await processorSales();
      for (const run of these) {
        const acted = salesNow.some((s) => s.attempt === run.attemptId);
        expect(acted, `checkout ${run.n} (${run.killAt}): whether the processor acted`).toBe(
          run.killAt !== 'inFlightNeverActs',
        );
      }
      // The last run's checkouts are looked at with the others, once everything is settled.
      if (kill === RUNS) break;

      // The reconciler now, or later with other runs' (always when no family would be free otherwise).
      const blocked = (r: Run) => r.killAt === 'inFlightNeverActs' && r.looks < 2;
      if (freeFamilies().length === 0 || random.int(0, 1) === 0) {
        await reconcileBeside(start, async () => {
          await reconcile(runs, day);
          // Only sales the processor never made still wait, for a second look on a later day.
          if (families.every((f) => runs.some((r) => r.family === f && blocked(r)))) {
            day += 1;
            await reconcile(runs, day);
          }
        });
      } else await start();

      // Each parent sends the same checkout again, then a new one for the same item: neither charges.
      const asked = salesAsked();
      for (const run of these) {
        const sale = salesNow.find((s) => s.attempt === run.attemptId);
        const state = await expectReplayAnswered(run, sale);
        if (sale?.state === 'FAILED') continue;
        const again = await checkout(run, randomUUID());
        // Paid already (422), or still in flight (409).
        expect(again.status, `checkout ${run.n}: ${JSON.stringify(again.body)}`).toBe(
          state === 'settled' ? 422 : 409,
        );
      }
      expect(salesAsked(), `kill ${kill}: a sale asked for again`).toBe(asked);
    }

    // The reconciler's looks at what is left: a first one, then a second on a later day for the sales it
    // found nothing of (after ten minutes and two looks, the processor is believed: nothing was charged).
    await stop();
    if (runs.some((r) => r.looks === 0)) await reconcile(runs, day);
    if (runs.some((r) => r.killAt === 'inFlightNeverActs' && r.looks < 2)) {
      day += 1;
      await reconcile(runs, day);
    }

    const sales = await processorSales();
    // What the database holds, read here once no process writes to it any more (the server started for
    // the replays below only answers from it).
    const { attempts, booked, breaches } = await reconcileBeside(start, () => readBooks());
    const captured = sales.filter((s) => s.state === 'SUCCEEDED');
    let doubleCharges = 0;
    // One checkout, one charge at most: by its attempt, and by the item it paid.
    for (const run of runs) {
      const charged = captured.filter((s) => s.attempt === run.attemptId);
      const ofRequest = attempts.filter((a) => a.requestKey === `checkout:${run.requestId}`);
      const ofItem = captured.filter((s) =>
        attempts.some((a) => a.id === s.attempt && a.picked.includes(run.item)),
      );
      if (charged.length > 1 || ofItem.length > 1) doubleCharges += 1;
      expect(
        ofRequest.map((a) => a.id),
        `checkout ${run.n}: one attempt for the checkout`,
      ).toEqual([run.attemptId]);
      expect(ofItem.length, `checkout ${run.n}: the item charged once at most`).toBeLessThanOrEqual(1);
    }
    // Every captured sale is booked once, under its attempt, for its amount; nothing else is booked.
    for (const s of captured) {
      const entries = booked.filter((b) => b.key === `card:${s.attempt}`);
      expect(
        entries.map((b) => b.total),
        `sale ${s.id} (attempt ${s.attempt}, seed ${SEED})`,
      ).toEqual([s.amount]);
    }
    expect(booked.filter((b) => !captured.some((s) => b.key === `card:${s.attempt}`))).toEqual([]);
    for (const family of families) {
      const paid = captured.filter((s) => s.family === family.id).reduce((sum, s) => sum + s.amount, 0);
      const inBooks = booked.filter((b) => b.family === family.id).reduce((sum, b) => sum + b.total, 0);
      expect(inBooks, `family ${family.email}`).toBe(paid);
    }
    // Every attempt settled, and as the processor says.
    for (const a of attempts) {
      const sale = sales.find((s) => s.attempt === a.id);
      const why = `attempt ${a.id}: ${a.state} ${a.failureCode ?? ''}, the processor: ${sale?.state ?? 'nothing'}`;
      expect(['succeeded', 'failed'], why).toContain(a.state);
      if (sale?.state === 'SUCCEEDED') expect(a.state, why).toBe('succeeded');
      else if (sale) expect(a.state, why).toBe('failed');
      else expect(a.failureCode, why).toBe(NO_RECORD);
    }
    expect(breaches).toEqual([]);

    // The same checkouts sent again once everything is settled: each answered from its attempt.
    const asked = salesAsked();
    for (const run of runs) {
      expect(
        await expectReplayAnswered(
          run,
          sales.find((s) => s.attempt === run.attemptId),
        ),
      ).toBe('settled');
    }
    expect(salesAsked(), 'a sale asked for again').toBe(asked);
    await stop();

    const summary = {
      kills: RUNS,
      checkoutsCut: runs.length,
      cut,
      salesAsked: salesAsked(),
      captured: captured.length,
      booked: booked.length,
      doubleCharges,
      database: database.kind,
      seed: SEED,
      seconds: Math.round((Date.now() - started) / 1000),
      spentMs: spent,
    };
    console.info(`card payments, server killed mid-payment: ${JSON.stringify(summary)}`);
    expect(doubleCharges).toBe(0);
  }, 600_000);
});
