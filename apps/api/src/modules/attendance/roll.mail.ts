import { formatDateOnly } from '@pirouette/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { makeupCredits } from '../../db/schema/attendance';
import { students } from '../../db/schema/families';
import { enqueueMail } from '../../mail/outbox';
import { familyAddress, portalLink } from '../ledger';

/**
 * One mail per new make-up credit (decision 063), in the transaction that gave it, keyed by the credit
 * (`makeup-credit:<id>`) so it is written once whatever is sent again: who missed which class on which
 * date, the day to book the make-up by, the portal's address. A family without an address gets none.
 */
export async function mailMakeupCredits(
  tx: Db,
  a: { companyId: string; className: string; credits: readonly string[]; appUrl: string },
): Promise<void> {
  if (a.credits.length === 0) return;
  const rows = await tx
    .select({
      id: makeupCredits.id,
      familyId: makeupCredits.familyId,
      meetingDate: makeupCredits.meetingDate,
      expiresOn: makeupCredits.expiresOn,
      dancer: students.firstName,
    })
    .from(makeupCredits)
    .innerJoin(students, eq(students.id, makeupCredits.studentId))
    .where(and(eq(makeupCredits.companyId, a.companyId), inArray(makeupCredits.id, [...a.credits])));
  for (const credit of rows) {
    const address = await familyAddress(tx, a.companyId, credit.familyId);
    if (!address?.to) continue;
    await enqueueMail(tx, {
      template: 'makeup-credit',
      to: address.to,
      companyId: a.companyId,
      key: `makeup-credit:${credit.id}`,
      data: {
        studioName: address.studioName,
        studioContact: address.studioContact,
        family: address.family,
        dancer: credit.dancer,
        className: a.className,
        missedOn: formatDateOnly(credit.meetingDate ?? ''),
        bookBy: formatDateOnly(credit.expiresOn),
        link: portalLink(a.appUrl),
      },
    });
  }
}
