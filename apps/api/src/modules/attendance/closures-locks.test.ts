import { beforeAll, describe, expect, it } from 'vitest';
import { registerInClass } from '../../../test/factories';
import { gate, ON_POSTGRES, registrationHolding, someoneWaits } from '../../../test/interleaved';
import { useTwoStudios } from '../../../test/studios-base';
import { familyOf, registrationStudio } from '../class-registration/class-registration.fixture';

/**
 * A closure saved while families change their classes (PostgreSQL: PGlite runs one statement at a time).
 * A registration locks its family, then the classes it joins; a closure locks the classes it closes, and
 * writes to the families it touches. Were the closure to take a family after a class, a family that
 * registers into a closed class at that moment would hold what the closure waits for and wait for what
 * it holds: PostgreSQL would end one of them with a deadlock.
 */
const { t, s } = useTwoStudios();
const db = () => t.database.db;
let tuesday = '';
let familyId = '';

beforeAll(async () => {
  const setting = await registrationStudio(s);
  tuesday = setting.classes.tuesday;
  const family = await familyOf(t, s.companyA, 'locks-family@example.com', [{ firstName: 'Maya' }]);
  familyId = family.id;
  await registerInClass(db(), {
    companyId: s.companyA,
    classId: tuesday,
    studentId: family.students[0]!,
    pr0: 6000,
    prI: 6000,
    prF: 6000,
  });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const closeTuesday = (date: string, creditsTuition: boolean) =>
  s.a.post('/api/mystudio/closures', {
    clSchID: tuesday,
    dateFrom: date,
    dateTo: date,
    reason: creditsTuition ? 'Boiler' : 'Flood',
    givesMakeups: true,
    creditsTuition,
  });

describe.runIf(ON_POSTGRES)('a closure beside a registration (PostgreSQL)', () => {
  it('with a tuition credit, waits for a family that holds its row before taking the class: both go through', async () => {
    const { opened: go, open: letGo } = gate();
    const registration = registrationHolding(db(), { companyId: s.companyA, familyId, classId: tuesday }, go);
    await registration.holding;
    const closure = closeTuesday('2026-12-01', true);
    try {
      // The closure waits for the family's row (to credit its book), holding no class yet.
      await someoneWaits(db());
    } finally {
      letGo();
    }
    await registration.done;
    const res = await closure;
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body[1]).toMatchObject({ nFamilies: 1 });
  });

  it('with make-up credits only, does not wait for a family that holds its row', async () => {
    const { opened: go, open: letGo } = gate();
    const registration = registrationHolding(db(), { companyId: s.companyA, familyId, classId: tuesday }, go);
    await registration.holding;
    const closure = closeTuesday('2026-12-08', false);
    // Its credit, log line and mail name the family (KEY SHARE), which its writer's lock lets through.
    const first = await Promise.race([
      closure.then(() => 'the closure' as const),
      sleep(3000).then(() => 'none'),
    ]);
    letGo();
    expect(first).toBe('the closure');
    expect((await closure).status).toBe(200);
    await registration.done;
  });
});
