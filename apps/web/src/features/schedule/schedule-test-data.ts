import type {
  ClassFormInputs,
  ClassInfo,
  DanceNumberActivityItem,
  ScheduleAnswer,
  ScheduleClass,
} from '@pirouette/domain';
import { session, yearTerm } from '../../test/fixtures';
import { mockApi } from '../../test/render';

/** A studio with one location of two rooms, two classes in Studio A and one student's activity (tests only). */

const id = (n: number) =>
  `${String(n).repeat(8)}-${String(n).repeat(4)}-4${String(n).repeat(3)}-8${String(n).repeat(3)}-${String(n).repeat(12)}`;

export const TERM = yearTerm.id;
export const LOCATION = id(1);
export const OTHER_LOCATION = id(2);
export const ROOM_A = id(4);
export const ROOM_B = id(5);
export const TEACHER = id(6);
export const PRICE_60 = id(7);
export const BALLET = id(8);
export const JAZZ = id(9);
export const BALLET_1 = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
export const TEAM = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
export const NUMBER = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';
export const ACTIVITY = 'dddddddd-dddd-4ddd-8ddd-dddddddddddd';
export const REQUIREMENT = 'eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee';
export const CLASS_GENRE = 'ffffffff-ffff-4fff-8fff-ffffffffffff';

const base: ScheduleClass = {
  id: BALLET_1,
  name: 'Ballet 1',
  day: 0,
  timeStart: '17:00:00',
  timeEnd: '18:00:00',
  yearTermID: TERM,
  roomID: ROOM_A,
  locationID: LOCATION,
  priceID: PRICE_60,
  teacherID: TEACHER,
  teacher: 'Camille Durand',
  age_min: 6,
  age_max: 8,
  level: 1,
  nMin: 3,
  nMax: 12,
  cost: 65,
  tuit_base: 65,
  isOpen: true,
  isFull: false,
  nReg: 2,
  isReg: true,
  minGenreRequired: 0,
};

export const ballet1 = base;
export const team: ScheduleClass = {
  ...base,
  id: TEAM,
  name: 'Competition Team',
  day: 2,
  timeStart: '18:00:00',
  timeEnd: '19:30:00',
  level: 7,
  nMax: 2,
  isFull: true,
  isOpen: false,
};

export const schedule = (over: Partial<ScheduleAnswer> = {}): ScheduleAnswer => ({
  yrTrmID: TERM,
  cls: [ballet1, team],
  loc: [
    { id: LOCATION, name: 'Main Street Studio' },
    { id: OTHER_LOCATION, name: 'Uptown' },
  ],
  rm: [
    { id: ROOM_A, locationID: LOCATION, name: 'Studio A', description: 'Large studio' },
    { id: ROOM_B, locationID: LOCATION, name: 'Studio B', description: '' },
  ],
  selIDs: { locID: LOCATION, rmID: ROOM_A },
  ...over,
});

export const inputs: ClassFormInputs = {
  yearTermID: TERM,
  teachers: [{ id: TEACHER, name: 'Camille Durand' }],
  rooms: [
    { id: ROOM_A, name: 'Large studio', locationID: LOCATION, location: 'Main Street Studio' },
    { id: ROOM_B, name: 'Studio B', locationID: LOCATION, location: 'Main Street Studio' },
  ],
  prices: [{ id: PRICE_60, name: '60 min · $65.00', price: 65, duration: 60 }],
  genres: [
    { id: BALLET, name: 'Ballet' },
    { id: JAZZ, name: 'Jazz' },
  ],
  levels: [
    { id: 1, name: 'Beginner' },
    { id: 2, name: 'Intermediate' },
  ],
  yearTerms: [{ id: TERM, name: yearTerm.name }],
};

export const activity = (over: Partial<DanceNumberActivityItem> = {}): DanceNumberActivityItem => ({
  dncNumActID: ACTIVITY,
  dncNumID: NUMBER,
  clsRegID: 'reg-1',
  studentName: 'Emma Hartley',
  dncNumActive: 1,
  dncNumCompetition: 1,
  dncNumRecital: 0,
  dncNumCostume: 1,
  ...over,
});

export const classInfo = (act = activity()): ClassInfo => ({
  dncNum: [
    {
      id: NUMBER,
      clsSch_ID: BALLET_1,
      name: 'Waltz',
      genreID: BALLET,
      genre: 'Ballet',
      songName: 'Waltz of the Flowers',
      songArtist: 'Tchaikovsky',
      songLength: '3:10',
      costume: 1,
    },
  ],
  dncNumAct: [act],
  clsRegAct: [
    {
      clsRegID: 'reg-1',
      acctStudentID: 's-1',
      studentName: 'Emma Hartley',
      iStatus: 1,
      status: 1,
      isDropped: false,
      Date_i: '2026-09-01',
      Date_f: '2027-06-30',
      dncNum: [act],
    },
  ],
  clsGenres: [{ clsGenreID: CLASS_GENRE, genreID: BALLET, name: 'Ballet' }],
  otherReq: [
    {
      otherReqID: REQUIREMENT,
      genreID: JAZZ,
      genreName: 'Jazz',
      levelID: 2,
      levelName: 'Intermediate',
      isRequired: true,
    },
  ],
  minGenreRequired: 1,
  minGenre: { min: 1, max: 1 },
});

type Route = (url: string, method: string, body: unknown) => [number, unknown] | undefined;

/** The schedule's calls answered from the data above; `route` answers first. */
export function scheduleApi(route: Route = () => undefined, answer: ScheduleAnswer = schedule()) {
  return mockApi((url, init) => {
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    const own = route(url, method, body);
    if (own) return own;
    if (url === '/api/auth/me') return [200, [true, session('owner')]];
    if (url.startsWith('/api/mystudio/schedule/?') || url === '/api/mystudio/schedule/')
      return [200, [true, answer]];
    if (url.startsWith('/api/mystudio/inputs/classform')) return [200, [true, inputs]];
    if (url.startsWith('/api/mystudio/schedule/class/info/')) return [200, [true, classInfo()]];
    return undefined;
  });
}
