import {
  addDays,
  cardLabel,
  EXPIRY_FLAG_DAYS,
  expiryMonthOf,
  flagExpiryBeforeCharge,
} from '@pirouette/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { paymentCards } from '../../db/schema/payments';
import { enqueueMail } from '../../mail/outbox';
import { familyAddress, latestDueItems } from '../ledger';

/**
 * A card that will have expired by the family's next automatic charge is flagged to the family at least
 * 7 days ahead (issue 37 item 4, decision 071; the rule is `flagExpiryBeforeCharge`): the month-ahead
 * notice (`noticeExpiringCards`) tells every card a month before its expiry month ends; this one makes
 * sure a family on auto-pay hears of it before the charge it would fail, whatever its due dates. Told
 * once per card and expiry month (`expiry_notice_for`, shared with the month-ahead notice, marked in
 * the mail's transaction; the outbox keyed by card and month). A card renewed by the account updater
 * has its new expiry by then (the updater runs `UPDATER_LEAD_DAYS` before the due date) and is not
 * flagged. Returns how many families were told.
 */
export async function flagCardsExpiringBeforeCharge(db: Db, companyId: string, day: string): Promise<number> {
  const result = (await db.execute(
    sql`select c.id, c.family_id, c.brand, c.last4, c.exp_month, c.exp_year, n.next_due::text as next_due
        from payment_cards c
        join autopay_consents a on a.company_id = c.company_id and a.family_id = c.family_id
          and a.withdrawn_at is null and a.paused_at is null
        join lateral (select min(d.date_due) as next_due from (${latestDueItems(companyId)}) d
          where d.family_id = c.family_id and d.val > 0 and d.date_due >= ${day}::date) n on true
        where c.company_id = ${companyId} and c.rank = 'primary' and c.kind = 'card'
          and c.removed_at is null and c.unusable_at is null
          and n.next_due <= ${addDays(day, EXPIRY_FLAG_DAYS)}::date
          and c.expiry_notice_for is distinct from (c.exp_year::text || '-' || lpad(c.exp_month::text, 2, '0'))`,
  )) as unknown as { rows: Record<string, unknown>[] };
  let told = 0;
  for (const row of result.rows) {
    const card = { expMonth: Number(row.exp_month), expYear: Number(row.exp_year) };
    if (!flagExpiryBeforeCharge(card, String(row.next_due), day)) continue;
    const month = expiryMonthOf(card);
    const cardId = String(row.id);
    const familyId = String(row.family_id);
    await db.transaction(async (tx) => {
      const marked = await tx
        .update(paymentCards)
        .set({ expiryNoticeFor: month })
        .where(
          and(eq(paymentCards.id, cardId), sql`${paymentCards.expiryNoticeFor} is distinct from ${month}`),
        )
        .returning({ id: paymentCards.id });
      if (marked.length === 0) return;
      const address = await familyAddress(tx, companyId, familyId);
      if (!address?.to) return;
      await enqueueMail(tx, {
        template: 'card-expiring',
        to: address.to,
        companyId,
        key: `card-expiring:${cardId}:${month}`,
        data: {
          studioName: address.studioName,
          studioContact: address.studioContact,
          family: address.family,
          card: cardLabel({ brand: String(row.brand), last4: String(row.last4) }),
          expires: `${String(card.expMonth).padStart(2, '0')}/${card.expYear}`,
          autopay: true,
        },
      });
      told += 1;
    });
  }
  return told;
}
