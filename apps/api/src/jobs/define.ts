import type { z } from 'zod';
import type { Db } from '../db/client';
import { enqueue, type JobContext, type JobHandler, type JobHandlers, type QueuedJob } from './runner';

/**
 * Typed jobs and events (decision 046), declared like the API's calls (`defineCall`, decision 022): a
 * kind of job is declared once, beside the module whose work it is (`modules/<area>/jobs.ts`), with the
 * zod schema of its payload; whoever queues it goes through `enqueueJob`, which refuses a payload the
 * schema does not accept before anything is written, and its handler (`jobHandler`) receives the payload
 * parsed. The registry (jobs/registry.ts) gathers the handlers.
 *
 * An event is something a module announces without knowing who listens (the billing day posted); a
 * listener is a kind of job that declares the event it hears. Announcing an occurrence queues each
 * listener's job under the occurrence's key, unique within the listener's kind, so an occurrence
 * announced twice (a billing day run again) queues nothing twice: the money guarantees of the runner
 * (one job per kind and key, idempotent handlers) hold for the listeners' work as for any job.
 */

export type JobDefinition = {
  /** The kind, as the `jobs` table keeps it: `<area>.<what>`. */
  readonly kind: string;
  /** The payload's schema: an object of plain values (the row keeps it as JSON). */
  readonly payload: z.ZodType;
  /** What one job of this kind does, for people reading. */
  readonly summary: string;
};

export type EventDefinition = {
  /** The event's name: `<area>.<what happened>`. */
  readonly event: string;
  readonly payload: z.ZodType;
  readonly summary: string;
};

/** Declares a kind of job, keeping its kind's literal and its payload's type. */
export const defineJob = <const J extends JobDefinition>(job: J): J => job;

/** Declares an event. */
export const defineEvent = <const E extends EventDefinition>(event: E): E => event;

/** What a job's or an event's payload is given as, and what its handler receives. */
export type PayloadIn<D extends { payload: z.ZodType }> = z.input<D['payload']>;
export type PayloadOut<D extends { payload: z.ZodType }> = z.output<D['payload']>;

/** A payload its schema refuses: a mistake of the code that queues it, refused before anything is written. */
export class JobPayloadError extends Error {
  constructor(what: string, error: z.ZodError) {
    const issue = error.issues[0];
    super(`The payload of ${what} is refused: ${issue?.path.join('.') || 'payload'}: ${issue?.message}`);
    this.name = 'JobPayloadError';
  }
}

function parsePayload<D extends { payload: z.ZodType }>(
  what: string,
  def: D,
  payload: unknown,
): PayloadOut<D> {
  const parsed = def.payload.safeParse(payload);
  if (!parsed.success) throw new JobPayloadError(what, parsed.error);
  return parsed.data as PayloadOut<D>;
}

/**
 * Queues a job of the declared kind (runner.ts `enqueue`: queued twice is queued once), its payload
 * checked by the kind's schema first: a payload it refuses throws `JobPayloadError` and queues nothing.
 */
export async function enqueueJob<J extends JobDefinition>(
  db: Db,
  def: J,
  job: { key: string; runAt?: Date; companyId?: string | null; payload: PayloadIn<J>; maxAttempts?: number },
): Promise<boolean> {
  return enqueue(db, jobOf(def, job));
}

/** A job of the declared kind as a row to queue (its payload checked as enqueueJob checks it), not sent. */
export function jobOf<J extends JobDefinition>(
  def: J,
  job: { key: string; runAt?: Date; companyId?: string | null; payload: PayloadIn<J>; maxAttempts?: number },
): QueuedJob {
  const payload = parsePayload(`a ${def.kind} job`, def, job.payload);
  return { ...job, kind: def.kind, payload };
}

/**
 * Announces an occurrence of `event` from a job's handler, its payload checked by the event's schema:
 * the listeners' jobs are queued under `key` (see above). Answers how many were queued.
 */
export async function announce<E extends EventDefinition>(
  ctx: Pick<JobContext, 'announce'>,
  db: Db,
  event: E,
  occurrence: { key: string; companyId: string | null; runAt?: Date; payload: PayloadIn<E> },
): Promise<number> {
  const payload = parsePayload(`the event ${event.event}`, event, occurrence.payload);
  return ctx.announce(db, { ...occurrence, event: event.event, payload });
}

type TypedHandler<J extends JobDefinition> = Omit<JobHandler, 'run' | 'listen'> & {
  /** The job's work, given its payload parsed (a job whose stored payload its schema refuses fails). */
  run(ctx: JobContext, payload: PayloadOut<J>): Promise<void>;
};

/**
 * The runner's handler of a declared kind, by kind, to spread into the registry's handlers. With
 * `listens`, the kind is a listener of that event: each occurrence queues one job of it, keyed by the
 * occurrence's key, with the payload `payload` makes of the event's.
 */
export function jobHandler<J extends JobDefinition, E extends EventDefinition = EventDefinition>(
  def: J,
  handler: TypedHandler<J> & { listens?: { to: E; payload(event: PayloadOut<E>): PayloadIn<J> } },
): JobHandlers {
  const { listens, run, ...rest } = handler;
  const typed: JobHandler = {
    ...rest,
    run: (ctx) => run(ctx, parsePayload(`the ${def.kind} job ${ctx.job.key}`, def, ctx.job.payload)),
  };
  if (listens) {
    typed.listen = {
      event: listens.to.event,
      queue: (db, o) =>
        enqueueJob(db, def, {
          key: o.key,
          companyId: o.companyId,
          runAt: o.runAt,
          payload: listens.payload(o.payload as PayloadOut<E>),
        }),
    };
  }
  return { [def.kind]: typed };
}
