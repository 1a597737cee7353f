import { randomUUID } from 'node:crypto';
import { desc, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client';
import type { NamedWrite, PendingWrite } from '../db/one-statement';
import { rowsOf } from '../db/rows';
import { jobs } from '../db/schema/jobs';
import { mailOutbox } from '../db/schema/mail';
import { defineJob } from '../jobs/define';
import { DEFAULT_MAX_ATTEMPTS } from '../jobs/runner';
import { type MailMessage, renderMail } from './templates';

/** The mail's job (decisions 023, 046): its handler is jobs/mail-delivery.ts. */
export const mailJobs = {
  /** Keyed by the message's id; the message is the outbox's row, so the payload is empty. */
  deliver: defineJob({
    kind: 'mail.deliver',
    payload: z.object({}),
    summary: 'Sends one message of the outbox through SMTP',
  }),
};

/** The job kind that delivers one message of the outbox. */
export const MAIL_JOB = mailJobs.deliver.kind;

/**
 * Puts a message in the outbox, with the job that delivers it. Call it with the transaction that caused
 * the mail, so the mail and its delivery exist exactly when the change does. With a `key` (what the
 * message is about), a message of that key is written once: a second call writes nothing. Returns
 * the message's subject when it was written, null when it was not.
 */
export async function enqueueMail(
  db: Db,
  mail: MailMessage & { to: string; companyId?: string | null; key?: string },
): Promise<{ subject: string } | null> {
  const { message, subject } = messageInsert(db, mail);
  // The message and its job in one statement (decision 078): the job only when the message was written.
  const written = await rowsOf<{ id: string }>(
    db,
    sql`with m as (${message.getSQL()}), j as (${jobOfMessage('m')}) select id from m`,
  );
  if (written.length === 0) return null;
  return { subject };
}

/**
 * A message and its delivery job as writes of the caller's statement (decision 084), built and not
 * sent: the message a CTE named `name`, whose RETURNING rows (none when a message of its key was
 * written already) the job is inserted from, as a later write of the caller's may be (its log line).
 */
export function mailWrites(
  db: Db,
  mail: MailMessage & { to: string; companyId?: string | null; key?: string },
  name: string,
): { writes: (PendingWrite | NamedWrite)[]; subject: string } {
  const { message, subject } = messageInsert(db, mail);
  return { writes: [{ name, write: message }, jobOfMessage(name)], subject };
}

function messageInsert(db: Db, mail: MailMessage & { to: string; companyId?: string | null; key?: string }) {
  const rendered = renderMail(mail);
  const message = db
    .insert(mailOutbox)
    .values({
      id: randomUUID(),
      to: mail.to,
      companyId: mail.companyId ?? null,
      template: mail.template,
      key: mail.key ?? null,
      ...rendered,
    })
    .onConflictDoNothing({ target: mailOutbox.key })
    .returning({ id: mailOutbox.id });
  return { message, subject: rendered.subject };
}

/**
 * The delivery job of each message the CTE `from` answers. No studio on the job: delivery does not
 * depend on the studio's day, and the message outlives the studio (its company_id is set null), while a
 * studio's jobs end with it.
 */
function jobOfMessage(from: string) {
  return sql`insert into ${jobs} (kind, key, payload, max_attempts)
    select ${mailJobs.deliver.kind}, m.id::text, '{}'::jsonb, ${DEFAULT_MAX_ATTEMPTS}::int from ${sql.identifier(from)} m
    on conflict (kind, key) do nothing`;
}

/**
 * Puts many messages in the outbox at once, each with its key (written once: a key already there
 * writes nothing), and their delivery jobs: two statements whatever their number (an import's
 * invitations, decision 054). Answers how many were written.
 */
export async function enqueueMails(
  db: Db,
  mails: (MailMessage & { to: string; companyId?: string | null; key: string })[],
): Promise<number> {
  let written = 0;
  for (let i = 0; i < mails.length; i += 500) {
    const rows = await db
      .insert(mailOutbox)
      .values(
        mails.slice(i, i + 500).map((mail) => ({
          to: mail.to,
          companyId: mail.companyId ?? null,
          template: mail.template,
          key: mail.key,
          ...renderMail(mail),
        })),
      )
      .onConflictDoNothing({ target: mailOutbox.key })
      .returning({ id: mailOutbox.id });
    if (rows.length === 0) continue;
    written += rows.length;
    await db
      .insert(jobs)
      .values(rows.map((m) => ({ kind: MAIL_JOB, key: m.id, payload: {} })))
      .onConflictDoNothing({ target: [jobs.kind, jobs.key] });
  }
  return written;
}

export type OutboxEntry = { to: string; subject: string; text: string; html: string; createdAt: string };

/** The newest messages first, for the embedded mail viewer. */
export async function listOutbox(db: Db, limit = 100): Promise<OutboxEntry[]> {
  const rows = await db
    .select({
      to: mailOutbox.to,
      subject: mailOutbox.subject,
      text: mailOutbox.text,
      html: mailOutbox.html,
      createdAt: mailOutbox.createdAt,
    })
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.seq))
    .limit(limit);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}
