import { eq } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { studioMerchants } from '../src/db/schema/payments';

/**
 * A studio's merchant account in tests (decision 049): the "Get paid" form as an owner fills it in, and
 * the onboarding through the API (the sandbox approves a business at once unless its name says
 * "Reject" or "Pending"). A studio that takes cards in a test has its own approved merchant.
 */

export const MERCHANT_PATH = '/api/mystudio/payments/merchant';

/** The form for a business of this legal name; `over` replaces parts of it. */
export function merchantForm(legalName: string, over: Record<string, unknown> = {}) {
  return {
    business: {
      legalName,
      doingBusinessAs: legalName.replace(/\s+(LLC|Inc\.?)$/i, ''),
      type: 'LIMITED_LIABILITY_COMPANY',
      taxId: '12-3456789',
      phone: '(201) 555-0100',
      email: 'books@studio.example',
      address: { line1: '12 Main St', city: 'Montclair', region: 'NJ', postalCode: '07042' },
    },
    owner: { firstName: 'Ada', lastName: 'Owner', title: 'Owner', dob: '1980-04-12', ssn: '123-45-6789' },
    bank: {
      accountName: legalName,
      routingNumber: '021000021',
      accountNumber: '000123456789',
      accountType: 'CHECKING',
    },
    agreementAccepted: true,
    ...over,
  };
}

// biome-ignore lint/suspicious/noExplicitAny: the envelope of the answer, read in the helper
type Poster = { post(url: string, body: Record<string, unknown>): Promise<{ status: number; body: any }> };

/** Onboards the owner's studio; throws unless the processor answered. */
export async function onboard(owner: Poster, legalName: string) {
  const res = await owner.post(MERCHANT_PATH, merchantForm(legalName));
  if (res.status !== 200)
    throw new Error(`onboarding ${legalName}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body[1] as { state: string; merchantId: string | null };
}

/**
 * An approved merchant row for a studio, written straight (a test whose processor is a fake Finix, where
 * the studio's merchant is the fake's own).
 */
export async function giveMerchant(db: Db, companyId: string, provider: string, merchantId: string) {
  await db.delete(studioMerchants).where(eq(studioMerchants.companyId, companyId));
  await db.insert(studioMerchants).values({
    companyId,
    provider,
    merchantId,
    state: 'approved',
    summary: { legalName: 'Test studio LLC' },
  });
}
