import type { Target } from './load';

/**
 * Attendance in the bench (issue 36): what a teacher reads on every tap of their phone and a parent on
 * every visit, and the owner's reports of the term's rolls. The day's meetings and the largest meeting's roll (read as the owner, who sees every
 * class of a location: the widest day's list a teacher's is a part of), and the parent's make-ups (each open credit
 * with the meetings it may be booked into) and attendance. The day is the term's third week's Monday, so
 * every weekly class of that day meets.
 */

type Call = (target: { method: 'GET'; url: string; headers?: Record<string, string> }) => Promise<{
  data: unknown;
}>;

type DayMeetings = {
  date: string;
  loc: { id: string; name: string }[];
  meetings: { clSchID: string; expected: number }[];
};

/** The first Monday two weeks after the term starts (YYYY-MM-DD). */
function aMonday(termStart: string): string {
  const d = new Date(`${termStart}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 14);
  while (d.getUTCDay() !== 1) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** Today as a date (YYYY-MM-DD); the reports' period ends here. */
const today = () => new Date().toISOString().slice(0, 10);

/**
 * The owner's reports over the term so far (decision 065), read at a month's end rather than on every
 * page: the class and dancer reports' first pages of 50, the make-ups by class, the early warning's
 * dancers, and one family's attendance as the owner opens it (the parent's family, `familyId`). Over the
 * large studio's term of marks (seed-large.ts: a mark for every dancer expected at every meeting until a
 * week ago).
 */
function reportTargets(asOwner: Record<string, string>, termStart: string, familyId: string) {
  const period = `from=${termStart}&to=${today()}`;
  const R = '/api/mystudio/attendance/report';
  return [
    { name: 'attendance by class', method: 'GET', url: `${R}/classes?${period}&page=1`, headers: asOwner },
    { name: 'attendance by dancer', method: 'GET', url: `${R}/dancers?${period}&page=1`, headers: asOwner },
    { name: 'make-ups report', method: 'GET', url: `${R}/makeups?${period}&page=1`, headers: asOwner },
    { name: 'absence streaks', method: 'GET', url: `${R}/streaks`, headers: asOwner },
    {
      name: 'attendance (owner, a family)',
      method: 'GET',
      url: `/api/mystudio/account/${familyId}/attendance`,
      headers: asOwner,
    },
  ] as const;
}

export async function attendanceTargets(
  call: Call,
  asOwner: Record<string, string>,
  asParent: Record<string, string>,
  scope: { termStart: string; familyId: string },
): Promise<(Target & { name: string })[]> {
  const { termStart, familyId } = scope;
  const date = aMonday(termStart);
  // The owner's day is one location's (decision 088): Main Street Studio's, the same three rooms at any
  // scale (decision 079), so that 1 × and 4 × read the same location's day; the first one's without it.
  const opened = (
    await call({ method: 'GET', url: `/api/mystudio/attendance/meetings?date=${date}`, headers: asOwner })
  ).data as DayMeetings;
  const main = opened.loc.find((l) => l.name === 'Main Street Studio');
  const meetingsUrl = `/api/mystudio/attendance/meetings?date=${date}${main ? `&locID=${main.id}` : ''}`;
  const day = (await call({ method: 'GET', url: meetingsUrl, headers: asOwner })).data as DayMeetings;
  const largest = [...day.meetings].sort((a, b) => b.expected - a.expected)[0];
  if (!largest) throw new Error(`bench: no class meets on ${date}`);
  return [
    { name: 'a day of meetings (roll)', method: 'GET', url: meetingsUrl, headers: asOwner },
    {
      name: 'a roll',
      method: 'GET',
      url: `/api/mystudio/attendance/class/${largest.clSchID}/${date}`,
      headers: asOwner,
    },
    { name: 'make-ups (parent)', method: 'GET', url: '/api/parents/makeups', headers: asParent },
    { name: 'attendance (parent)', method: 'GET', url: '/api/parents/attendance', headers: asParent },
    ...reportTargets(asOwner, termStart, familyId),
  ];
}
