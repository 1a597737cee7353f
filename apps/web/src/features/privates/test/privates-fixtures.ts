import type { PrivateLesson, PrivateRegistration, PrivatesAnswer } from '@pirouette/domain';

export const TERM_ID = '33333333-3333-4333-8333-333333333333';
export const MAIN = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
export const ANNEX = 'aaaaaaaa-aaaa-4aaa-8aaa-bbbbbbbbbbbb';
export const CAMILLE = 'cccccccc-cccc-4ccc-8ccc-000000000001';
export const AIKO = 'cccccccc-cccc-4ccc-8ccc-000000000002';
export const SOLO_PRICE = 'dddddddd-dddd-4ddd-8ddd-000000000001';
export const DUET_PRICE = 'dddddddd-dddd-4ddd-8ddd-000000000002';
export const BALLET = 'eeeeeeee-eeee-4eee-8eee-000000000001';
export const STUDENT = 'ffffffff-ffff-4fff-8fff-000000000001';
export const REG = '99999999-9999-4999-8999-000000000001';

let n = 0;
export function lesson(overrides: Partial<PrivateLesson> = {}): PrivateLesson {
  n += 1;
  return {
    id: `bbbbbbbb-bbbb-4bbb-8bbb-${String(n).padStart(12, '0')}`,
    name: `Lesson ${n}`,
    yearTermID: TERM_ID,
    teacherID: CAMILLE,
    teacher: 'Camille Durand',
    priceID: SOLO_PRICE,
    priceName: 'Solo',
    price: 70,
    genreID: BALLET,
    nGenre: 'Ballet',
    locationID: MAIN,
    songName: 'Clair de Lune',
    songArtist: 'Debussy',
    songLength: '2:00',
    type: 1,
    nReg: 0,
    nDancers: 1,
    ...overrides,
  };
}

export function registration(overrides: Partial<PrivateRegistration> = {}): PrivateRegistration {
  return {
    privRegID: REG,
    privRegActID: '99999999-9999-4999-8999-000000000002',
    studentID: STUDENT,
    studentName: 'Anika Patel',
    price: 70,
    regStatus: 1,
    regDateStart: '2026-09-08',
    regDateEnd: '2027-06-30',
    status: 1,
    competition: 1,
    recital: 1,
    costume: 1,
    ...overrides,
  };
}

export function answer(priv: PrivateLesson[], overrides: Partial<PrivatesAnswer> = {}): PrivatesAnswer {
  return {
    yrTrmID: TERM_ID,
    tchr: [
      { id: CAMILLE, name: 'Camille Durand' },
      { id: AIKO, name: 'Aiko Tanaka' },
    ],
    priv,
    loc: [
      { id: MAIN, name: 'Main Street Studio' },
      { id: ANNEX, name: 'Annex' },
    ],
    selIDs: { locID: MAIN },
    ...overrides,
  };
}

export const formInputs = {
  yearTermID: TERM_ID,
  teachers: [
    { id: CAMILLE, name: 'Camille Durand' },
    { id: AIKO, name: 'Aiko Tanaka' },
  ],
  prices: [
    { id: SOLO_PRICE, name: 'Solo · $70.00', price: 70 },
    { id: DUET_PRICE, name: 'Duet · $45.00', price: 45 },
  ],
  genres: [{ id: BALLET, name: 'Ballet' }],
  locations: [
    { id: MAIN, name: 'Main Street Studio' },
    { id: ANNEX, name: 'Annex' },
  ],
  types: [
    { id: 1, name: 'Solo' },
    { id: 2, name: 'Duet' },
    { id: 3, name: 'Trio' },
    { id: 4, name: 'Group' },
  ],
};
