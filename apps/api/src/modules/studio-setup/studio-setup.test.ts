import { type SetupStepKey, type StudioSetup, studioSetup } from '@pirouette/domain';
import { describe, expect, it } from 'vitest';
import { createFamily } from '../../../test/factories';
import { insertClass, scheduleRecords } from '../../../test/schedule-records';
import { auditCount, type Caller } from '../../../test/studios';
import { useTwoStudios } from '../../../test/studios-base';
import { SETUP_MARK_ACTIONS } from './studio-setup.queries';

const SETUP = '/api/mystudio/setup';

const { t, s } = useTwoStudios();

async function setupOf(owner: Caller): Promise<StudioSetup> {
  const res = await owner.get(SETUP);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body[1];
}
const doneSteps = (setup: StudioSetup) => setup.steps.filter((step) => step.done).map((step) => step.key);

describe('GET api/mystudio/setup', () => {
  it('ticks each step of a new studio as the owner does it, and says when the setup is complete', async () => {
    const owner = s.ownerA;
    // A new studio has its first year term, current, and nothing else.
    const fresh = await setupOf(owner);
    expect(fresh.steps.map((step) => step.key)).toEqual([
      'locations',
      'yearTerm',
      'teachers',
      'classPrices',
      'privatePrices',
      'registrationFee',
      'classes',
      'terms',
      'parentLink',
      'getPaid',
    ]);
    expect(fresh.steps.find((step) => step.key === 'privatePrices')?.optional).toBe(true);
    // Its merchant account, approved (the fixture onboards it): an optional step, not counted (decision 049).
    expect(fresh.steps.find((step) => step.key === 'getPaid')).toEqual({
      key: 'getPaid',
      done: true,
      optional: true,
    });
    expect(doneSteps(fresh)).toEqual(['yearTerm', 'getPaid']);
    expect(fresh).toMatchObject({ nDone: 1, nSteps: 8, complete: false });

    // A location with rooms, a teacher, a class price and a private price of the current term.
    const records = await scheduleRecords(owner, s.termA.id, ' setup');
    expect(doneSteps(await setupOf(owner))).toEqual([
      'locations',
      'yearTerm',
      'teachers',
      'classPrices',
      'privatePrices',
      'getPaid',
    ]);
    await insertClass(t.database.db, s.companyA, records);
    expect(doneSteps(await setupOf(owner))).toContain('classes');

    // The owner keeps the $35.00 registration fee a new studio starts with (issue 31 item 14), reads
    // the terms and keeps them as they are; then copies the parent link, twice.
    expect((await owner.post(`${SETUP}/registrationFee`)).status).toBe(200);
    expect(doneSteps(await setupOf(owner))).toContain('registrationFee');
    expect((await owner.post(`${SETUP}/terms`)).status).toBe(200);
    expect(doneSteps(await setupOf(owner))).toContain('terms');
    const copied = await owner.post(`${SETUP}/parentLink`);
    expect(copied.status).toBe(200);
    expect(copied.body[1]).toMatchObject({ nDone: 8, nSteps: 8, complete: true });
    await owner.post(`${SETUP}/parentLink`);
    expect(await auditCount(t, s.companyA, SETUP_MARK_ACTIONS.parentLink)).toBe(1);

    // Studio B's checklist is its own.
    expect(doneSteps(await setupOf(s.ownerB))).toEqual(['yearTerm', 'getPaid']);
  });

  it('counts a saved version of the terms, the fees saved and a family as done, and prices and classes in the current term only', async () => {
    const owner = s.ownerB;
    expect(doneSteps(await setupOf(owner))).not.toContain('registrationFee');
    const money = (await owner.get('/api/mystudio/settings')).body[1].money;
    expect((await owner.put('/api/mystudio/settings/money', money)).status).toBe(200);
    expect(doneSteps(await setupOf(owner))).toContain('registrationFee');
    const [doc] = (await owner.get('/api/mystudio/documents')).body[1];
    await owner.put(`/api/mystudio/documents/${doc.id}`, { title: doc.title, content: 'Our own rules.' });
    await createFamily(t.database.db, s.companyB);
    const records = await scheduleRecords(owner, s.termB.id, ' b');
    await insertClass(t.database.db, s.companyB, records);
    expect(await setupOf(owner)).toMatchObject({ complete: true });

    // A new season made current has no prices or classes yet: those steps are to do again.
    const next = await owner.post('/api/mystudio/yearTerms/new', {
      name: 'Next season',
      dateStart: '2031-09-01',
      dateEnd: '2032-06-30',
    });
    await owner.put(`/api/mystudio/yearTerms/set/${next.body[1].id}`);
    const later = await setupOf(owner);
    const notDone: SetupStepKey[] = ['classPrices', 'privatePrices', 'classes'];
    expect(later.steps.filter((step) => !step.done).map((step) => step.key)).toEqual(notDone);
    expect(later).toMatchObject({ nDone: 6, complete: false });
  });

  it('refuses a parent (403) and a visitor (401), and a step the owner cannot tick (400)', async () => {
    expect((await s.parent.get(SETUP)).status).toBe(403);
    expect((await s.parent.post(`${SETUP}/terms`)).status).toBe(403);
    expect((await s.anonymous.get(SETUP)).status).toBe(401);
    for (const step of ['classes', 'nope', 'TERMS']) {
      expect((await s.ownerA.post(`${SETUP}/${step}`)).status, step).toBe(400);
    }
  });
});

describe('studioSetup', () => {
  it('counts the required steps only', () => {
    const none = Object.fromEntries(
      [
        'locations',
        'yearTerm',
        'teachers',
        'classPrices',
        'privatePrices',
        'registrationFee',
        'classes',
        'terms',
        'parentLink',
      ].map((key) => [key, true]),
    ) as Record<SetupStepKey, boolean>;
    expect(studioSetup({ ...none, privatePrices: false })).toMatchObject({
      nDone: 8,
      nSteps: 8,
      complete: true,
    });
    expect(studioSetup({ ...none, classes: false })).toMatchObject({ nDone: 7, complete: false });
  });
});
