import { AUTOPAY_TERMS_VERSION } from '@pirouette/domain';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTwoStudios } from '../../../test/studios-base';
import { runJobsUntil } from '../../jobs/run-until';
import { ok, registrationStudio } from '../class-registration/class-registration.fixture';
import { instantAt } from '../ledger';
import { billingJobHandlers } from '../ledger/job-handlers';
import { registerInJazz } from '../ledger/ledger.fixture';
import { paymentJobHandlers } from './job-handlers';
import { onAutopay } from './on-autopay';
import { saveTestCard } from './payments.fixture';
import { paymentsFor } from './providers';

/**
 * Issue 31 point 12: every auto-pay due date gets its reminder three days before, exactly once, however
 * the billing days are run: day by day, a month in one `npm run jobs -- --until`, over the new year, or
 * by two runners at once. The reminder was decided by the job's clock (under `--until` the end of the
 * last day) and by which charges were posted already, so one run late told of nothing.
 */

const { t, s } = useTwoStudios();
let setting: Awaited<ReturnType<typeof registrationStudio>>;
beforeAll(async () => {
  setting = await registrationStudio(s);
});

const handlers = () => ({
  ...billingJobHandlers({ onAutopay }),
  ...paymentJobHandlers(paymentsFor({ db: t.database.db, clock: t.clock, env: {} }).provider),
});
const runDaysUntil = (until: string) =>
  runJobsUntil({ db: t.database.db, until, handlers: handlers(), leaseClock: t.clock, print: () => {} });

type Row = Record<string, string>;
const rows = async (q: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(q)) as unknown as { rows: Row[] }).rows;

/** The reminders a family was sent (subjects) and the days their jobs were due. */
async function reminders(email: string, familyId: string) {
  const mails = await rows(
    sql`select subject from mail_outbox where "to" = ${email} and template = 'autopay-reminder' order by seq`,
  );
  const jobs = await rows(
    sql`select payload->>'dueOn' as due, run_at from jobs
        where kind = 'autopay.remind' and payload->>'familyId' = ${familyId} order by 1`,
  );
  return { subjects: mails.map((m) => m.subject), jobs };
}

async function enrolled(email: string) {
  const { fam } = await registerInJazz(t, s, setting, email);
  await saveTestCard(t, fam.parent);
  await ok(fam.parent.put('/api/finix/customer/autopay', { on: true, termsVersion: AUTOPAY_TERMS_VERSION }));
  return fam;
}

const ZONE = 'America/New_York';

describe('the auto-pay reminder', () => {
  it('goes out three days before each due date, once, day by day or a month at a time, by one runner or two', async () => {
    const fam = await enrolled('remind-each@example.com');
    const [{ tz }] = (await rows(sql`select time_zone as tz from companies where id = ${s.companyA}`)) as [
      { tz: string },
    ];
    expect(tz).toBe(ZONE);

    // As the billing days were checked: on a reminder's day, on a due date, over the new year (December
    // 29th's reminder of January 1st run only on January 1st), and a day run again.
    for (const until of ['2026-11-28', '2026-12-01', '2027-01-01', '2027-01-29', '2027-02-01', '2027-02-01'])
      await runDaysUntil(until);
    // A month in one run.
    await runDaysUntil('2027-03-02');
    // Two runners at once over the next month.
    await Promise.all([runDaysUntil('2027-04-02'), runDaysUntil('2027-04-02')]);

    const { subjects, jobs } = await reminders('remind-each@example.com', fam.id);
    expect(subjects).toEqual(
      ['Dec 1, 2026', 'Jan 1, 2027', 'Feb 1, 2027', 'Mar 1, 2027', 'Apr 1, 2027'].map((on) =>
        expect.stringContaining(`$60.00 will be charged on ${on}`),
      ),
    );
    // Each due three days before its date, at the billing hour in the studio's zone.
    expect(jobs.map((j) => [j.due, new Date(j.run_at!).toISOString()])).toEqual(
      [
        ['2026-12-01', '2026-11-28'],
        ['2027-01-01', '2026-12-29'],
        ['2027-02-01', '2027-01-29'],
        ['2027-03-01', '2027-02-26'],
        ['2027-04-01', '2027-03-29'],
      ].map(([due, day]) => [due, instantAt(day!, 5, ZONE).toISOString()]),
    );
  }, 120_000);
});
