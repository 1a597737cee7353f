import { fail, ok } from '@pirouette/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { FinixEngine } from './engine';
import { SANDBOX_TOKEN_PATH } from './sandbox';

const publicRoute = { access: 'public' } as const;
const CHECK_CARD = 'Check the card number, expiry and security code.';

/** The processor's first error message (Finix's `_embedded.errors`), or ours. */
function refusalOf(body: unknown): string {
  const errors = (body as { _embedded?: { errors?: { message?: unknown }[] } })?._embedded?.errors;
  const message = errors?.[0]?.message;
  return typeof message === 'string' && message.length > 0 ? message : CHECK_CARD;
}

const cardInput = z.object({
  number: z.string().trim().max(32),
  expMonth: z.coerce.number().int(),
  expYear: z.coerce.number().int(),
  cvv: z.string().trim().max(4).nullish(),
  name: z.string().trim().max(120).nullish(),
  postalCode: z.string().trim().max(12).nullish(),
});

const CHECK_BANK = 'Check the routing number, the account number and the name on the account.';

/** A bank account as the stand-in bank form posts it (decision 067): to the same token endpoint. */
const bankInput = z.object({
  name: z.string().trim().min(1).max(120),
  routingNumber: z.string().trim().max(16),
  accountNumber: z.string().trim().max(32),
  accountType: z.enum(['CHECKING', 'SAVINGS']),
});

/**
 * The sandbox processor's token endpoint, which the stand-in card form posts to as Finix.js posts to
 * Finix (decision 028): it is the simulated processor's, served only when the sandbox is the provider,
 * outside the API; the card number goes no further than the simulator, which keeps its last four and a
 * fingerprint. The form is ours, so it answers in our envelope: the token's id, or the processor's
 * reason for a card that cannot be one.
 */
export function sandboxRoutes(app: FastifyInstance, engine: FinixEngine): void {
  app.post(
    SANDBOX_TOKEN_PATH,
    { config: publicRoute, schema: { hide: true }, bodyLimit: 4096 },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if ((request.body as { accountNumber?: unknown } | null)?.accountNumber !== undefined) {
        const bank = bankInput.safeParse(request.body);
        if (!bank.success) return reply.status(422).send(fail(CHECK_BANK));
        const made = await engine.tokenizeBank(bank.data);
        if (made.status !== 201) return reply.status(422).send(fail(refusalOf(made.body)));
        const token = made.body as { id: string; expires_at: string };
        return ok({ id: token.id, expiresAt: token.expires_at });
      }
      const parsed = cardInput.safeParse(request.body);
      if (!parsed.success) return reply.status(422).send(fail(CHECK_CARD));
      const answer = await engine.tokenize(parsed.data);
      if (answer.status !== 201) return reply.status(422).send(fail(refusalOf(answer.body)));
      const token = answer.body as { id: string; expires_at: string };
      return ok({ id: token.id, expiresAt: token.expires_at });
    },
  );
}
