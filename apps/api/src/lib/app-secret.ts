import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { appSettings } from '../db/schema/security';

/**
 * The cookie-signing secret: COOKIE_SECRET when set; otherwise one generated on first start and kept
 * in the database, so it survives restarts and every instance shares it.
 */
export async function ensureCookieSecret(db: Db, configured: string | null): Promise<string> {
  if (configured) return configured;
  const key = 'cookie_secret';
  await db
    .insert(appSettings)
    .values({ key, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, key));
  return row!.value;
}
