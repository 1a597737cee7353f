import { describe, expect, it } from 'vitest';
import { markRefusal, type OnRoll, planMarks, type StoredMark } from './roll-plan';
import { ROLL_TEXT, rollMarksInput, trialInput } from './roll-schema';

const MIA = '11111111-1111-4111-8111-111111111111';
const NOAH = '22222222-2222-4222-8222-222222222222';
const ZOE = '33333333-3333-4333-8333-333333333333';
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const tap = (stdID: string, status: 'present' | 'absent' | 'late' | 'excused', at: string, n: number) => ({
  stdID,
  status,
  at,
  clientId: id(n),
});

const firstProblem = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? null : r.error!.issues[0]!.message;

describe('the roll schema', () => {
  it.each([
    [
      'a status that is no mark',
      { marks: [{ ...tap(MIA, 'present', '2026-11-16T21:00:00Z', 1), status: 'gone' }] },
    ],
    [
      'a tap without its own id',
      { marks: [{ ...tap(MIA, 'present', '2026-11-16T21:00:00Z', 1), clientId: 'x' }] },
    ],
    ['a tap without its instant', { marks: [{ ...tap(MIA, 'present', 'yesterday', 1) }] }],
    ['a dancer id that is no uuid', { marks: [{ ...tap('mia', 'present', '2026-11-16T21:00:00Z', 1) }] }],
    ['no marks at all', {}],
  ])('refuses %s', (_what, body) => {
    expect(rollMarksInput.safeParse(body).success).toBe(false);
  });

  it('refuses more than 200 marks with its sentence', () => {
    const marks = Array.from({ length: 201 }, (_, n) => tap(MIA, 'present', '2026-11-16T21:00:00Z', n));
    expect(firstProblem(rollMarksInput.safeParse({ marks }))).toBe(ROLL_TEXT.tooMany);
  });

  it('takes an instant with its offset', () => {
    expect(
      rollMarksInput.safeParse({ marks: [tap(MIA, 'late', '2026-11-16T16:05:00-05:00', 1)] }).success,
    ).toBe(true);
  });

  it('asks a trial guest for a phone or an e-mail', () => {
    expect(firstProblem(trialInput.safeParse({ firstName: 'Ava' }))).toBe(ROLL_TEXT.trialContact);
    expect(trialInput.parse({ firstName: ' Ava ', phone: '(973) 555-0123' })).toMatchObject({
      firstName: 'Ava',
      phone: '9735550123',
      email: '',
    });
    expect(trialInput.safeParse({ firstName: 'Ava', email: 'not-mail' }).success).toBe(false);
  });
});

describe('markRefusal', () => {
  const today = '2026-11-21';
  it.each([
    ['a cancelled meeting', { date: '2026-11-16', cancelled: true, role: 'owner' as const }, 'cancelled'],
    ['tomorrow', { date: '2026-11-22', cancelled: false, role: 'owner' as const }, 'future'],
    [
      'eight days ago, for a teacher',
      { date: '2026-11-13', cancelled: false, role: 'teacher' as const },
      'teacher_window',
    ],
    [
      'seven days ago, for a teacher',
      { date: '2026-11-14', cancelled: false, role: 'teacher' as const },
      null,
    ],
    ['a month ago, for the owner', { date: '2026-10-19', cancelled: false, role: 'owner' as const }, null],
    ['today', { date: today, cancelled: false, role: 'teacher' as const }, null],
  ])('%s', (_what, m, code) => {
    expect(markRefusal({ ...m, today })?.code ?? null).toBe(code);
  });
});

describe('planMarks', () => {
  const onRoll = new Map<string, OnRoll>([
    [MIA, { kind: 'enrolled' }],
    [NOAH, { kind: 'enrolled' }],
    [ZOE, { kind: 'guest', bookingId: id(99) }],
  ]);
  const NOW = '2026-11-16T22:00:00.000Z';
  const plan = (
    marks: ReturnType<typeof tap>[],
    stored = new Map<string, StoredMark>(),
    writer: 'owner' | 'teacher' = 'teacher',
  ) => planMarks(marks, onRoll, stored, { now: NOW, writer });

  it('refuses only the taps for a dancer the meeting does not expect, and writes the others', () => {
    const p = plan([
      tap(id(7), 'present', '2026-11-16T21:00:00Z', 1),
      tap(MIA, 'present', '2026-11-16T21:00:00Z', 2),
    ]);
    expect(p.refused).toEqual([id(1)]);
    expect(p.saved).toEqual([id(2)]);
    expect(p.writes.map((w) => w.stdID)).toEqual([MIA]);
  });

  it('caps a tap made "in the future" (a phone clock ahead) at the server’s now', () => {
    const p = plan([tap(MIA, 'absent', '2030-01-01T00:00:00Z', 1)]);
    expect(p.writes[0]?.at).toBe(NOW);
    // So the next tap, made once the clock has moved on, still corrects it.
    const stored = new Map<string, StoredMark>([[MIA, { status: 'absent', clientId: id(1), clientAt: NOW }]]);
    const later = planMarks([tap(MIA, 'present', '2030-01-01T00:00:00Z', 2)], onRoll, stored, {
      now: '2026-11-16T22:01:00.000Z',
      writer: 'teacher',
    });
    expect(later.saved).toEqual([id(2)]);
  });

  it('the owner’s tap over a teacher’s mark always wins, whatever its instant', () => {
    const stored = new Map<string, StoredMark>([
      [MIA, { status: 'absent', clientId: id(1), clientAt: '2026-11-16T21:50:00Z', byTeacher: true }],
      [NOAH, { status: 'absent', clientId: id(3), clientAt: '2026-11-16T21:50:00Z', byTeacher: false }],
    ]);
    const p = plan(
      [tap(MIA, 'present', '2026-11-16T21:00:00Z', 2), tap(NOAH, 'present', '2026-11-16T21:00:00Z', 4)],
      stored,
      'owner',
    );
    expect(p.saved).toEqual([id(2)]);
    expect(p.ignored).toEqual([id(4)]);
    expect(p.corrected).toEqual([MIA]);
    // A teacher's older tap over a teacher's mark does not.
    expect(plan([tap(MIA, 'present', '2026-11-16T21:00:00Z', 5)], stored).ignored).toEqual([id(5)]);
  });

  it('writes the latest tap of a dancer and ignores the earlier ones', () => {
    const p = plan([
      tap(MIA, 'absent', '2026-11-16T21:01:00Z', 2),
      tap(MIA, 'present', '2026-11-16T21:00:00Z', 1),
    ]);
    expect(p.saved).toEqual([id(2)]);
    expect(p.ignored).toEqual([id(1)]);
    expect(p.newlyMissed).toEqual([MIA]);
  });

  it('ignores a tap already written, and one older than the stored mark', () => {
    const stored = new Map<string, StoredMark>([
      [MIA, { status: 'present', clientId: id(1), clientAt: '2026-11-16T21:00:00Z' }],
      [NOAH, { status: 'late', clientId: id(5), clientAt: '2026-11-16T21:10:00Z' }],
    ]);
    const p = plan(
      [tap(MIA, 'present', '2026-11-16T21:00:00Z', 1), tap(NOAH, 'absent', '2026-11-16T21:05:00Z', 6)],
      stored,
    );
    expect(p).toMatchObject({ saved: [], writes: [], ignored: [id(1), id(6)] });
  });

  it('says who is corrected from absent to present, and gives a guest no credit', () => {
    const stored = new Map<string, StoredMark>([
      [MIA, { status: 'excused', clientId: id(1), clientAt: '2026-11-16T21:00:00Z' }],
    ]);
    const p = plan(
      [tap(MIA, 'late', '2026-11-16T21:30:00Z', 2), tap(ZOE, 'absent', '2026-11-16T21:30:00Z', 3)],
      stored,
    );
    expect(p.corrected).toEqual([MIA]);
    expect(p.newlyMissed).toEqual([]);
    expect(p.writes.find((w) => w.stdID === ZOE)?.bookingId).toBe(id(99));
  });
});
