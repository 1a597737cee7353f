import { messages, scheduleMessages } from '@pirouette/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { MALFORMED_ID, UNKNOWN_ID } from '../../../test/studios';
import { useTwoStudios } from '../../../test/studios-base';
import {
  addNumber,
  CLASS,
  createClass,
  enrol,
  numberBody,
  type StudioSetting,
  setUpBoth,
} from './schedule.fixture';

const { t, s } = useTwoStudios();
let A: StudioSetting;
let B: StudioSetting;

beforeAll(async () => {
  ({ A, B } = await setUpBoth(s));
});

const info = (id: string, who = s.a) => who.get(`${CLASS}/info/${id}`);

describe('GET api/mystudio/schedule/class/info/{id}', () => {
  it('answers empty lists for a class with nothing yet', async () => {
    const id = await createClass(A, { day: 1 });
    expect(await info(id)).toEqual(
      expect.objectContaining({
        status: 200,
        body: [
          true,
          {
            dncNum: [],
            dncNumAct: [],
            clsRegAct: [],
            clsGenres: [],
            otherReq: [],
            minGenreRequired: 0,
            minGenre: { min: 0, max: 0 },
          },
        ],
      }),
    );
  });

  it('answers the numbers, the activity grouped by registration, the genres and requirements', async () => {
    const [ballet, tap, jazz] = A.genres as [string, string, string];
    const id = await createClass(A, {}, [
      numberBody(A, { name: 'Waltz' }),
      numberBody(A, { name: 'Shuffle', genreID: tap, songLength: '1:05', costume: 0, songName: '' }),
    ]);
    const ava = await enrol(t, A, id, { firstName: 'Ava', lastName: 'Zimmer', dateI: '2026-09-01' });
    const bea = await enrol(t, A, id, {
      firstName: 'Bea',
      lastName: 'Adams',
      iStatus: -1,
      isDropped: true,
      status: 1,
    });
    // A number added later: only the student still in the class gets its activity.
    const third = await addNumber(A, id, { name: 'Finale', genreID: jazz });
    expect(third.dncNumAct.map((a) => a.clsRegID)).toEqual([ava.id]);
    const genre = (await s.a.post(`${CLASS}/${id}/genre`, { genreID: ballet })).body[1].id;
    const required = (
      await s.a.post(`${CLASS}/${id}/otherRequirement`, { genreID: tap, levelID: 2, isRequired: true })
    ).body[1].otherReqID;

    const res = await info(id);
    expect(res.status).toBe(200);
    const data = res.body[1];
    expect(data.dncNum.map((n: { name: string }) => n.name)).toEqual(['Shuffle', 'Waltz', 'Finale']);
    const shuffle = data.dncNum[0];
    expect(shuffle).toEqual({
      id: expect.any(String),
      clsSch_ID: id,
      name: 'Shuffle',
      genreID: tap,
      genre: 'Tap',
      songName: '',
      songArtist: 'Tchaikovsky',
      songLength: '1:05',
      costume: 0,
    });
    expect(data.dncNum[1]).toMatchObject({ genre: 'Ballet', songLength: '3:45', costume: 1 });
    expect(data.dncNumAct).toHaveLength(5);
    expect(data.clsRegAct).toEqual([
      {
        clsRegID: bea.id,
        acctStudentID: bea.studentId,
        studentName: 'Bea Adams',
        iStatus: -1,
        status: 1,
        isDropped: true,
        Date_i: '2026-09-01',
        Date_f: '2027-06-30',
        dncNum: [expect.objectContaining({ dncNumID: shuffle.id }), expect.anything()],
      },
      expect.objectContaining({ clsRegID: ava.id, studentName: 'Ava Zimmer', isDropped: false }),
    ]);
    const avaNumbers = data.clsRegAct[1].dncNum;
    expect(avaNumbers.map((a: { dncNumID: string }) => a.dncNumID)).toEqual(
      data.dncNum.map((n: { id: string }) => n.id),
    );
    expect(avaNumbers[2]).toEqual({
      dncNumActID: third.dncNumAct[0]!.dncNumActID,
      dncNumID: third.id,
      clsRegID: ava.id,
      studentName: 'Ava Zimmer',
      dncNumActive: 1,
      dncNumCompetition: 1,
      dncNumRecital: 1,
      dncNumCostume: 1,
    });
    expect(data.clsGenres).toEqual([{ clsGenreID: genre, genreID: ballet, name: 'Ballet' }]);
    expect(data.otherReq).toEqual([
      {
        otherReqID: required,
        genreID: tap,
        genreName: 'Tap',
        levelID: 2,
        levelName: 'Beginner/Intermediate',
        isRequired: true,
      },
    ]);
    expect(data.minGenreRequired).toBe(1);
    expect(data.minGenre).toEqual({ min: 1, max: 1 });
  });

  it("answers 404 for another studio's class, exactly as for a missing one", async () => {
    const theirs = await createClass(B, {}, [numberBody(B)]);
    for (const id of [theirs, UNKNOWN_ID]) {
      expect(await info(id)).toMatchObject({ status: 404, body: [false, scheduleMessages.classNotFound] });
    }
    expect((await info(theirs, s.b)).status).toBe(200);
  });

  it('refuses a malformed id with 400', async () => {
    expect(await info(MALFORMED_ID)).toMatchObject({ status: 400, body: [false, messages.invalidId] });
  });
});
