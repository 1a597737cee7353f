import { type Kit, OWNER_OF_X, type Row } from './kit';

/**
 * The access matrix of competition registration (issue 19 points 2–3, decision 032): every call is the
 * owner's, and each names one of studio X's records (an entry, an event, a registration line), so it is
 * X's owner's only and studio Y's owner finds none of them. Each call X's owner sends acts on a new entry
 * of a new event, X's dancer (in its dance number and its private lesson) registered on it first when the
 * call takes a registration off or reads its paid flag.
 */

const C = '/api/mystudio/competition';
const DATES = { dateStart: '2027-03-05', dateEnd: '2027-03-07' };
const ENTRY = { name: 'Group', priceStudio: 45, priceCustomer: 55, nDancersMin: 1, nDancersMax: 9 };

export function competitionRegistrationRows({ scene, unique, made }: Kit): Record<string, Row> {
  const x = () => scene().x;
  const event = async () => {
    const company = await made(`${C}/company`, {
      name: unique('Competition Co'),
      email: 'info@comp.example',
    });
    const location = await made(`${C}/location/${company}`, { name: unique('Expo Hall') });
    return made(`${C}/event`, { compCoLocID: location, ...DATES });
  };
  const entryOf = async () => {
    const eventId = await event();
    return { eventId, id: await made(`${C}/entry`, { compCoEventID: eventId, ...ENTRY }) };
  };
  const entry = async () => (await entryOf()).id;

  /** X's owner sends a call that must succeed; its data. */
  const byX = async (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) => {
    const res = await scene().send('ownerX', { method, url, ...(payload ? { payload } : {}) });
    if (res.status !== 200) throw new Error(`${method} ${url}: ${res.text}`);
    return res.body[1] as Record<string, unknown>;
  };
  /** A new entry with X's dancer registered on it with the dance number (or the private lesson). */
  const registered = async (kind: 'class' | 'private') => {
    const { id, eventId } = await entryOf();
    const pID = kind === 'class' ? x().danceNumber : x().private;
    const done = await byX('POST', `${C}/registration/${kind}`, { entry: id, sReg: [pID] });
    return { entry: id, eventId, pID, line: (done.regIDs as string[])[0]! };
  };

  return {
    [`GET ${C}/registered/event/:eventId`]: {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => ({ url: `${C}/registered/event/${await event()}` }),
    },
    [`POST ${C}/registration`]: {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => ({
        url: `${C}/registration`,
        payload: { entry: await entry(), yrTrm: x().term, loc: x().location, type: 'cls' },
      }),
    },
    [`POST ${C}/registration/class`]: {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => ({
        url: `${C}/registration/class`,
        payload: { entry: await entry(), sReg: [x().danceNumber] },
      }),
    },
    [`POST ${C}/registration/private`]: {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => ({
        url: `${C}/registration/private`,
        payload: { entry: await entry(), sReg: [x().private] },
      }),
    },
    [`POST ${C}/registration/students`]: {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => ({
        url: `${C}/registration/students`,
        payload: { entry: await entry(), sReg: [{ pID: x().danceNumber, acctStdID: x().student }] },
      }),
    },
    [`DELETE ${C}/registration/class/:entry/:mode/:id/:acctStdID`]: {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => {
        const r = await registered('class');
        return { url: `${C}/registration/class/${r.entry}/std/${r.pID}/${x().student}` };
      },
    },
    [`DELETE ${C}/registration/private/:entry/:mode/:id/:acctStdID`]: {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => {
        const r = await registered('private');
        return { url: `${C}/registration/private/${r.entry}/prv/${r.pID}/null` };
      },
    },
    [`PUT ${C}/registration/:id/paid`]: {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => {
        const r = await registered('class');
        // The flag as the ledger has it (the family's credit may have paid the fee at once).
        const list = await byX('GET', `${C}/registered/event/${r.eventId}`);
        const line = (list.reg_List as { id: string; isPayed: 0 | 1 }[]).find((l) => l.id === r.line)!;
        return { url: `${C}/registration/${r.line}/paid`, payload: { isPayed: line.isPayed } };
      },
    },
  };
}
