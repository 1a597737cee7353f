import { centsText, type StudioMoneySettings } from '@pirouette/domain';
import type { Db } from '../../db/client';
import type { NamedWrite, PendingWrite } from '../../db/one-statement';
import {
  type Book,
  type MailAddress,
  noticeCharge,
  noticeFamilyWrites,
  portalLink,
  studioPart,
} from '../ledger';

/**
 * The family's confirmation of a registration (issue 31 point 11), by the parent in the portal or by
 * the studio for it: the classes, whether they wait for the studio's approval, what was charged at once
 * (the charges `posted` by the registration's billing) and the balance. Once per `key`. Its writes are
 * built and sent with the change's own (decision 084): `book` is the family's book as the change's
 * billing leaves it, `address` where the family's mail goes, both read under the family's lock.
 */
export function confirmRegistration(
  db: Db,
  a: {
    companyId: string;
    familyId: string;
    key: string;
    by: 'parent' | 'owner';
    pending: boolean;
    classes: string;
    posted: string[];
    appUrl: string;
    book: Book;
    settings: StudioMoneySettings;
    address: MailAddress | null;
  },
): (PendingWrite | NamedWrite)[] {
  const charges = a.book.charges.filter((c) => a.posted.includes(c.id) && c.total > 0);
  return noticeFamilyWrites(db, {
    companyId: a.companyId,
    familyId: a.familyId,
    kind: 'registration',
    key: a.key,
    settings: a.settings,
    address: a.address,
    notice: (address) => ({
      template: 'registration-confirmed',
      data: {
        ...studioPart(address),
        classes: a.classes,
        by: a.by,
        pending: a.pending,
        charges: charges.map(noticeCharge),
        balance: centsText(a.book.balance),
        link: portalLink(a.appUrl),
      },
    }),
  });
}
