import { waitlistMessages } from '@pirouette/domain';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app';
import { useTwoStudios } from '../../../test/studios-base';
import { waitlistEntries } from '../../db/schema/enrolment';
import { jobs } from '../../db/schema/jobs';
import { mailOutbox } from '../../db/schema/mail';
import { classes } from '../../db/schema/schedule';
import { runDue } from '../../jobs/runner';
import {
  familyOf,
  ok,
  PARENT_REG,
  registrationStudio,
} from '../class-registration/class-registration.fixture';
import { waitlistJobHandlers } from './job-handlers';
import { offerFreePlaces } from './offers';

const WAITLIST = '/api/parents/registration/waitlist';
const { t, s } = useTwoStudios();
let setting: Awaited<ReturnType<typeof registrationStudio>>;
let ballet = '';

/** Runs the waitlist's due jobs as the server's runner would, on the test's clock. */
const runJobs = (app: TestApp) =>
  runDue({ db: app.database.db, clock: app.clock, handlers: waitlistJobHandlers('http://localhost:3000') });

/** A registration with the figures the builder gives (Ballet 1 alone: $65 a month). */
async function register(parent: Awaited<ReturnType<typeof familyOf>>['parent'], studentId: string) {
  const builder = await ok(parent.get(PARENT_REG));
  const monthly = builder.paySys.find((p: { isDefault: boolean }) => p.isDefault);
  return parent.post(PARENT_REG, {
    regList: [{ stdID: studentId, clSchID: ballet, isNew: true, price: 65 }],
    tuitList: builder.plan ? null : { id: monthly.id, total: undefined },
    regDate: builder.today,
    terms: builder.terms.map((d: { coTermID: string; version: number }) => ({ ...d, accepted: true })),
  });
}

const entryOf = async (id: string) =>
  (await t.database.db.select().from(waitlistEntries).where(eq(waitlistEntries.id, id)))[0]!;

beforeAll(async () => {
  setting = await registrationStudio(s);
  ballet = setting.classes.monday;
  await t.database.db.update(classes).set({ nMax: 1 }).where(eq(classes.id, ballet));
});

describe('the waitlist', () => {
  it('takes the full class’s next dancers, offers a freed place by job and mail, holds it, and passes it on', async () => {
    const ana = await familyOf(t, s.companyA, 'wl-ana@example.com', [{ firstName: 'Ana' }]);
    const bea = await familyOf(t, s.companyA, 'wl-bea@example.com', [{ firstName: 'Bea' }]);
    const cam = await familyOf(t, s.companyA, 'wl-cam@example.com', [{ firstName: 'Cam' }]);
    const dee = await familyOf(t, s.companyA, 'wl-dee@example.com', [{ firstName: 'Dee' }]);

    // A class with places is registered for, not waited on.
    const early = await bea.parent.post(WAITLIST, { stdID: bea.students[0], clSchID: ballet });
    expect(early.status).toBe(422);
    expect(early.body[1]).toBe(waitlistMessages.notFull('Ballet 1'));

    const first = await register(ana.parent, ana.students[0]!);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const full = await register(dee.parent, dee.students[0]!);
    expect(full.status).toBe(409);

    const b = await ok(bea.parent.post(WAITLIST, { stdID: bea.students[0], clSchID: ballet }));
    expect(b).toMatchObject({
      status: 'waiting',
      position: 1,
      msg: waitlistMessages.joined('Bea', 'Ballet 1'),
    });
    const c = await ok(cam.parent.post(WAITLIST, { stdID: cam.students[0], clSchID: ballet }));
    expect(c.position).toBe(2);
    const twice = await cam.parent.post(WAITLIST, { stdID: cam.students[0], clSchID: ballet });
    expect(twice.status).toBe(409);

    // Ana drops: the place goes to Bea, by the job, with a mail; nobody else can take it meanwhile.
    const anaReg = first.body[1].regList[0].clRegID;
    expect((await ana.parent.put(`/api/parents/registration/drop/${anaReg}`, {})).status).toBe(200);
    const runs = await runJobs(t);
    expect(runs.map((r) => r.outcome)).toEqual(['done']);
    expect((await entryOf(b.id)).status).toBe('offered');
    expect((await entryOf(c.id)).status).toBe('waiting');
    const mails = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.template, 'waitlist-offer'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('A place for Bea in Ballet 1');
    // The link opens the family's portal, where the offer is taken.
    expect(mails[0]!.text).toContain('http://localhost:3000/accounts/parents');
    expect((await register(dee.parent, dee.students[0]!)).status).toBe(409);
    // The same job run again offers nothing twice: the runner has it done, and its work itself, run
    // once more by hand, finds no place free under the class's lock.
    expect(await runJobs(t)).toEqual([]);
    const again = { companyId: s.companyA, classId: ballet, clock: t.clock, appUrl: 'http://localhost:3000' };
    expect(await offerFreePlaces(t.database.db, again)).toEqual([]);
    expect(
      await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.template, 'waitlist-offer')),
    ).toHaveLength(1);

    // Bea declines: Cam is offered next.
    expect((await ok(bea.parent.post(`${WAITLIST}/${b.id}/decline`))).msg).toBe(waitlistMessages.declined);
    await runJobs(t);
    expect((await entryOf(c.id)).status).toBe('offered');

    // Cam lets 24 hours pass: the offer expires, and with nobody waiting the place is free again.
    t.clock.advanceMinutes(24 * 60 + 1);
    await runJobs(t);
    // Back to the day the sessions of this file were signed in on (they last less than a day).
    t.clock.advanceMinutes(-(24 * 60 + 1));
    expect((await entryOf(c.id)).status).toBe('expired');
    const late = await cam.parent.post(`${WAITLIST}/${c.id}/accept`, {});
    expect(late.status).toBe(409);
    expect((await register(dee.parent, dee.students[0]!)).status).toBe(200);
  });

  it('registers the dancer in one step when the family accepts its offer', async () => {
    const eva = await familyOf(t, s.companyA, 'wl-eva@example.com', [{ firstName: 'Eva' }]);
    const fay = await familyOf(t, s.companyA, 'wl-fay@example.com', [{ firstName: 'Fay' }]);
    const e = await ok(eva.parent.post(WAITLIST, { stdID: eva.students[0], clSchID: ballet }));
    const f = await ok(fay.parent.post(WAITLIST, { stdID: fay.students[0], clSchID: ballet }));
    // The owner raises the class's size by one and offers the place to Fay, out of turn.
    await t.database.db.update(classes).set({ nMax: 2 }).where(eq(classes.id, ballet));
    const list = await ok(s.a.get(`/api/mystudio/schedule/class/${ballet}/waitlist`));
    expect(
      list.filter((x: { status: string }) => x.status === 'waiting').map((x: { id: string }) => x.id),
    ).toEqual([e.id, f.id]);
    expect(
      (await s.a.put(`/api/mystudio/schedule/class/${ballet}/waitlist/order`, { ids: [f.id] })).status,
    ).toBe(422);
    await ok(s.a.put(`/api/mystudio/schedule/class/${ballet}/waitlist/order`, { ids: [f.id, e.id] }));
    await ok(s.a.post(`/api/mystudio/schedule/class/${ballet}/waitlist/${f.id}/offer`));
    // No second place to offer.
    expect((await s.a.post(`/api/mystudio/schedule/class/${ballet}/waitlist/${e.id}/offer`)).status).toBe(
      409,
    );

    const builder = await ok(fay.parent.get(PARENT_REG));
    const monthly = builder.paySys.find((p: { isDefault: boolean }) => p.isDefault);
    // Eva cannot take Fay's offer.
    expect((await eva.parent.post(`${WAITLIST}/${f.id}/accept`, {})).status).toBe(404);
    const accepted = await fay.parent.post(`${WAITLIST}/${f.id}/accept`, {
      tuitList: { id: monthly.id },
      terms: builder.terms.map((d: { coTermID: string; version: number }) => ({ ...d, accepted: true })),
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body[1].regList).toHaveLength(1);
    expect((await entryOf(f.id)).status).toBe('accepted');
    // Fay's family hears of the registration as of any other (issue 31 item 11), once.
    const confirmations = await t.database.db
      .select({ to: mailOutbox.to, text: mailOutbox.text })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.template, 'registration-confirmed'), eq(mailOutbox.to, 'wl-fay@example.com')));
    expect(confirmations).toHaveLength(1);
    expect(confirmations[0]!.text).toContain('Fay');
    const tuition = await ok(fay.parent.get('/api/parents/tuition/schedule'));
    expect(tuition.plan.revision).toBe(1);

    // The owner takes Eva off the list.
    await ok(s.a.delete(`/api/mystudio/schedule/class/${ballet}/waitlist/${e.id}`));
    expect((await entryOf(e.id)).status).toBe('removed');
  });

  it('keeps each family to its own entries and each studio to its own classes', async () => {
    const gil = await familyOf(t, s.companyA, 'wl-gil@example.com', [{ firstName: 'Gil' }]);
    const mine = await ok(gil.parent.get(WAITLIST));
    expect(mine).toEqual([]);
    expect((await s.b.get(`/api/mystudio/schedule/class/${ballet}/waitlist`)).status).toBe(404);
    const [someone] = await t.database.db
      .select()
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.classId, ballet), eq(waitlistEntries.status, 'removed')));
    expect((await gil.parent.post(`${WAITLIST}/${someone!.id}/decline`)).status).toBe(404);
    expect((await s.b.delete(`/api/mystudio/schedule/class/${ballet}/waitlist/${someone!.id}`)).status).toBe(
      404,
    );
    const queued = await t.database.db.select().from(jobs).where(eq(jobs.kind, 'waitlist.offer'));
    expect(queued.every((j) => j.companyId === s.companyA)).toBe(true);
  });
});
