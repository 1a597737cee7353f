import type { BuilderClass, RegisteredClass, RegistrationBuilder } from '@pirouette/domain';
import { seasonPlans } from '../../payment-system/lib/season-plans.fixture';

/**
 * A schedule builder as GET parents/registration/ answers it (for tests): the 2026-2027 season seen on
 * 2026-11-21, Main Street Studio with Studio A and Studio B, the Rivera family's Emma (10) and Leo (7),
 * Emma already in Ballet 1; a sibling discount of $10.00 and a 10 % multi-class discount.
 */

export const EMMA = 'e0000000-0000-4000-8000-000000000001';
export const LEO = 'e0000000-0000-4000-8000-000000000002';
export const FAMILY = 'f0000000-0000-4000-8000-000000000001';
export const LOC = 'a0000000-0000-4000-8000-000000000001';
export const ROOM_A = 'b0000000-0000-4000-8000-00000000000a';
export const ROOM_B = 'b0000000-0000-4000-8000-00000000000b';
export const JAZZ = 'c0000000-0000-4000-8000-000000000001';
export const TAP = 'c0000000-0000-4000-8000-000000000002';
export const BALLET = 'c0000000-0000-4000-8000-000000000003';
export const TEENS = 'c0000000-0000-4000-8000-000000000004';
export const LYRICAL = 'c0000000-0000-4000-8000-000000000005';
export const BALLET_REG = 'd0000000-0000-4000-8000-000000000001';
export const TERMS_DOC = '70000000-0000-4000-8000-000000000001';

const TERM = '90000000-0000-4000-8000-000000000001';

function cls(
  id: string,
  name: string,
  day: number,
  time: [string, string],
  room: string,
  cost: number,
  more: Partial<BuilderClass> = {},
): BuilderClass {
  // Asserted, not annotated: the builder's class gains fields (the waitlist's count) with defaults.
  return {
    waiting: 0,
    id,
    name,
    day,
    timeStart: time[0],
    timeEnd: time[1],
    yearTermID: TERM,
    roomID: room,
    locationID: LOC,
    priceID: `p-${id}`,
    teacherID: 't1',
    teacher: 'Camille Durand',
    age_min: 5,
    age_max: 12,
    level: 1,
    nMin: 1,
    nMax: 12,
    cost,
    tuit_base: cost,
    isOpen: true,
    isFull: false,
    nReg: 2,
    isReg: false,
    minGenreRequired: 0,
    placesLeft: 10,
    genreIDs: [],
    requirements: [],
    applyDiscount: true,
    location: 'Main Street Studio',
    room: room === ROOM_A ? 'Studio A' : 'Studio B',
    ...more,
  } as BuilderClass;
}

export function balletRegistration(more: Partial<RegisteredClass> = {}): RegisteredClass {
  return {
    clRegID: BALLET_REG,
    clSchID: BALLET,
    stdID: EMMA,
    name: 'Ballet 1',
    teacher: 'Camille Durand',
    day: 0,
    Ti: '17:00:00',
    Tf: '18:00:00',
    Pr_0: 65,
    Pr_i: 65,
    Pr_f: 65,
    nTh: 1,
    dateStart: '2026-09-01',
    dateEnd: '2027-06-30',
    iStatus: 10,
    status: 1,
    status_clsReg: 1,
    status_clsRegAct: 1,
    approved: true,
    isDropped: false,
    droppedOn: null,
    ...more,
  };
}

export function riveraBuilder(more: Partial<RegistrationBuilder> = {}): RegistrationBuilder {
  return {
    yrTrmID: TERM,
    term: { name: '2026-2027', dateStart: '2026-09-01', dateEnd: '2027-06-30' },
    today: '2026-11-21',
    sched: {
      cls: [
        cls(JAZZ, 'Jazz 1', 1, ['17:00:00', '18:00:00'], ROOM_A, 60),
        cls(TAP, 'Tap 1', 3, ['16:00:00', '16:45:00'], ROOM_A, 45),
        cls(TEENS, 'Hip Hop Teens', 2, ['18:00:00', '19:00:00'], ROOM_A, 50, { age_min: 13, age_max: 18 }),
        cls(LYRICAL, 'Lyrical 2', 4, ['17:00:00', '18:00:00'], ROOM_A, 55, {
          placesLeft: 0,
          isFull: true,
          nReg: 12,
          age_min: 0,
          age_max: 99,
        }),
        cls(BALLET, 'Ballet 1', 0, ['17:00:00', '18:00:00'], ROOM_B, 65),
      ],
      loc: [{ id: LOC, name: 'Main Street Studio' }],
      rm: [
        { id: ROOM_A, locationID: LOC, name: 'Studio A', description: '' },
        { id: ROOM_B, locationID: LOC, name: 'Studio B', description: '' },
      ],
      locID: LOC,
      selIDs: { locID: LOC, rmID: ROOM_A },
    },
    acctInfo: {
      id: FAMILY,
      stds: [
        { id: EMMA, firstName: 'Emma', lastName: 'Rivera', dob: '2016-05-10' },
        { id: LEO, firstName: 'Leo', lastName: 'Rivera', dob: '2019-03-02' },
      ],
      regCls: [balletRegistration()],
    },
    disc: [
      { id: 'd-sib', typeID: 200, vTypeID: 200, value: 1000, rValue: 1, name: 'Sibling discount', order: 1 },
      { id: 'd-multi', typeID: 100, vTypeID: 100, value: 0.1, rValue: 1, name: 'Multi-class', order: 1 },
    ],
    // The family's figures per plan (total, payments) are the server's; the wizard reads its own.
    paySys: seasonPlans().map((p) => ({ ...p, total: 0, payments: [] })),
    rules: {
      unlimited: null,
      siblingIndex: 'student',
      registrationFee: { amount: 3500, participation: 'In-Studio' },
      approval: false,
    },
    plan: null,
    feePaid: false,
    terms: [
      {
        coTermID: TERMS_DOC,
        title: 'studio rules and policies',
        version: 2,
        body: 'Tuition is charged automatically on the 1st of each month.',
      },
    ],
    ...more,
  };
}

export const ANNEX = 'a0000000-0000-4000-8000-000000000002';
const ROOM_C = 'b0000000-0000-4000-8000-00000000000c';
export const CONTEMPORARY = 'c0000000-0000-4000-8000-000000000006';

/**
 * The Riveras' builder at a studio of two locations, read a week at a time (decision 082): Main Street
 * Studio's week (the family's location), and the Annex's, with Contemporary on Friday and Emma's
 * Ballet 1 at Main Street (the family's own classes come wherever they are).
 */
export function twoLocationWeeks(): { main: RegistrationBuilder; annex: RegistrationBuilder } {
  const main = riveraBuilder();
  const sched = {
    ...main.sched,
    loc: [
      { id: ANNEX, name: 'Annex' },
      { id: LOC, name: 'Main Street Studio' },
    ],
    rm: [...main.sched.rm, { id: ROOM_C, locationID: ANNEX, name: 'Annex Hall', description: '' }],
  };
  const ballet = main.sched.cls.find((c) => c.id === BALLET)!;
  const contemporary = cls(CONTEMPORARY, 'Contemporary', 4, ['16:00:00', '17:00:00'], ROOM_C, 70, {
    locationID: ANNEX,
    location: 'Annex',
    room: 'Annex Hall',
  });
  return {
    main: { ...main, sched },
    annex: {
      ...main,
      sched: {
        ...sched,
        cls: [contemporary, ballet],
        locID: ANNEX,
        selIDs: { locID: ANNEX, rmID: ROOM_C },
      },
    },
  };
}
