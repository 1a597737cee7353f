import type { BuilderClass, RegistrationBuilder } from '@pirouette/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerInClass } from '../../../test/factories';
import { countQueries } from '../../../test/query-count';
import { MALFORMED_ID, UNKNOWN_ID } from '../../../test/studios';
import { useTwoStudios } from '../../../test/studios-base';
import { createClass, type StudioSetting, setUpStudio } from '../schedule/schedule.fixture';
import { loadBuilderClasses } from './builder-classes';
import { ok, PARENT_REG } from './class-registration.fixture';
import { type QuickFamily, quickFamilies } from './registration-families.fixture';

/**
 * Decision 082 (issue 39 point 3): the builder sends one location's week, not the whole term. Studio A
 * has two locations, "Annex" (first by name, one room) and "Main Studio" (two rooms); the Garcia family
 * dances at Main Studio, the Lee family nowhere yet.
 */

const { t, s } = useTwoStudios();
const OWNER_BUILDER = '/api/myStudio/schedule/class/registration/activity';

let st: StudioSetting;
let stB: StudioSetting;
let annex: { location: string; room: string };
let garcia: QuickFamily;
let lee: QuickFamily;
const cls = { jazz: '', tap: '', annexBallet: '', ofB: '' };

const idsOf = (b: RegistrationBuilder) => b.sched.cls.map((c) => c.id).sort();

beforeAll(async () => {
  st = await setUpStudio(s.a, s.termA);
  stB = await setUpStudio(s.b, s.termB);
  const made = await ok(
    s.a.post('/api/mystudio/locations', {
      loc: {
        name: 'Annex',
        address: '3 Church St',
        city: 'Montclair',
        state: 'NJ',
        zipcode: '07042',
        phone: '(973) 555-0143',
      },
      rooms: [{ name: 'Annex Hall', description: '' }],
    }),
  );
  annex = { location: made.LocID, room: made.RoomIDs[0] };
  cls.jazz = await createClass(st, { name: 'Jazz 1', day: 1, age_min: 0, age_max: 99 });
  cls.tap = await createClass(st, { name: 'Tap 1', day: 3, roomID: st.rooms[1], age_min: 0, age_max: 99 });
  cls.annexBallet = await createClass(st, {
    name: 'Annex Ballet',
    day: 2,
    roomID: annex.room,
    age_min: 0,
    age_max: 99,
  });
  cls.ofB = await createClass(stB, { name: 'Studio B Jazz', day: 1, age_min: 0, age_max: 99 });
  [garcia, lee] = (await quickFamilies(t, s.companyA, [
    { name: 'Garcia', dancers: [{ firstName: 'Gia' }] },
    { name: 'Lee', dancers: [{ firstName: 'Lin' }] },
  ])) as [QuickFamily, QuickFamily];
  await registerInClass(t.database.db, {
    companyId: s.companyA,
    classId: cls.jazz,
    studentId: garcia.students[0]!,
  });
});

describe("the builder's week (decision 082)", () => {
  it("opens at the location where the family's dancers take classes, else the first by name", async () => {
    const mine: RegistrationBuilder = await ok(garcia.parent.get(PARENT_REG));
    expect(mine.sched.locID).toBe(st.location);
    expect(mine.sched.selIDs).toEqual({ locID: st.location, rmID: st.rooms[0] });
    expect(idsOf(mine)).toEqual([cls.jazz, cls.tap].sort());
    // The switchers list every location and room of the studio, and nothing of another studio.
    expect(mine.sched.loc.map((l) => l.name)).toEqual(['Annex', 'Main Studio']);
    expect(mine.sched.rm.map((r) => r.id).sort()).toEqual([...st.rooms, annex.room].sort());

    const fresh: RegistrationBuilder = await ok(lee.parent.get(PARENT_REG));
    expect(fresh.sched.locID).toBe(annex.location);
    expect(fresh.sched.selIDs).toEqual({ locID: annex.location, rmID: annex.room });
    expect(idsOf(fresh)).toEqual([cls.annexBallet]);
  });

  it("sends the location asked for, with the family's own classes wherever they are", async () => {
    const there: RegistrationBuilder = await ok(garcia.parent.get(`${PARENT_REG}?locID=${annex.location}`));
    expect(there.sched.locID).toBe(annex.location);
    expect(there.sched.selIDs).toEqual({ locID: annex.location, rmID: annex.room });
    // Annex's class, and Gia's Jazz at Main Studio (the prices and requirements count it).
    expect(idsOf(there)).toEqual([cls.annexBallet, cls.jazz].sort());
    expect(there.acctInfo.regCls.map((r) => r.clSchID)).toEqual([cls.jazz]);
    // Everything beside the week is the same whatever the location.
    const home: RegistrationBuilder = await ok(garcia.parent.get(PARENT_REG));
    const { sched: _a, ...rest } = there;
    const { sched: _b, ...restHome } = home;
    expect(rest).toEqual(restHome);
  });

  it('lists each class exactly as the writes price and check it (loadBuilderClasses)', async () => {
    const all = new Map(
      (await loadBuilderClasses(t.database.db, s.companyA, s.termA.id)).map((c) => [c.id, c]),
    );
    for (const path of [PARENT_REG, `${PARENT_REG}?locID=${annex.location}`]) {
      const b: RegistrationBuilder = await ok(garcia.parent.get(path));
      for (const c of b.sched.cls) expect(c, c.name).toEqual(all.get(c.id));
    }
  });

  it("ignores another studio's location or class as an unknown one, and refuses a malformed id", async () => {
    const home = await ok(garcia.parent.get(PARENT_REG));
    for (const query of [`locID=${stB.location}`, `locID=${UNKNOWN_ID}`, `clSchID=${cls.ofB}`]) {
      expect(await ok(garcia.parent.get(`${PARENT_REG}?${query}`)), query).toEqual(home);
    }
    const owner = `${OWNER_BUILDER}/${garcia.id}`;
    const ownerHome = await ok(s.a.get(owner));
    expect(await ok(s.a.get(`${owner}?clSchID=${cls.ofB}`))).toEqual(ownerHome);
    expect(await ok(s.a.get(`${owner}?locID=${stB.location}`))).toEqual(ownerHome);
    expect(JSON.stringify(ownerHome)).not.toContain(cls.ofB);
    for (const query of [`locID=${MALFORMED_ID}`, `clSchID=${MALFORMED_ID}`]) {
      expect((await garcia.parent.get(`${PARENT_REG}?${query}`)).status, query).toBe(400);
    }
  });

  it("opens the owner's builder at the class asked for; a location asked for comes first", async () => {
    const owner = `${OWNER_BUILDER}/${garcia.id}`;
    const atClass: RegistrationBuilder = await ok(s.a.get(`${owner}?clSchID=${cls.annexBallet}`));
    expect(atClass.sched.locID).toBe(annex.location);
    expect(atClass.sched.cls.map((c: BuilderClass) => c.id)).toContain(cls.annexBallet);
    const both: RegistrationBuilder = await ok(
      s.a.get(`${owner}?clSchID=${cls.annexBallet}&locID=${st.location}`),
    );
    expect(both.sched.locID).toBe(st.location);
  });

  it('answers the same bytes in the same round trips when other locations have three times the classes', async () => {
    const path = `${PARENT_REG}?locID=${st.location}`;
    const before = await countQueries(t, () => garcia.parent.get(path));
    const annexBefore = await ok(lee.parent.get(PARENT_REG));
    for (let i = 0; i < 6; i++) {
      const id = await createClass(st, {
        name: `Annex Class ${i}`,
        day: i % 6,
        timeStart: '18:00',
        timeEnd: '19:00',
        roomID: annex.room,
        age_min: 0,
        age_max: 99,
      });
      // Other families fill them: their registrations are no part of Garcia's answer either.
      if (i % 2 === 0)
        await registerInClass(t.database.db, {
          companyId: s.companyA,
          classId: id,
          studentId: lee.students[0]!,
        });
    }
    const after = await countQueries(t, () => garcia.parent.get(path));
    expect(after.result.status).toBe(200);
    expect(JSON.stringify(after.result.body)).toBe(JSON.stringify(before.result.body));
    expect(after.count).toBe(before.count);
    // The session lookup, the term, then the builder's one batch.
    expect(after.count).toBeLessThanOrEqual(3);
    // The Annex week itself did grow: the classes were there to be left out.
    expect((await ok(lee.parent.get(PARENT_REG))).sched.cls.length).toBe(annexBefore.sched.cls.length + 6);
  });
});
