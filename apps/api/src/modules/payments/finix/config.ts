import { z } from 'zod';
import type { FinixWebhookAuth } from './webhook';

export const FINIX_SANDBOX_URL = 'https://finix.sandbox-payments-api.com';

/** What the server needs to take card payments through Finix (README lists the same variables). */
export type FinixConfig = {
  apiUrl: string;
  username: string;
  password: string;
  merchantId: string;
  applicationId: string;
  /** Which Finix.js environment the browser loads: the keys of one never work in the other. */
  environment: 'sandbox' | 'live';
  /** How Finix authenticates its webhook calls to us; null when it is told to send none (sandbox only). */
  webhook: FinixWebhookAuth | null;
};

const required = (name: string, what: string) =>
  z
    .string({ error: `${name} is not set: it is ${what}.` })
    .min(1, { error: `${name} is empty: it is ${what}.` });

const schema = z.object({
  FINIX_API_URL: z.url({ error: 'FINIX_API_URL is not a URL.' }).default(FINIX_SANDBOX_URL),
  FINIX_USERNAME: required('FINIX_USERNAME', 'the API key’s username'),
  FINIX_PASSWORD: required('FINIX_PASSWORD', 'the API key’s password'),
  FINIX_MERCHANT_ID: required(
    'FINIX_MERCHANT_ID',
    'the demo studio’s merchant at Finix (MU…) in a single-studio setup; every other studio onboards its own',
  ),
  FINIX_APPLICATION_ID: required(
    'FINIX_APPLICATION_ID',
    'the application the browser tokenizes cards for (AP…)',
  ),
  FINIX_ENVIRONMENT: z
    .enum(['sandbox', 'live'], { error: 'FINIX_ENVIRONMENT must be sandbox or live.' })
    .default('sandbox'),
  FINIX_WEBHOOK_USERNAME: z.string().optional(),
  FINIX_WEBHOOK_PASSWORD: z.string().optional(),
  FINIX_WEBHOOK_TOKEN: z.string().optional(),
});

/**
 * The Finix settings of the environment, or null when FINIX_USERNAME is not set: the product then takes
 * card payments through its built-in sandbox. Set but incomplete, it throws one sentence per problem, so
 * a deployment learns everything it lacks at once.
 */
export function finixConfigFromEnv(
  env: Record<string, string | undefined> = process.env,
): FinixConfig | null {
  // An empty variable (`FINIX_PASSWORD=` in a .env file) counts as unset.
  const given = Object.fromEntries(
    Object.entries(env).filter(
      ([key, value]) => key.startsWith('FINIX_') && value !== undefined && value !== '',
    ),
  );
  if (given.FINIX_USERNAME === undefined) return null;
  const parsed = schema.safeParse(given);
  const problems = parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
  const webhook = webhookAuth(given, problems);
  if (!parsed.success || problems.length > 0) {
    throw new Error(`Finix is configured (FINIX_USERNAME is set) but: ${problems.join(' ')}`);
  }
  const e = parsed.data;
  if (webhook === null && e.FINIX_ENVIRONMENT === 'live') {
    throw new Error(
      'Finix is configured (FINIX_USERNAME is set) but: live webhooks need authentication: ' +
        'set FINIX_WEBHOOK_TOKEN, or FINIX_WEBHOOK_USERNAME and FINIX_WEBHOOK_PASSWORD.',
    );
  }
  return {
    apiUrl: e.FINIX_API_URL.replace(/\/+$/, ''),
    username: e.FINIX_USERNAME,
    password: e.FINIX_PASSWORD,
    merchantId: e.FINIX_MERCHANT_ID,
    applicationId: e.FINIX_APPLICATION_ID,
    environment: e.FINIX_ENVIRONMENT,
    webhook,
  };
}

function webhookAuth(env: Record<string, string | undefined>, problems: string[]): FinixWebhookAuth | null {
  const {
    FINIX_WEBHOOK_USERNAME: username,
    FINIX_WEBHOOK_PASSWORD: password,
    FINIX_WEBHOOK_TOKEN: token,
  } = env;
  if (token !== undefined && (username !== undefined || password !== undefined)) {
    problems.push('Set FINIX_WEBHOOK_TOKEN or FINIX_WEBHOOK_USERNAME and FINIX_WEBHOOK_PASSWORD, not both.');
    return null;
  }
  if (token !== undefined) return { kind: 'bearer', token };
  if (username === undefined && password === undefined) return null;
  if (username === undefined) problems.push('FINIX_WEBHOOK_PASSWORD is set without FINIX_WEBHOOK_USERNAME.');
  if (password === undefined) problems.push('FINIX_WEBHOOK_USERNAME is set without FINIX_WEBHOOK_PASSWORD.');
  return username !== undefined && password !== undefined ? { kind: 'basic', username, password } : null;
}
