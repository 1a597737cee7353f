import { messages, scheduleMessages } from '@pirouette/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTwoStudios } from '../../test/studios-base';
import { danceNumbers } from '../db/schema/schedule';
import {
  addNumber,
  CLASS,
  createClass,
  enrol,
  freeSlot,
  SCHEDULE,
  type StudioSetting,
  setUpBoth,
} from '../modules/schedule/schedule.fixture';
import { countClassRegistrations } from './counting-registrations';

const { t, s } = useTwoStudios();
let A: StudioSetting;
let classId: string;
/** The registrations that count, by id. */
const counting = new Set<string>();

beforeAll(async () => {
  ({ A } = await setUpBoth(s));
  classId = await createClass(A, freeSlot());
  // One of each state a registration can be in: two count, four do not.
  const states = [
    { counts: true, firstName: 'Ava' },
    { counts: true, firstName: 'Bo', iStatus: 1 as const, status: 1 as const },
    { counts: false, firstName: 'Cy', iStatus: -1 as const, isDropped: true },
    { counts: false, firstName: 'Di', iStatus: -2 as const },
    { counts: false, firstName: 'Ed', status: -1 as const },
    { counts: false, firstName: 'Flo', iStatus: 10 as const, isDropped: true },
  ];
  for (const { counts, ...registration } of states) {
    const { id } = await enrol(t, A, classId, { ...registration, lastName: 'Mix' });
    if (counts) counting.add(id);
  }
});

/** The class's count as the owner's schedule shows it (nReg): what the screens send back. */
async function shownCount() {
  const data = (await s.a.get(`${SCHEDULE}?yrTrmID=${A.term}&locID=${A.location}&rmID=${A.rooms[0]}`))
    .body[1];
  const cls = data.cls.find((c: { id: string }) => c.id === classId);
  return cls.nReg as number;
}

describe('the registrations that count in a class', () => {
  it('are the same ones for the schedule, the account status, a new dance number and the delete check', async () => {
    // The schedule's nReg.
    expect(await shownCount()).toBe(counting.size);
    // The delete check's count.
    expect(await countClassRegistrations(t.database.db, A.companyId, classId, 'counting')).toBe(
      counting.size,
    );
    expect(await countClassRegistrations(t.database.db, A.companyId, classId, 'all')).toBe(6);
    // A family is active in the class (account list, active-filter by class) only through one that counts.
    const active = (await s.a.get(`/api/mystudio/account/list/active?clSchID=${classId}`)).body[1];
    expect(active.total).toBe(counting.size);
    // A new dance number is danced by the ones that count.
    const number = await addNumber(A, classId, { name: 'Counted' });
    expect(new Set(number.dncNumAct.map((a) => a.clsRegID))).toEqual(counting);
  });
});

describe('deleting a dance number of a class a dancer has dropped', () => {
  it('succeeds with the count the schedule shows, and still refuses a stale one', async () => {
    const { id } = await addNumber(A, classId, { name: 'Doomed' });
    const shown = await shownCount();
    expect(shown).toBe(2);
    // Every row of the class (six) is not what the owner saw: a stale count, nothing deleted.
    expect(await s.a.del(`${CLASS}/danceNumber/${classId}/${id}/6`)).toMatchObject({
      status: 409,
      body: [false, scheduleMessages.registrationsChanged],
    });
    expect(await t.database.db.select().from(danceNumbers).where(eq(danceNumbers.id, id))).toHaveLength(1);
    expect(await s.a.del(`${CLASS}/danceNumber/${classId}/${id}/${shown}`)).toMatchObject({
      status: 200,
      body: [true, { msg: messages.deleteSuccessful }],
    });
    expect(await t.database.db.select().from(danceNumbers).where(eq(danceNumbers.id, id))).toHaveLength(0);
  });
});
