import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { WebhookEvent } from '../provider';

/** How Finix authenticates the webhook calls it makes to us, as set on the webhook at Finix. */
export type FinixWebhookAuth =
  | { kind: 'basic'; username: string; password: string }
  | { kind: 'bearer'; token: string };

/**
 * Whether a webhook call carries the credentials Finix was told to send. Compared in constant time, so
 * the answer's timing says nothing of how much of a guess was right. With no authentication configured
 * (`FINIX_WEBHOOK_*` unset, allowed by config.ts in Finix's sandbox only) no call passes: anyone could
 * post anything, and what is not authenticated is never stored (issue 31 item 9, decision 038).
 */
export function webhookAuthorized(
  auth: FinixWebhookAuth | null,
  headers: Record<string, string | string[] | undefined>,
): boolean {
  if (auth === null) return false;
  const header = Object.entries(headers).find(([name]) => name.toLowerCase() === 'authorization')?.[1];
  const value = Array.isArray(header) ? header[0] : header;
  const match = /^(\S+)\s+(\S+)$/.exec(value?.trim() ?? '');
  if (!match) return false;
  const [, scheme, credentials] = match as unknown as [string, string, string];
  if (auth.kind === 'bearer') return scheme.toLowerCase() === 'bearer' && sameSecret(credentials, auth.token);
  const decoded = Buffer.from(credentials, 'base64').toString('utf8');
  return scheme.toLowerCase() === 'basic' && sameSecret(decoded, `${auth.username}:${auth.password}`);
}

/** Equal strings, compared through digests of one length so neither length nor content leaks. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** Finix's event: `{ id, type: 'created', entity: 'transfer', occurred_at, _embedded: { transfers: [..] } }`. */
/** Finix's ids are some thirty characters: anything much longer is not one of its events. */
const ID_MAX = 100;

const eventJson = z.object({
  id: z.string().min(1).max(ID_MAX),
  type: z.string().min(1).max(ID_MAX),
  entity: z.string().min(1).max(ID_MAX),
  occurred_at: z.string().nullish(),
  created_at: z.string().nullish(),
  _embedded: z
    .record(
      z.string(),
      z.array(
        z.object({
          id: z.string().max(ID_MAX),
          application: z.string().nullish(),
          created_at: z.string().nullish(),
          updated_at: z.string().nullish(),
        }),
      ),
    )
    .nullish(),
});

/**
 * The event a webhook body describes, or null when it is not one of ours: not Finix's shape, or about a
 * resource of another application (a sandbox webhook pointed at a live server, say).
 */
export function webhookEvent(body: unknown, applicationId: string): WebhookEvent | null {
  const parsed = eventJson.safeParse(body);
  if (!parsed.success) return null;
  const event = parsed.data;
  // Finix embeds the resource under its plural: a transfer's event carries `_embedded.transfers`.
  const resource = event._embedded?.[`${event.entity}s`]?.[0] ?? null;
  if (resource?.application && resource.application !== applicationId) return null;
  const createdAt = event.occurred_at ?? event.created_at ?? resource?.updated_at ?? resource?.created_at;
  if (!createdAt || createdAt.length > ID_MAX) return null;
  return {
    id: event.id,
    type: `${event.entity}.${event.type}`,
    entity: ['transfer', 'dispute', 'merchant'].includes(event.entity)
      ? (event.entity as WebhookEvent['entity'])
      : 'other',
    resourceId: resource?.id ?? null,
    createdAt,
  };
}
