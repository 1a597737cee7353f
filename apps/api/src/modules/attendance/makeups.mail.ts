import { formatPhone } from '@pirouette/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies } from '../../db/schema/companies';
import { familyAccounts, familyPeople } from '../../db/schema/families';
import { memberships } from '../../db/schema/memberships';
import { users } from '../../db/schema/users';
import { audit } from '../../lib/audit';
import type { MakeupNotice } from '../../mail/makeup-notices';
import { enqueueMail } from '../../mail/outbox';
import { familyAddress, portalLink, studioPart } from '../ledger';

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

/** Far above the families one studio reminds on one day. */
const ADDRESSES_MAX = 5000;

/**
 * Where many families' mail goes, in one statement (the make-ups day's reminders): the ledger's
 * `familyAddress` rule, for each family: its address, else its first user's; none (`to: ''`) while its
 * mail is held (made by an import and not invited, nobody of it joined by another way: decision 056).
 */
export async function familyAddresses(
  tx: Db,
  companyId: string,
  familyIds: readonly string[],
): Promise<Map<string, Address>> {
  if (familyIds.length === 0) return new Map();
  const rows = await tx
    .select({
      id: familyAccounts.id,
      family: familyAccounts.email,
      lastName: familyAccounts.lastName,
      firstUser: sql<string | null>`(
        select ${users.email} from ${familyPeople} join ${users} on ${users.id} = ${familyPeople.userId}
        where ${familyPeople.familyId} = ${familyAccounts.id} and ${familyPeople.kind} = 'user'
        order by ${familyPeople.createdAt} limit 1
      )`,
      held: sql<boolean>`(${familyAccounts.mailHeld} and not exists (
        select 1 from ${memberships} where ${memberships.familyId} = ${familyAccounts.id}
          and ${memberships.pending} = false
      ))`,
      studioName: companies.name,
      studioPhone: companies.phone,
      studioEmail: companies.email,
    })
    .from(familyAccounts)
    .innerJoin(companies, eq(companies.id, familyAccounts.companyId))
    .where(and(eq(familyAccounts.companyId, companyId), inArray(familyAccounts.id, [...new Set(familyIds)])))
    .limit(ADDRESSES_MAX);
  return new Map(
    rows.map((r) => [
      r.id,
      {
        to: r.held ? '' : r.family || r.firstUser || '',
        family: r.lastName,
        studioName: r.studioName,
        studioContact: [formatPhone(r.studioPhone), r.studioEmail].filter(Boolean).join(' or '),
      },
    ]),
  );
}
