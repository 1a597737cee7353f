import { AUTOPAY_TERMS_VERSION, autopayTermsText, cardLabel } from '@pirouette/domain';
import { and, eq } from 'drizzle-orm';
import { createSandboxProvider, demoMerchant, SANDBOX_TOKEN_PATH } from '../modules/payments/providers';
import type { Db } from './client';
import { companies } from './schema/companies';
import { familyAccounts } from './schema/families';
import { autopayConsents, paymentCards, paymentCustomers, studioMerchants } from './schema/payments';
import { users } from './schema/users';

/**
 * The demo's card payments (issue 17): the Patels (parent@demo.example) keep a sandbox test card on file
 * with automatic payments on, so a fresh start shows a family that pays by itself beside the others, who
 * pay by hand. The card goes through the sandbox processor as a parent's would: tokenized, made an
 * instrument of the family's buyer. Run after the seed's transaction has committed: the sandbox writes
 * its own records outside our transactions, as a remote processor does.
 */
export async function seedDemoCards(db: Db, studioName: string, today: Date): Promise<void> {
  await seedDemoMerchant(db, studioName);
  const [family] = await db
    .select({ id: familyAccounts.id, companyId: familyAccounts.companyId })
    .from(familyAccounts)
    .innerJoin(companies, eq(companies.id, familyAccounts.companyId))
    .where(and(eq(companies.name, studioName), eq(familyAccounts.lastName, 'Patel')));
  const [parent] = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.email, 'parent@demo.example'));
  if (!family || !parent) return;
  const sandbox = createSandboxProvider({ db, tokenUrl: SANDBOX_TOKEN_PATH });
  const name = `${parent.firstName} ${parent.lastName}`;
  const token = await sandbox.engine.tokenize({
    number: '4895142232120006',
    expMonth: 8,
    expYear: today.getUTCFullYear() + 2,
    cvv: '123',
    name,
    postalCode: '07042',
  });
  if (token.status !== 201) throw new Error(`demo card: the sandbox refused the test card (${token.status})`);
  const buyer = await sandbox.createBuyer({
    firstName: parent.firstName,
    lastName: parent.lastName,
    email: parent.email,
    phone: null,
    tags: { family: family.id, studio: family.companyId },
  });
  const card = await sandbox.createInstrument({
    token: (token.body as { id: string }).id,
    buyerId: buyer.id,
    tags: { family: family.id, studio: family.companyId },
  });
  await db.transaction(async (tx) => {
    await tx
      .insert(paymentCustomers)
      .values({ companyId: family.companyId, familyId: family.id, provider: 'sandbox', buyerId: buyer.id });
    await tx.insert(paymentCards).values({
      companyId: family.companyId,
      familyId: family.id,
      provider: 'sandbox',
      instrumentId: card.id,
      buyerId: buyer.id,
      brand: card.brand,
      last4: card.last4,
      expMonth: card.expMonth,
      expYear: card.expYear,
      cardType: card.cardType,
      name: card.name,
      fingerprint: card.fingerprint,
      addedBy: parent.id,
      addedByName: name,
    });
    await tx.insert(autopayConsents).values({
      companyId: family.companyId,
      familyId: family.id,
      consentedBy: parent.id,
      consentedByName: name,
      termsVersion: AUTOPAY_TERMS_VERSION,
      termsText: autopayTermsText(studioName, cardLabel(card)),
    });
  });
}

/**
 * The demo studio's merchant account, approved (decision 049): the configured `FINIX_MERCHANT_ID`, or the
 * sandbox processor's own merchant. The other demo studios have none, and take no card until they onboard.
 */
async function seedDemoMerchant(db: Db, studioName: string): Promise<void> {
  const [studio] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.name, studioName));
  if (!studio) return;
  const merchant = demoMerchant();
  await db
    .insert(studioMerchants)
    .values({
      companyId: studio.id,
      provider: merchant.provider,
      merchantId: merchant.merchantId,
      state: 'approved',
      summary: {
        legalName: `${studioName} LLC`,
        doingBusinessAs: studioName,
        owner: 'The demo owner',
        bankAccount: 'The demo merchant’s account',
      },
    })
    .onConflictDoNothing();
}
