import { ANY_OWNER, type Kit, OWNER_OF_X, type Row } from './kit';

/**
 * The access matrix of competitions (issue 19, decision 031): every call is the owner's. A list or a new
 * company is any owner's, about their own studio; a call naming one of studio X's records (a
 * competition company, location, event or entry) is X's owner's only, and studio Y's owner finds none
 * of them. Each write X's owner sends acts on a throwaway record made just before.
 */

const C = '/api/mystudio/competition';

const ENTRY = { name: 'Solo', priceStudio: 95, priceCustomer: 110, nDancersMin: 1, nDancersMax: 1 };
const DATES = { dateStart: '2027-03-05', dateEnd: '2027-03-07' };

export function competitionRows({ unique, made }: Kit): Record<string, Row> {
  const company = () => made(`${C}/company`, { name: unique('Competition Co'), email: 'info@comp.example' });
  const location = async () => made(`${C}/location/${await company()}`, { name: unique('Expo Hall') });
  const event = async () => made(`${C}/event`, { compCoLocID: await location(), ...DATES });
  const entry = async () => made(`${C}/entry`, { compCoEventID: await event(), ...ENTRY });

  return {
    [`GET ${C}/company`]: { access: 'owner', expect: ANY_OWNER, request: () => ({ url: `${C}/company` }) },
    [`POST ${C}/company`]: {
      access: 'owner',
      expect: ANY_OWNER,
      request: () => ({
        url: `${C}/company`,
        payload: { name: unique('Competition Co'), email: 'info@comp.example' },
      }),
    },
    [`PUT ${C}/company/:id`]: {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => ({
        url: `${C}/company/${await company()}`,
        payload: { name: unique('Renamed Co'), email: 'hello@comp.example' },
      }),
    },
    [`DELETE ${C}/company/:id`]: {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => ({ url: `${C}/company/${await company()}` }),
    },
    [`GET ${C}/location/:companyId`]: {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => ({ url: `${C}/location/${await company()}` }),
    },
    [`POST ${C}/location/:companyId`]: {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => ({
        url: `${C}/location/${await company()}`,
        payload: { name: unique('Expo Hall'), city: 'Secaucus' },
      }),
    },
    [`PUT ${C}/location/:id`]: {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => ({
        url: `${C}/location/${await location()}`,
        payload: { name: unique('Convention Center') },
      }),
    },
    [`DELETE ${C}/location/:id`]: {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => ({ url: `${C}/location/${await location()}` }),
    },
    [`GET ${C}/event`]: { access: 'owner', expect: ANY_OWNER, request: () => ({ url: `${C}/event` }) },
    [`POST ${C}/event`]: {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => ({ url: `${C}/event`, payload: { compCoLocID: await location(), ...DATES } }),
    },
    [`POST ${C}/event/entry`]: {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => ({
        url: `${C}/event/entry`,
        payload: { event: { compCoLocID: await location(), ...DATES }, entry: [ENTRY] },
      }),
    },
    [`PUT ${C}/event/:id`]: {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => {
        const compCoLocID = await location();
        const id = await made(`${C}/event`, { compCoLocID, ...DATES });
        return { url: `${C}/event/${id}`, payload: { compCoLocID, ...DATES, type: 'National' } };
      },
    },
    [`DELETE ${C}/event/:id`]: {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => ({ url: `${C}/event/${await event()}` }),
    },
    [`GET ${C}/entries/:eventId`]: {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => ({ url: `${C}/entries/${await event()}` }),
    },
    [`POST ${C}/entry`]: {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => ({ url: `${C}/entry`, payload: { compCoEventID: await event(), ...ENTRY } }),
    },
    [`PUT ${C}/entry/:id`]: {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => ({
        url: `${C}/entry/${await entry()}`,
        payload: { ...ENTRY, name: 'Solo (senior)' },
      }),
    },
    [`DELETE ${C}/entry/:id`]: {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => ({ url: `${C}/entry/${await entry()}` }),
    },
  };
}
