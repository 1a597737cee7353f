import { type Calls, data } from './registration-scene';

/**
 * The scene's competition registration (issue 19 points 2–3, decision 032), what the registration
 * routes act on: X's dancer registered with the dance number on the event's first entry (a solo, one
 * dancer), so a removal or the paid flag meets a real line. Family A is charged the entry's fee ($110).
 */
export type CompetitionRegistrationRecords = { competitionRegistration: string };

const C = '/api/mystudio/competition';

export async function competitionRegistrationRecords(
  owner: Calls,
  x: { competitionEntry: string; danceNumber: string; student: string },
): Promise<CompetitionRegistrationRecords> {
  const done = await data(
    owner.post(`${C}/registration/students`, {
      entry: x.competitionEntry,
      sReg: [{ pID: x.danceNumber, acctStdID: x.student }],
    }),
    'a competition registration',
  );
  return { competitionRegistration: done.regIDs[0] };
}

/**
 * The records the registration calls' fields and path parameters name, by key (lower-cased, as the
 * fuzzer's `idFor` reads them): the entry, the dancer, the dance number (`pID`), the term and location
 * of the working lists.
 */
export const competitionRegistrationKeys = (x: {
  competitionEntry: string;
  student: string;
  danceNumber: string;
  term: string;
  location: string;
}): Record<string, string> => ({
  entry: x.competitionEntry,
  acctstdid: x.student,
  pid: x.danceNumber,
  yrtrm: x.term,
  loc: x.location,
});
