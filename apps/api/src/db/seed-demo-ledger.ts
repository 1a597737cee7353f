import { addDays, compareDates } from '@pirouette/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { billFamily, lockBook, recordPayment, removeCharge, studioMoneySettings } from '../modules/ledger';
import type { Db } from './client';
import { familyPlanPayments, familyPlanRevisions, familyTerms } from './schema/enrolment';
import { familyAccounts } from './schema/families';

/**
 * The demo families' books, as the season would have made them up to today (issue 16): each billing
 * day of the plans posted on its date, and each family paying its own way — the Patels in cash on the
 * day, the Hartleys by check, the Nguyens at the studio's card terminal, the Okafors a little ahead (their
 * drop's credit paid part of a month), the Kims by check a few days late; the Russos paid September late
 * (and got the late fee, which the owner waived once) and still owe November with its late fee.
 */
const WAYS: Record<string, { method: 'cash' | 'check' | 'terminal'; after: number; skipFrom?: string }> = {
  Patel: { method: 'cash', after: 0 },
  Hartley: { method: 'check', after: 2 },
  Nguyen: { method: 'terminal', after: 1 },
  Russo: { method: 'cash', after: 18, skipFrom: '11' },
  Okafor: { method: 'cash', after: 0 },
  Kim: { method: 'check', after: 4 },
};

export async function seedDemoLedger(db: Db, studio: { companyId: string; ownerId: string; today: string }) {
  const { companyId, today } = studio;
  const settings = await studioMoneySettings(db, companyId);
  const families = await db
    .select({ id: familyAccounts.id, name: familyAccounts.lastName })
    .from(familyAccounts)
    .where(eq(familyAccounts.companyId, companyId));
  const ids = families.map((f) => f.id);
  if (ids.length === 0) return;
  // The days anything fell due: each revision's payment dates, and the late-fee days after them.
  const dueRows = await db
    .select({
      familyId: familyTerms.familyId,
      dateDue: familyPlanPayments.dateDue,
      effective: familyPlanRevisions.effectiveDate,
    })
    .from(familyPlanPayments)
    .innerJoin(familyPlanRevisions, eq(familyPlanRevisions.id, familyPlanPayments.revisionId))
    .innerJoin(familyTerms, eq(familyTerms.id, familyPlanRevisions.familyTermId))
    .where(and(eq(familyTerms.companyId, companyId), inArray(familyTerms.familyId, ids)));

  for (const family of families) {
    const way = WAYS[family.name];
    const days = new Set<string>();
    for (const r of dueRows.filter((x) => x.familyId === family.id)) {
      days.add(r.dateDue);
      days.add(r.effective);
      days.add(addDays(r.dateDue, settings.lateFee.afterDays));
      if (way) days.add(addDays(r.dateDue, way.after));
    }
    const ordered = [...days].filter((d) => compareDates(d, today) <= 0).sort(compareDates);
    for (const day of ordered) {
      const ctx = { tx: db, companyId, familyId: family.id, today: day, by: { system: 'Billing' } as const };
      await billFamily(ctx, { settings });
      if (!way) continue;
      const book = (await lockBook(db, companyId, family.id))!;
      // Pay what fell due `after` days ago, unless this family stopped paying this month.
      const dueThen = book.charges.filter(
        (c) => c.open > 0 && c.category !== 'late_fee' && addDays(c.dueDate, way.after) === day,
      );
      if (way.skipFrom && day.slice(5, 7) >= way.skipFrom && day.slice(5, 7) <= '12') continue;
      const owed = dueThen.reduce((s, c) => s + c.open, 0);
      if (owed > 0) {
        await recordPayment({ ...ctx, by: { userId: studio.ownerId } }, book, {
          method: way.method,
          total: owed,
          reference:
            way.method === 'check' ? `#${1000 + Number(day.slice(5, 7)) * 10 + family.name.length}` : '',
          picked: dueThen.map((c) => c.id),
          receivedOn: day,
          invoiceId: dueThen[0]!.invoiceId,
          key: `demo-payment:${family.id}:${day}`,
          reason: 'Payment received',
        });
      }
      // The Russos' first late fee, waived by the studio when they paid.
      if (family.name === 'Russo') {
        const late = book.charges.find((c) => c.category === 'late_fee' && !c.removed && c.open > 0);
        if (late && owed > 0 && !book.charges.some((c) => c.category === 'late_fee' && c.removed)) {
          await removeCharge(
            { ...ctx, by: { userId: studio.ownerId } },
            book,
            late.id,
            'Late fee waived: first time, paid the same week',
          );
        }
      }
    }
    await billFamily(
      { tx: db, companyId, familyId: family.id, today, by: { system: 'Billing' } },
      { settings },
    );
  }
}
