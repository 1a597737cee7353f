import { formatDateOnly } from '@pirouette/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { makeupCredits } from '../../db/schema/attendance';
import { students } from '../../db/schema/families';
import { enqueueMails } from '../../mail/outbox';
import { familyAddresses, portalLink } from '../ledger';

/**
 * One mail per new make-up credit (decision 063), in the transaction that gave it, keyed by the credit
 * (`makeup-credit:<id>`) so it is written once whatever is sent again: who missed which class on which
 * date, the day to book the make-up by, the portal's address. A family without an address gets none.
 * The families' addresses are read in one query, the mails written in one statement.
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
  const addresses = await familyAddresses(
    tx,
    a.companyId,
    rows.map((r) => r.familyId),
  );
  const mails = rows.flatMap((credit) => {
    const address = addresses.get(credit.familyId);
    if (!address?.to) return [];
    return [
      {
        template: 'makeup-credit' as const,
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
      },
    ];
  });
  await enqueueMails(tx, mails);
}
