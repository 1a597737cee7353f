import type { DayMeetings } from '@pirouette/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPerson } from '../../../test/factories';
import { signIn } from '../../../test/flows';
import { countQueries, statementShape } from '../../../test/query-count';
import { caller, MALFORMED_ID, UNKNOWN_ID } from '../../../test/studios';
import { useTwoStudios } from '../../../test/studios-base';
import { createClass, type StudioSetting, setUpStudio } from '../schedule/schedule.fixture';

/**
 * Decision 088 (issue 39 point 3): the owner's day lists one location's meetings, as the builder sends one
 * location's week (decision 082); a teacher's day lists their own classes wherever they are. Studio A has
 * "Annex" (one room, first by name) and "Main Studio"; its classes meet on Mondays.
 */

const { t, s } = useTwoStudios();
const MONDAY = '2026-11-16';
const DAY = `/api/mystudio/attendance/meetings?date=${MONDAY}`;

let st: StudioSetting;
let stB: StudioSetting;
let annex: { location: string; room: string };
const names = (d: DayMeetings) => d.meetings.map((m) => m.name).sort();

beforeAll(async () => {
  st = await setUpStudio(s.a, s.termA);
  stB = await setUpStudio(s.b, s.termB);
  const made = (
    await s.a.post('/api/mystudio/locations', {
      loc: {
        name: 'Annex',
        address: '3 Church St',
        city: 'Montclair',
        state: 'NJ',
        zipcode: '07042',
        phone: '(973) 555-0143',
      },
      rooms: [{ name: 'Annex Hall', description: '' }],
    })
  ).body[1];
  annex = { location: made.LocID, room: made.RoomIDs[0] };
  await createClass(st, { name: 'Jazz 1', day: 0 });
  await createClass(st, { name: 'Tap 1', day: 0, roomID: st.rooms[1], teacherID: st.teachers[1] });
  await createClass(st, { name: 'Annex Ballet', day: 0, roomID: annex.room });
  await createClass(stB, { name: 'Studio B Jazz', day: 0 });
});

describe("the owner's day at one location (decision 088)", () => {
  it('lists the first location by name, or the one asked, with every location to switch to', async () => {
    const first: DayMeetings = (await s.a.get(DAY)).body[1];
    expect(first.locID).toBe(annex.location);
    expect(first.loc.map((l) => l.name)).toEqual(['Annex', 'Main Studio']);
    expect(names(first)).toEqual(['Annex Ballet']);
    const main: DayMeetings = (await s.a.get(`${DAY}&locID=${st.location}`)).body[1];
    expect(main.locID).toBe(st.location);
    expect(names(main)).toEqual(['Jazz 1', 'Tap 1']);
    expect({ ...main, locID: null, meetings: [] }).toEqual({ ...first, locID: null, meetings: [] });
  });

  it("ignores another studio's location or an unknown one, and refuses a malformed id", async () => {
    const first = (await s.a.get(DAY)).body;
    for (const id of [stB.location, UNKNOWN_ID]) {
      expect((await s.a.get(`${DAY}&locID=${id}`)).body, id).toEqual(first);
    }
    expect((await s.a.get(`${DAY}&locID=${MALFORMED_ID}`)).status).toBe(400);
    expect(JSON.stringify(first)).not.toContain('Studio B Jazz');
  });

  it('answers the same bytes in the same statements when another location has three times the classes', async () => {
    const path = `${DAY}&locID=${st.location}`;
    const before = await countQueries(t, () => s.a.get(path));
    for (let i = 0; i < 6; i++) {
      await createClass(st, {
        name: `Annex Class ${i}`,
        day: 0,
        timeStart: `${10 + i}:00`,
        timeEnd: `${10 + i}:45`,
        roomID: annex.room,
      });
    }
    const after = await countQueries(t, () => s.a.get(path));
    expect(JSON.stringify(after.result.body)).toBe(JSON.stringify(before.result.body));
    expect(after.statements.map(statementShape)).toEqual(before.statements.map(statementShape));
    // The Annex's day did grow: its classes were there to be left out.
    expect(names((await s.a.get(DAY)).body[1])).toHaveLength(7);
  });

  it('gives a teacher their own classes at every location, with no location to switch', async () => {
    // Tap 1 is another teacher's; Jazz 1 (Main Studio) and Annex Ballet are the first teacher's.
    await createPerson(t.database.db, {
      email: 'ines.teacher@example.com',
      companyId: s.companyA,
      role: 'teacher',
      password: 'Teacher123',
      teacherId: st.teachers[0],
    });
    const teacher = caller(t, (await signIn(t, 'ines.teacher@example.com', 'Teacher123')).token);
    const day: DayMeetings = (await teacher.get(`${DAY}&locID=${st.location}`)).body[1];
    expect({ locID: day.locID, loc: day.loc }).toEqual({ locID: null, loc: [] });
    expect(names(day)).toContain('Annex Ballet');
    expect(names(day)).toContain('Jazz 1');
    expect(names(day)).not.toContain('Tap 1');
  });
});
