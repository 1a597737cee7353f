import type { Db } from '../src/db/client';
import { memberships, users } from '../src/db/schema/users';
import { hashPassword } from '../src/lib/secrets';

/** A person with a membership at a studio, written straight to the database. */
export async function createPerson(
  db: Db,
  opts: { email: string; companyId: string; role: 'owner' | 'user'; password?: string; verified?: boolean },
) {
  const [user] = await db
    .insert(users)
    .values({
      email: opts.email,
      passwordHash: await hashPassword(opts.password ?? 'Parent123'),
      firstName: 'Pat',
      lastName: 'Parent',
      phone: '9735550199',
      emailVerifiedAt: opts.verified === false ? null : new Date('2026-01-01T00:00:00Z'),
    })
    .returning();
  await db.insert(memberships).values({ companyId: opts.companyId, userId: user!.id, role: opts.role });
  return user!;
}
