import { performanceKey } from '@pirouette/domain';
import { ANY_OWNER, type Kit, OWNER_OF_X, type Row } from './kit';

/**
 * The access matrix of the competition overview (issue 19 point 4, decision 033): every call is the
 * owner's. The list and the quick-change gap are each owner's own studio's; an event's running order
 * names one of studio X's events, so it is X's owner's only and studio Y's owner finds none. The
 * running order saved is that of a new event with X's dancer registered on its entry with the dance number.
 */

const C = '/api/mystudio/competition';
const O = `${C}/overview`;
const DATES = { dateStart: '2027-03-05', dateEnd: '2027-03-07' };
const ENTRY = { name: 'Group', priceStudio: 45, priceCustomer: 55, nDancersMin: 1, nDancersMax: 9 };

export function competitionOverviewRows({ scene, unique, made }: Kit): Record<string, Row> {
  const x = () => scene().x;
  const event = async () => {
    const company = await made(`${C}/company`, {
      name: unique('Competition Co'),
      email: 'info@comp.example',
    });
    const location = await made(`${C}/location/${company}`, { name: unique('Expo Hall') });
    return made(`${C}/event`, { compCoLocID: location, ...DATES });
  };
  /** A new event with X's dancer registered on its entry with X's dance number; the event and its order. */
  const registered = async () => {
    const eventId = await event();
    const entry = await made(`${C}/entry`, { compCoEventID: eventId, ...ENTRY });
    const res = await scene().send('ownerX', {
      method: 'POST',
      url: `${C}/registration/class`,
      payload: { entry, sReg: [x().danceNumber] },
    });
    if (res.status !== 200) throw new Error(`registration: ${res.text}`);
    return { eventId, order: [performanceKey(entry, 'dnc', x().danceNumber)] };
  };

  return {
    [`GET ${O}`]: { access: 'owner', expect: ANY_OWNER, request: () => ({ url: O }) },
    [`GET ${O}/event/:eventId`]: {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => ({ url: `${O}/event/${await event()}` }),
    },
    [`PUT ${O}/event/:eventId`]: {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => {
        const r = await registered();
        return { url: `${O}/event/${r.eventId}`, payload: { order: r.order } };
      },
    },
    [`GET ${O}/settings`]: { access: 'owner', expect: ANY_OWNER, request: () => ({ url: `${O}/settings` }) },
    [`PUT ${O}/settings`]: {
      access: 'owner',
      expect: ANY_OWNER,
      request: () => ({ url: `${O}/settings`, payload: { quickChangeGap: 3 } }),
    },
  };
}
