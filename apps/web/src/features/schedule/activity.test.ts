import type { ClassInfo, DanceNumberActivityItem } from '@pirouette/domain';
import { describe, expect, it } from 'vitest';
import { activityStep, applyStep, applyStepToInfo, toggleRequest } from './activity';

const item = (over: Partial<DanceNumberActivityItem> = {}): DanceNumberActivityItem => ({
  dncNumActID: 'act-1',
  dncNumID: 'dn-1',
  clsRegID: 'reg-1',
  studentName: 'Emma Hartley',
  dncNumActive: 1,
  dncNumCompetition: 1,
  dncNumRecital: 0,
  dncNumCostume: 1,
  ...over,
});

describe('activityStep', () => {
  it.each([
    ['active', 1],
    ['competition', 2],
    ['recital', 3],
    ['costume', 4],
  ] as const)('%s is step %i', (flag, step) => {
    expect(activityStep(flag)).toBe(step);
  });
});

describe('toggleRequest', () => {
  it('flips the switch: on sends 0, off sends 1', () => {
    expect(toggleRequest(item(), 'active')).toEqual({ step: 1, status: 0 });
    expect(toggleRequest(item(), 'competition')).toEqual({ step: 2, status: 0 });
    expect(toggleRequest(item(), 'recital')).toEqual({ step: 3, status: 1 });
    expect(toggleRequest(item({ dncNumCostume: 0 }), 'costume')).toEqual({ step: 4, status: 1 });
  });
});

describe('applyStep', () => {
  it('step 1 sets all four flags', () => {
    expect(applyStep(item(), 1, 0)).toMatchObject({
      dncNumActive: 0,
      dncNumCompetition: 0,
      dncNumRecital: 0,
      dncNumCostume: 0,
    });
    expect(applyStep(item({ dncNumActive: 0, dncNumCompetition: 0, dncNumCostume: 0 }), 1, 1)).toMatchObject({
      dncNumActive: 1,
      dncNumCompetition: 1,
      dncNumRecital: 1,
      dncNumCostume: 1,
    });
  });

  it('steps 2 to 4 set only their own flag', () => {
    expect(applyStep(item(), 2, 0)).toEqual(item({ dncNumCompetition: 0 }));
    expect(applyStep(item(), 3, 1)).toEqual(item({ dncNumRecital: 1 }));
    expect(applyStep(item(), 4, 0)).toEqual(item({ dncNumCostume: 0 }));
  });
});

describe('applyStepToInfo', () => {
  it('changes the row in the flat list and inside its registration, and nothing else', () => {
    const other = item({ dncNumActID: 'act-2', clsRegID: 'reg-2', studentName: 'Mai Nguyen' });
    const info: ClassInfo = {
      dncNum: [],
      dncNumAct: [item(), other],
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
          dncNum: [item()],
        },
      ],
      clsGenres: [],
      otherReq: [],
      minGenreRequired: 0,
      minGenre: { min: 0, max: 0 },
    };
    const next = applyStepToInfo(info, 'act-1', 3, 1);
    expect(next.dncNumAct).toEqual([item({ dncNumRecital: 1 }), other]);
    expect(next.clsRegAct[0]?.dncNum).toEqual([item({ dncNumRecital: 1 })]);
    expect(info.dncNumAct[0]?.dncNumRecital).toBe(0);
  });
});
