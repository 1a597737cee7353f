import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import {
  activityFlagsOf,
  activityStepInput,
  newClassInput,
  requirementInput,
  scheduleMessages,
} from './schema';

const ID = '0b6f8f1e-7c2a-4a8e-9e1c-1f2d3c4b5a69';
const cls = (overrides: Record<string, unknown> = {}) => ({
  name: 'Jazz 1',
  day: 0,
  timeStart: '16:00',
  timeEnd: '17:00',
  yearTermID: ID,
  teacherID: ID,
  roomID: ID,
  priceID: ID,
  ...overrides,
});
const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error!.issues[0]!.message;

describe('newClassInput', () => {
  it('fills in the defaults of 002 §5 and times as HH:MM:SS', () => {
    expect(newClassInput.parse({ class: cls() })).toEqual({
      class: {
        ...cls(),
        timeStart: '16:00:00',
        timeEnd: '17:00:00',
        age_min: 0,
        age_max: 10,
        level: 1,
        nMin: 0,
        nMax: 20,
        isOpen: true,
      },
      dncNum: [],
    });
  });

  it('takes numbers as a form sends them, digits in strings, and flags as "0"/"1"', () => {
    const parsed = newClassInput.parse({ class: cls({ day: '2', level: '3', nMax: '12', isOpen: '0' }) });
    expect(parsed.class).toMatchObject({ day: 2, level: 3, nMax: 12, isOpen: false });
  });

  it.each([
    ['a missing name', { name: undefined }, messages.insufficientData],
    ['a blank teacher', { teacherID: '' }, messages.insufficientData],
    ['a day out of the week', { day: 7 }, messages.insufficientData],
    ['a day that is not a number', { day: 'Monday' }, messages.insufficientData],
    ['an end before the start', { timeEnd: '15:00' }, scheduleMessages.timeOrder],
    ['a time that is not one', { timeStart: '25:00' }, scheduleMessages.time],
    ['ages the wrong way round', { age_min: 12, age_max: 8 }, scheduleMessages.ages],
  ])('refuses %s', (_case, overrides, message) => {
    expect(firstMessage(newClassInput.safeParse({ class: cls(overrides) }))).toBe(message);
  });

  it('refuses a dance number without a name or a genre (002 §5)', () => {
    for (const number of [{ genreID: ID }, { name: 'Finale' }, { name: ' ', genreID: ID }]) {
      expect(firstMessage(newClassInput.safeParse({ class: cls(), dncNum: [number] }))).toBe(
        messages.insufficientData,
      );
    }
    const ok = newClassInput.parse({ class: cls(), dncNum: [{ name: 'Finale', genreID: ID }] });
    expect(ok.dncNum).toEqual([
      { name: 'Finale', genreID: ID, songName: '', songArtist: '', songLength: 120, costume: true },
    ]);
  });
});

describe('requirementInput', () => {
  it("answers bad ids and levels with 'invalid entries'", () => {
    for (const body of [
      { genreID: 'nope', levelID: 1 },
      { genreID: ID, levelID: 8 },
      { genreID: ID },
      null,
    ]) {
      expect(firstMessage(requirementInput.safeParse(body))).toBe(scheduleMessages.invalidEntries);
    }
    expect(requirementInput.parse({ genreID: ID, levelID: '2', isRequired: 0 })).toEqual({
      genreID: ID,
      levelID: 2,
      isRequired: false,
    });
  });
});

describe('activityStepInput', () => {
  it('takes steps 1–4 and a 0/1 status; anything else is insufficient data', () => {
    expect(activityStepInput.parse({ step: 4, status: 1 })).toEqual({ step: 4, status: true });
    for (const body of [{ step: 5, status: 1 }, { step: 1 }, { status: 0 }]) {
      expect(firstMessage(activityStepInput.safeParse(body))).toBe(messages.insufficientData);
    }
  });
});

describe('activityFlagsOf', () => {
  it.each([
    [1, { active: false, competition: false, recital: false, costume: false }],
    [2, { competition: false }],
    [3, { recital: false }],
    [4, { costume: false }],
  ] as const)('step %i sets exactly %o', (step, flags) => {
    expect(activityFlagsOf(step, false)).toEqual(flags);
  });
});
