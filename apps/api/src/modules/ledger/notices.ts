import {
  addDays,
  centsText,
  compareDates,
  FAMILY_LOG_ACTIONS,
  type FamilyEmailKind,
  formatDateOnly,
  lateFeeDay,
  type StudioMoneySettings,
} from '@pirouette/domain';
import type { Db } from '../../db/client';
import type { NamedWrite, PendingWrite } from '../../db/one-statement';
import { familyLogEntries, logFamily } from '../../kernel/family-log';
import { auditInsertFrom } from '../../lib/audit';
import type { FamilyNotice, NoticeCharge } from '../../mail/family-notices';
import { enqueueMail, mailWrites } from '../../mail/outbox';
import type { Book, BookCharge } from './book';
import { familyAddress, type MailAddress, workingLine } from './mails';
import type { LedgerCtx } from './operations/context';
import { studioMoneySettings } from './settings';

/**
 * What families are told of what they owe and of their registrations (issue 31 point 11, decision 040):
 * each notice goes through the outbox in the transaction that causes it, once (its key: what it is
 * about, e.g. `bill:<charge>`, so a billing day run again sends nothing), when the studio has that kind
 * on and the family an address; and the family's log says it was sent.
 */

/** The overdue reminder comes this many days before the late fee would be added. */
export const OVERDUE_NOTICE_DAYS = 3;

/** Where a family pays and reads its account: the parents' portal. */
export const portalLink = (appUrl: string) => `${appUrl}/accounts/parents`;

/** Puts one notice in the outbox and the family's log. Returns whether it was sent (not before, not off). */
export async function noticeFamily(
  tx: Db,
  a: {
    companyId: string;
    familyId: string;
    kind: FamilyEmailKind;
    key: string;
    settings?: StudioMoneySettings;
    notice: (address: MailAddress) => FamilyNotice;
  },
): Promise<boolean> {
  const settings = a.settings ?? (await studioMoneySettings(tx, a.companyId));
  if (!settings.familyEmails[a.kind]) return false;
  const address = await familyAddress(tx, a.companyId, a.familyId);
  if (!address?.to) return false;
  const sent = await enqueueMail(tx, {
    ...a.notice(address),
    to: address.to,
    companyId: a.companyId,
    key: a.key,
  });
  if (!sent) return false;
  await logFamily(tx, {
    actor: { userId: null, companyId: a.companyId },
    familyId: a.familyId,
    action: FAMILY_LOG_ACTIONS.emailSent,
    detail: { kind: a.kind, to: address.to, subject: sent.subject },
  });
  return true;
}

/**
 * noticeFamily's writes, built and not sent, for a caller that read the studio's settings and the
 * family's address already and sends them with its own rows (a class change's confirmation, decision
 * 084): the message, its job and the family's log line, each of the last two written only when the
 * message is (a message of the key written already writes nothing). None when the kind is off or the
 * family has no address.
 */
export function noticeFamilyWrites(
  db: Db,
  a: {
    companyId: string;
    familyId: string;
    kind: FamilyEmailKind;
    key: string;
    settings: StudioMoneySettings;
    address: MailAddress | null;
    notice: (address: MailAddress) => FamilyNotice;
  },
): (PendingWrite | NamedWrite)[] {
  const { address } = a;
  if (!a.settings.familyEmails[a.kind] || !address?.to) return [];
  const name = 'notice_mail';
  const mail = mailWrites(
    db,
    { ...a.notice(address), to: address.to, companyId: a.companyId, key: a.key },
    name,
  );
  const [line] = familyLogEntries({ userId: null, companyId: a.companyId }, [
    {
      familyId: a.familyId,
      action: FAMILY_LOG_ACTIONS.emailSent,
      detail: { kind: a.kind, to: address.to, subject: mail.subject },
    },
  ]);
  return [...mail.writes, auditInsertFrom(line!, name)];
}

/** The studio's part of every notice. */
export const studioPart = (address: MailAddress) => ({
  studioName: address.studioName,
  studioContact: address.studioContact,
  family: address.family,
});

/** A charge as a notice tells it: its working unless the one line says the item again. */
export const noticeCharge = (c: Pick<BookCharge, 'item' | 'total' | 'dueDate' | 'lines'>): NoticeCharge => ({
  item: c.item,
  amount: centsText(c.total),
  due: formatDateOnly(c.dueDate),
  why: c.lines.length === 1 && c.lines[0]!.label.trim() === c.item.trim() ? [] : c.lines.map(workingLine),
});

/** Whether a family is on automatic payments (not withdrawn, not paused): the payments module answers it. */
export type AutopayCheck = (tx: Db, companyId: string, familyId: string) => Promise<boolean>;

/** Days after its due date an item's overdue reminder falls on, or null when the grace is too short for one. */
export const overdueNoticeDays = (graceDays: number): number | null =>
  graceDays - OVERDUE_NOTICE_DAYS < 1 ? null : graceDays - OVERDUE_NOTICE_DAYS;

/** The day a due item's overdue reminder falls on, or null when the grace is too short for one. */
export function overdueNoticeDay(due: string, graceDays: number): string | null {
  const lead = overdueNoticeDays(graceDays);
  return lead === null ? null : addDays(due, lead);
}

/**
 * After the billing of a family (billFamily, under its lock, in its transaction): a bill for the charges
 * just posted (not to a family on automatic payments, which had its reminder and gets its receipt), a
 * notice for each late fee just added, and the overdue reminders that fall due by today.
 */
export async function noticeBilling(
  ctx: LedgerCtx,
  book: Book,
  a: {
    settings: StudioMoneySettings;
    appUrl: string;
    /** Whether the family pays automatically (the payments module's to say: billFamily's `notify`). */
    onAutopay: AutopayCheck;
    billed: string[];
    lateFees: string[];
  },
): Promise<void> {
  const { tx, companyId, familyId } = ctx;
  const link = portalLink(a.appUrl);
  const base = { companyId, familyId, settings: a.settings };
  const charges = book.charges.filter((c) => a.billed.includes(c.id) && c.total > 0);
  if (charges.length > 0 && !(await a.onAutopay(tx, companyId, familyId))) {
    const total = charges.reduce((s, c) => s + c.total, 0);
    await noticeFamily(tx, {
      ...base,
      kind: 'bill',
      key: `bill:${charges[0]!.id}`,
      notice: (address) => ({
        template: 'bill',
        data: {
          ...studioPart(address),
          charges: charges.map(noticeCharge),
          total: centsText(total),
          balance: centsText(book.balance),
          link,
        },
      }),
    });
  }
  for (const fee of book.charges.filter((c) => a.lateFees.includes(c.id))) {
    await noticeFamily(tx, {
      ...base,
      kind: 'lateFee',
      key: `late-fee:${fee.id}`,
      notice: (address) => ({
        template: 'late-fee',
        data: {
          ...studioPart(address),
          item: fee.item.replace(/^Late fee: /, ''),
          fee: centsText(fee.total),
          why: fee.lines[0]?.label ?? fee.reason,
          balance: centsText(book.balance),
          link,
        },
      }),
    });
  }
  await noticeOverdue(ctx, book, { settings: a.settings, link });
}

/**
 * The overdue reminders of a family: each tuition due item still open, with no late fee yet, whose
 * reminder day (OVERDUE_NOTICE_DAYS before the late fee's) has come and whose late fee has not.
 */
async function noticeOverdue(
  ctx: LedgerCtx,
  book: Book,
  a: { settings: StudioMoneySettings; link: string },
): Promise<void> {
  const { amount, afterDays } = a.settings.lateFee;
  if (amount <= 0) return;
  const byItem = new Map<string, BookCharge[]>();
  for (const c of book.charges) {
    if (c.category !== 'tuition' || !c.dueKey || c.removed || c.total <= 0) continue;
    byItem.set(c.dueKey, [...(byItem.get(c.dueKey) ?? []), c]);
  }
  for (const [dueKey, charges] of byItem) {
    const open = charges.reduce((s, c) => s + c.open, 0);
    if (open <= 0 || book.charges.some((c) => c.dueKey === `${dueKey}:late`)) continue;
    const due = charges.map((c) => c.dueDate).sort()[0]!;
    const day = overdueNoticeDay(due, afterDays);
    const feeOn = lateFeeDay(due, afterDays);
    if (!day || compareDates(day, ctx.today) > 0 || compareDates(feeOn, ctx.today) <= 0) continue;
    await noticeFamily(ctx.tx, {
      companyId: ctx.companyId,
      familyId: ctx.familyId,
      settings: a.settings,
      kind: 'overdue',
      key: `overdue:${dueKey}`,
      notice: (address) => ({
        template: 'overdue-reminder',
        data: {
          ...studioPart(address),
          items: [
            {
              item: charges[0]!.item.replace(/, change$/, ''),
              open: centsText(open),
              due: formatDateOnly(due),
            },
          ],
          fee: centsText(amount),
          feeOn: formatDateOnly(feeOn),
          balance: centsText(book.balance),
          link: a.link,
        },
      }),
    });
  }
}

/** A check came back unpaid (ledger.service.ts returnCheck, in its transaction): the payment taken back and the fee. */
export function noticeReturnedCheck(
  ctx: LedgerCtx,
  book: Book,
  a: {
    payment: { id: string; total: number; reference: string; receivedOn: string };
    fee: number;
    settings: StudioMoneySettings;
    appUrl: string;
  },
): Promise<boolean> {
  const p = a.payment;
  return noticeFamily(ctx.tx, {
    companyId: ctx.companyId,
    familyId: ctx.familyId,
    settings: a.settings,
    kind: 'returnedCheck',
    key: `returned-check:${p.id}`,
    notice: (address) => ({
      template: 'returned-check',
      data: {
        ...studioPart(address),
        check: `check${p.reference ? ` ${p.reference}` : ''} of ${formatDateOnly(p.receivedOn)}`,
        amount: centsText(p.total),
        fee: a.fee > 0 ? centsText(a.fee) : '',
        balance: centsText(book.balance),
        link: portalLink(a.appUrl),
      },
    }),
  });
}
