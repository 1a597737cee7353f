import type { Db } from '../../db/client';
import { audit } from '../../lib/audit';
import type { MakeupNotice } from '../../mail/makeup-notices';
import { enqueueMail } from '../../mail/outbox';
import { familyAddress, portalLink, studioPart } from '../ledger';

/** Where many families' mail goes, in one statement: the ledger's one rule (`familyAddress` for each). */
export { familyAddresses } from '../ledger';

type StudioPart = ReturnType<typeof studioPart>;
type Address = NonNullable<Awaited<ReturnType<typeof familyAddress>>>;

/**
 * Tells a family of its make-ups (decision 064): through the outbox in the causing transaction, once per
 * `key` (what it is about: `makeup-booked:<booking>`), when the family has an address; the family's log
 * says it was sent. Returns whether it was written.
 */
export async function tellFamily(
  tx: Db,
  a: {
    companyId: string;
    familyId: string;
    key: string;
    appUrl: string;
    notice: (studio: StudioPart & { link: string }) => MakeupNotice;
    /** The family's address read already (`familyAddresses`); read here when absent. */
    address?: Address | null;
  },
): Promise<boolean> {
  const address = a.address !== undefined ? a.address : await familyAddress(tx, a.companyId, a.familyId);
  if (!address?.to) return false;
  const sent = await enqueueMail(tx, {
    ...a.notice({ ...studioPart(address), link: portalLink(a.appUrl) }),
    to: address.to,
    companyId: a.companyId,
    key: a.key,
  });
  if (!sent) return false;
  await audit(tx, {
    action: 'family.email_sent',
    companyId: a.companyId,
    userId: null,
    targetType: 'family',
    targetId: a.familyId,
    detail: { kind: 'makeup', to: address.to, subject: sent.subject },
  });
  return true;
}
