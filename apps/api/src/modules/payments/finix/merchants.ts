import { z } from 'zod';
import type { BankAccount, Merchant, MerchantOnboarding, MerchantState } from '../provider';
import type { FinixRequest } from './transport';

/**
 * A studio's merchant at Finix (issue 34 item 1, decision 049): the business's Identity, its bank account
 * (a BANK_ACCOUNT payment instrument, for payouts) and the Merchant made under it, whose
 * `onboarding_state` moves PROVISIONING → APPROVED or REJECTED. The bank account's numbers are sent and
 * never read back: Finix answers the masked number, of which the last four are kept.
 */

type Call = <T extends z.ZodType>(req: FinixRequest, expect: number, schema: T) => Promise<z.infer<T>>;

const merchantJson = z.object({
  id: z.string().min(1),
  identity: z.string().min(1),
  onboarding_state: z.enum(['PROVISIONING', 'APPROVED', 'REJECTED']),
  verification: z.string().nullish(),
  updated_at: z.string(),
});

const bankAccountJson = z.object({
  id: z.string().min(1),
  masked_account_number: z.string().nullish(),
  bank_code: z.string().nullish(),
  name: z.string().nullish(),
});

const verificationJson = z.object({
  id: z.string().min(1),
  state: z.string(),
  messages: z.array(z.unknown()).nullish(),
});

const enc = encodeURIComponent;

/** A verification's messages as sentences: Finix gives strings or objects with a message. */
function sentences(messages: unknown[] | null | undefined): string[] {
  return (messages ?? [])
    .map((m) => (typeof m === 'string' ? m : ((m as { message?: unknown })?.message ?? null)))
    .filter((m): m is string => typeof m === 'string' && m.trim().length > 0);
}

/** `processor`: Finix's sandbox onboards to DUMMY_V1, live to FINIX_V1. */
export function merchantCalls(call: Call, processor: string): MerchantOnboarding {
  async function toMerchant(m: z.infer<typeof merchantJson>): Promise<Merchant> {
    let reasons: string[] = [];
    if (m.onboarding_state === 'REJECTED' && m.verification) {
      const req: FinixRequest = { method: 'GET', path: `/verifications/${enc(m.verification)}` };
      reasons = sentences((await call(req, 200, verificationJson)).messages);
    }
    return {
      id: m.id,
      identityId: m.identity,
      state: m.onboarding_state as MerchantState,
      reasons,
      updatedAt: m.updated_at,
    };
  }

  return {
    async createBusiness({ business, owner, tags }) {
      const [year, month, day] = owner.dob.split('-').map(Number);
      const address = {
        line1: business.address.line1,
        city: business.address.city,
        region: business.address.region,
        postal_code: business.address.postalCode,
        country: 'USA',
      };
      const body = {
        entity: {
          business_name: business.legalName,
          doing_business_as: business.doingBusinessAs,
          business_type: business.type,
          business_tax_id: business.taxId,
          business_phone: business.phone,
          business_address: address,
          default_statement_descriptor: business.doingBusinessAs.slice(0, 20),
          email: business.email,
          ...(business.url ? { url: business.url } : {}),
          first_name: owner.firstName,
          last_name: owner.lastName,
          title: owner.title,
          dob: { year, month, day },
          tax_id: owner.ssn,
          phone: business.phone,
          personal_address: address,
          principal_percentage_ownership: 100,
          mcc: '7911',
          max_transaction_amount: 1_000_000,
          annual_card_volume: 50_000_000,
          has_accepted_credit_cards_previously: true,
          ownership_type: 'PRIVATE',
        },
        tags,
      };
      const identity = await call(
        { method: 'POST', path: '/identities', body },
        201,
        z.object({ id: z.string().min(1) }),
      );
      return { id: identity.id };
    },

    async addBankAccount(input): Promise<BankAccount> {
      const body = {
        type: 'BANK_ACCOUNT',
        identity: input.identityId,
        name: input.name,
        bank_code: input.routingNumber,
        account_number: input.accountNumber,
        account_type: input.accountType,
        country: 'USA',
        currency: 'USD',
        tags: input.tags,
      };
      const made = await call({ method: 'POST', path: '/payment_instruments', body }, 201, bankAccountJson);
      const masked = made.masked_account_number ?? '';
      return { id: made.id, last4: masked.replace(/\D/g, '').slice(-4), bankName: null };
    },

    async createMerchant(identityId, tags) {
      const req: FinixRequest = {
        method: 'POST',
        path: `/identities/${enc(identityId)}/merchants`,
        body: { processor, tags },
      };
      return toMerchant(await call(req, 201, merchantJson));
    },

    async getMerchant(id) {
      return toMerchant(await call({ method: 'GET', path: `/merchants/${enc(id)}` }, 200, merchantJson));
    },
  };
}
