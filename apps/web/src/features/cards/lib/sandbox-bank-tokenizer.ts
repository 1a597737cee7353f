import { messages } from '@pirouette/domain';
import { ApiError, unwrap } from '../../../lib/api-client';
import { isSandboxToken } from './sandbox-tokenizer';

/** A bank account as the stand-in bank form sends it to the simulated processor (decision 067). */
export type BankTokenRequest = {
  name: string;
  routingNumber: string;
  accountNumber: string;
  accountType: 'CHECKING' | 'SAVINGS';
};

/**
 * The sandbox's stand-in for Finix.js's bank form: the account goes to the simulated processor's own
 * token endpoint (same origin, outside the API), never to the API; only the token's id comes back.
 */
export async function tokenizeSandboxBank(tokenUrl: string, account: BankTokenRequest): Promise<string> {
  let response: Response;
  try {
    response = await fetch(tokenUrl, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify(account),
    });
  } catch {
    throw new ApiError(0, messages.unexpected, 'Network error');
  }
  const token = await unwrap<unknown>(response);
  if (!isSandboxToken(token)) throw new ApiError(502, messages.unexpected);
  return token.id;
}
