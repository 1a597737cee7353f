import { desc } from 'drizzle-orm';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema/mail';
import { type MailMessage, renderMail } from './templates';

/**
 * Puts a message in the outbox. Call it with the transaction that caused the mail, so the mail
 * exists exactly when the change does; the delivery job sends it.
 */
export async function enqueueMail(
  db: Db,
  mail: MailMessage & { to: string; companyId?: string | null },
): Promise<void> {
  const rendered = renderMail(mail);
  await db.insert(mailOutbox).values({
    to: mail.to,
    companyId: mail.companyId ?? null,
    template: mail.template,
    ...rendered,
  });
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
