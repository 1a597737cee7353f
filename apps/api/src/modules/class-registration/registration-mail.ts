import { centsText } from '@pirouette/domain';
import type { Db } from '../../db/client';
import { noticeCharge, noticeFamily, portalLink, readBook, studioPart } from '../ledger';

/**
 * The family's confirmation of a registration (issue 31 point 11), by the parent in the portal or by
 * the studio for it: the classes, whether they wait for the studio's approval, what was charged at once
 * (the charges `posted` by the registration's billing) and the balance. Once per `key`.
 */
export async function confirmRegistration(
  tx: Db,
  a: {
    companyId: string;
    familyId: string;
    key: string;
    by: 'parent' | 'owner';
    pending: boolean;
    classes: string;
    posted: string[];
    appUrl: string;
  },
): Promise<void> {
  const book = await readBook(tx, a.companyId, a.familyId);
  const charges = book.charges.filter((c) => a.posted.includes(c.id) && c.total > 0);
  await noticeFamily(tx, {
    companyId: a.companyId,
    familyId: a.familyId,
    kind: 'registration',
    key: a.key,
    notice: (address) => ({
      template: 'registration-confirmed',
      data: {
        ...studioPart(address),
        classes: a.classes,
        by: a.by,
        pending: a.pending,
        charges: charges.map(noticeCharge),
        balance: centsText(book.balance),
        link: portalLink(a.appUrl),
      },
    }),
  });
}
