import { dateOnlySchema } from '@pirouette/domain';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { freshDatabase } from '../../test/build-test-app';
import type { Database } from '../db/client';
import { jobs } from '../db/schema/jobs';
import type { Clock } from '../lib/clock';
import { announce, defineEvent, defineJob, enqueueJob, JobPayloadError, jobHandler } from './define';
import { enqueue, type JobHandlers, runDue } from './runner';

/**
 * Typed jobs and events (decision 046): a payload its schema refuses is refused when queued, before
 * anything is written; a listener's work is its own job, keyed by the occurrence, so an occurrence
 * announced again queues and runs nothing again.
 */

let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await database.db.delete(jobs);
});

const db = () => database.db;
// Later than the database's now(), at which a job queued without `runAt` is due.
const clock: Clock = { now: () => new Date('2099-01-01T00:00:00Z') };
const jobRows = () => db().select().from(jobs).orderBy(asc(jobs.createdAt), asc(jobs.kind));

const charge = defineJob({
  kind: 'test.charge',
  payload: z.object({ familyId: z.string().min(1), cents: z.number().int().positive() }),
  summary: 'A test charge',
});
const dayPosted = defineEvent({
  event: 'test.day-posted',
  payload: z.object({ day: dateOnlySchema }),
  summary: 'A test day posted',
});
const onDay = defineJob({
  kind: 'test.on-day',
  payload: z.object({ day: dateOnlySchema }),
  summary: 'A listener of the test day',
});

describe('enqueueJob', () => {
  it('refuses a payload its schema refuses, with a sentence naming the field, and queues nothing', async () => {
    const bad = [
      { familyId: 'f1', cents: -5 },
      { familyId: '', cents: 100 },
      { familyId: 'f1', cents: 1.5 },
      { familyId: 'f1' },
    ];
    for (const payload of bad) {
      await expect(
        // biome-ignore lint/suspicious/noExplicitAny: a payload of the wrong shape, as a mistake would give it
        enqueueJob(db(), charge, { key: 'k', payload: payload as any }),
      ).rejects.toThrow(JobPayloadError);
    }
    await expect(
      enqueueJob(db(), charge, { key: 'k', payload: { familyId: 'f1', cents: 0 } }),
    ).rejects.toThrow(/The payload of a test\.charge job is refused: cents/);
    expect(await jobRows()).toEqual([]);
  });

  it('queues an accepted payload once, as its schema keeps it', async () => {
    const payload = { familyId: 'f1', cents: 600, extra: 'dropped' };
    expect(await enqueueJob(db(), charge, { key: 'f1:1', payload })).toBe(true);
    expect(await enqueueJob(db(), charge, { key: 'f1:1', payload })).toBe(false);
    const rows = await jobRows();
    expect(rows.map((r) => [r.kind, r.key, r.payload])).toEqual([
      ['test.charge', 'f1:1', { familyId: 'f1', cents: 600 }],
    ]);
  });
});

describe('jobHandler', () => {
  it('hands the run its payload parsed, and fails a job whose stored payload its schema refuses', async () => {
    const seen: unknown[] = [];
    const handlers = jobHandler(charge, {
      async run(_ctx, payload) {
        seen.push(payload);
      },
    });
    // Due one after the other: two rows written in the same millisecond would otherwise run in either order.
    const at = (ms: number) => new Date(Date.parse('2026-01-01T00:00:00Z') + ms);
    await enqueueJob(db(), charge, { key: 'good', runAt: at(0), payload: { familyId: 'f1', cents: 600 } });
    // Written around the schema, as a row from before it would be.
    await enqueue(db(), {
      kind: charge.kind,
      key: 'bad',
      runAt: at(1000),
      payload: { familyId: 'f1', cents: 'six' },
    });
    const runs = await runDue({ db: db(), clock, handlers });
    expect(runs.map((r) => [r.job.key, r.outcome])).toEqual([
      ['good', 'done'],
      ['bad', 'retry'],
    ]);
    expect(runs[1]!.error).toMatch(/test\.charge job bad is refused: cents/);
    expect(seen).toEqual([{ familyId: 'f1', cents: 600 }]);
  });
});

describe('events', () => {
  /** An emitter that announces the day it is given, and a listener that records the days it heard. */
  function scene() {
    const heard: string[] = [];
    const emit = defineJob({ kind: 'test.emit', payload: z.object({ day: z.string() }), summary: 'Emits' });
    const handlers: JobHandlers = {
      ...jobHandler(emit, {
        async run(ctx, { day }) {
          await announce(ctx, ctx.db, dayPosted, {
            key: `studio:${day}`,
            companyId: null,
            payload: { day },
          });
        },
      }),
      ...jobHandler(onDay, {
        listens: { to: dayPosted, payload: ({ day }) => ({ day }) },
        async run(_ctx, { day }) {
          heard.push(day);
        },
      }),
    };
    return { heard, emit, handlers };
  }

  it('queue each listener’s job under the occurrence’s key: announced again, nothing is queued or run again', async () => {
    const { heard, emit, handlers } = scene();
    await enqueueJob(db(), emit, { key: 'first', payload: { day: '2026-12-01' } });
    // The same day announced by a second run of its emitter (a retry, a second server).
    await enqueueJob(db(), emit, { key: 'again', payload: { day: '2026-12-01' } });
    while ((await runDue({ db: db(), clock, handlers })).length > 0);
    expect(heard).toEqual(['2026-12-01']);
    const listened = (await jobRows()).filter((r) => r.kind === onDay.kind);
    expect(listened.map((r) => [r.key, r.state, r.payload])).toEqual([
      ['studio:2026-12-01', 'done', { day: '2026-12-01' }],
    ]);

    // Once more, after the listener's job is done: still nothing.
    const before = await jobRows();
    await enqueueJob(db(), emit, { key: 'third', payload: { day: '2026-12-01' } });
    while ((await runDue({ db: db(), clock, handlers })).length > 0);
    expect(heard).toEqual(['2026-12-01']);
    expect((await jobRows()).length).toBe(before.length + 1);
  });

  it('refuse an occurrence whose payload the event’s schema refuses: no listener’s job is queued', async () => {
    const { heard, emit, handlers } = scene();
    await enqueueJob(db(), emit, { key: 'bad-day', payload: { day: '2026-02-30' } });
    const [run] = await runDue({ db: db(), clock, handlers });
    expect(run!.outcome).toBe('retry');
    expect(run!.error).toMatch(/event test\.day-posted is refused: day/);
    expect(heard).toEqual([]);
    expect((await jobRows()).filter((r) => r.kind === onDay.kind)).toEqual([]);
  });
});
