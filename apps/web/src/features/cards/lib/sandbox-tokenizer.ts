import { messages } from '@pirouette/domain';
import { ApiError, unwrap } from '../../../lib/api-client';
import type { tokenRequestOf } from './card-input';

/**
 * The sandbox's stand-in for Finix.js (decision 028 point 2): the card goes to the simulated processor's
 * own token endpoint (same origin, outside the API), never to the API; only the token's id comes back
 * to be saved. It answers in our envelope: `[true, { id, expiresAt }]`, or `[false, reason]` with a 422.
 */

export type SandboxToken = { id: string; expiresAt: string };

/** Whether an answer is a token as the sandbox gives it (the fakes of the tests are checked by it too). */
export function isSandboxToken(data: unknown): data is SandboxToken {
  if (!data || typeof data !== 'object') return false;
  const { id, expiresAt } = data as Record<string, unknown>;
  return typeof id === 'string' && id.length > 0 && typeof expiresAt === 'string';
}

/** Posts the card to `tokenUrl` as the API client posts (JSON, the session's own origin); the token's id. */
export async function tokenizeSandboxCard(
  tokenUrl: string,
  card: ReturnType<typeof tokenRequestOf>,
): Promise<string> {
  let response: Response;
  try {
    response = await fetch(tokenUrl, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify(card),
    });
  } catch {
    throw new ApiError(0, messages.unexpected, 'Network error');
  }
  const token = await unwrap<unknown>(response);
  if (!isSandboxToken(token)) throw new ApiError(502, messages.unexpected);
  return token.id;
}
