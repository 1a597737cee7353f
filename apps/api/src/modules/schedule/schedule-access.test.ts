import { messages } from '@pirouette/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { audited } from '../../../test/studios';
import { useTwoStudios } from '../../../test/studios-base';
import {
  addNumber,
  CLASS,
  classBody,
  classFootprint,
  createClass,
  enrol,
  freeSlot,
  numberBody,
  SCHEDULE,
  type StudioSetting,
  setUpStudio,
} from './schedule.fixture';

const { t, s } = useTwoStudios();
let A: StudioSetting;
let classId: string;
let numberId: string;
let activityId: string;
let genreId: string;
let requirementId: string;

beforeAll(async () => {
  A = await setUpStudio(s.a, s.termA);
  classId = await createClass(A, freeSlot());
  await enrol(t, A, classId);
  const number = await addNumber(A, classId);
  numberId = number.id;
  activityId = number.dncNumAct[0]!.dncNumActID;
  genreId = (await s.a.post(`${CLASS}/${classId}/genre`, { genreID: A.genres[0] })).body[1].id;
  requirementId = (
    await s.a.post(`${CLASS}/${classId}/otherRequirement`, { genreID: A.genres[1], levelID: 1 })
  ).body[1].otherReqID;
});

/** Every route of the schedule with a request an owner would get a 200 for. */
const routes = (): [string, string, Record<string, unknown>?][] => [
  ['GET', `${SCHEDULE}?locID=${A.location}`],
  ['POST', SCHEDULE, { yrTrmID: A.term }],
  ['GET', `${CLASS}/list/${A.rooms[0]}`],
  ['GET', `${CLASS}/list/${A.term}/${A.rooms[0]}`],
  ['GET', `${CLASS}/info/${classId}`],
  ['POST', CLASS, { class: classBody(A, freeSlot()), dncNum: [numberBody(A)] }],
  ['PUT', `${CLASS}/${classId}`, classBody(A, { ...freeSlot(), name: 'Changed' })],
  ['PUT', `${CLASS}/${classId}/minGenreRequired`, { minGenreRequired: 1 }],
  ['POST', `${CLASS}/${classId}/genre`, { genreID: A.genres[2] }],
  ['POST', `${CLASS}/${classId}/otherRequirement`, { genreID: A.genres[3], levelID: 1 }],
  [
    'PUT',
    `${CLASS}/${classId}/otherRequirement`,
    { otherReqID: requirementId, genreID: A.genres[1], levelID: 2 },
  ],
  ['POST', `${CLASS}/danceNumber`, { clSchID: classId, ...numberBody(A) }],
  ['PUT', `${CLASS}/danceNumber/${classId}/${numberId}`, numberBody(A, { name: 'Changed' })],
  ['PUT', `${CLASS}/danceNumberActivity/${activityId}`, { step: 1, status: 0 }],
  ['DELETE', `${CLASS}/${classId}/otherRequirement/${requirementId}`],
  ['DELETE', `${CLASS}/${classId}/genre/${genreId}`],
  ['DELETE', `${CLASS}/danceNumber/${classId}/${numberId}/1`],
  ['DELETE', `${CLASS}/${classId}/room/${A.rooms[0]}`],
];

describe('who may call the schedule', () => {
  it('refuses a parent of the studio with 403 and no session with 401 on every route, writing nothing', async () => {
    const before = await classFootprint(t, classId);
    for (const [method, url, body] of routes()) {
      const asParent = await s.parent(method as 'GET', url, body);
      expect(asParent, `${method} ${url}`).toMatchObject({ status: 403, body: [false, messages.forbidden] });
      const asNobody = await s.anonymous(method as 'GET', url, body);
      expect(asNobody, `${method} ${url}`).toMatchObject({
        status: 401,
        body: [false, messages.notSignedIn],
      });
    }
    expect(await classFootprint(t, classId)).toEqual(before);
    expect(await audited(t, A.companyId, 'class.delete')).toEqual([]);
  });

  it('lets the owner make every call', async () => {
    for (const [method, url, body] of routes()) {
      const res = await s.a(method as 'GET', url, body);
      expect(res.status, `${method} ${url}: ${JSON.stringify(res.body)}`).toBe(200);
    }
    expect((await classFootprint(t, classId)).row).toBeNull();
  });
});
