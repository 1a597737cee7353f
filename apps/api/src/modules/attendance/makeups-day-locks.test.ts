import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerInClass } from '../../../test/factories';
import { gate, ON_POSTGRES, someoneWaits } from '../../../test/interleaved';
import { useTwoStudios } from '../../../test/studios-base';
import { rowsOf } from '../../db/rows';
import { familyOf, registrationStudio } from '../class-registration/class-registration.fixture';
import { grantMakeupCredits } from './credits';
import { expireCredits } from './makeups.day';

/**
 * The make-ups day beside a change of several credits (PostgreSQL: PGlite runs one statement at a time).
 * A closure locks the credits whose bookings it cancels in id order; the day's job expires (or uses) the
 * studio's credits. Were the job's update to lock them in the order its plan meets them, a credit met
 * first but of the higher id would be held by the job while the closure holds the lower and waits for
 * it: PostgreSQL would end one of them with a deadlock (decision 126).
 */
const { t, s } = useTwoStudios();
const db = () => t.database.db;
let low = '';
let high = '';

beforeAll(async () => {
  const setting = await registrationStudio(s);
  const family = await familyOf(t, s.companyA, 'day-locks@example.com', [{ firstName: 'Ines' }]);
  const studentId = family.students[0]!;
  await registerInClass(db(), { companyId: s.companyA, classId: setting.classes.tuesday, studentId });
  const ids = await grantMakeupCredits(db(), {
    companyId: s.companyA,
    missed: ['2026-10-06', '2026-10-13'].map((meetingDate) => ({
      familyId: family.id,
      studentId,
      classId: setting.classes.tuesday,
      meetingDate,
      source: 'absence' as const,
    })),
    windowDays: 10,
    by: null,
    now: t.clock.now(),
  });
  // Ids of our choosing, the higher written first: a scan of the table, or of the index on the studio,
  // state and last day (both last on one day), meets it before the lower.
  low = '00000000-0000-4000-8000-0000000000a1';
  high = '00000000-0000-4000-8000-0000000000f1';
  for (const [id, now] of [
    [ids[0]!, high],
    [ids[1]!, low],
  ] as const)
    await db().execute(
      sql`update makeup_credits set id = ${now}, expires_on = '2026-10-20' where id = ${id}`,
    );
});

describe.runIf(ON_POSTGRES)('the make-ups day beside a closure (PostgreSQL)', () => {
  it('locks the credits it expires in id order: it waits for the lower, holding none, and both go through', async () => {
    const { opened: holding, open: held } = gate();
    const { opened: go, open: letGo } = gate();
    // As a closure cancelling bookings of both credits: the lower id, then the higher.
    const closure = db().transaction(async (tx) => {
      await tx.execute(sql`set local lock_timeout = '5s'`);
      await tx.execute(sql`select id from makeup_credits where id = ${low} for update`);
      held();
      await go;
      await tx.execute(sql`select id from makeup_credits where id = ${high} for update`);
    });
    await holding;
    const day = db().transaction((tx) => expireCredits(tx, s.companyA, '2026-11-21', t.clock.now()));
    try {
      await someoneWaits(db(), 'the day did not wait for the credit');
    } finally {
      letGo();
    }
    await closure;
    expect(await day).toBe(2);
    const states = await rowsOf<{ state: string }>(
      db(),
      sql`select state from makeup_credits where id in (${low}, ${high})`,
    );
    expect(states).toEqual([{ state: 'expired' }, { state: 'expired' }]);
  });
});
