import { type Calls, data } from './registration-scene';

/**
 * The scene's competition records (issue 19, decision 031), what the competition routes act on: a
 * competition company with a location, an event held there made with two entries (so a delete of the
 * company or the location meets the events that hold it), and a second location holding nothing.
 */
export type CompetitionRecords = {
  competitionCompany: string;
  competitionLocation: string;
  competitionEvent: string;
  competitionEntry: string;
};

const C = '/api/mystudio/competition';

export async function competitionRecords(owner: Calls): Promise<CompetitionRecords> {
  const company = await data(
    owner.post(`${C}/company`, { name: 'Starpower Talent Competition', email: 'info@starpower.example' }),
    'a competition company',
  );
  const location = await data(
    owner.post(`${C}/location/${company.id}`, {
      name: 'Meadowlands Expo Center',
      city: 'Secaucus',
      state: 'NJ',
    }),
    'a competition location',
  );
  await data(
    owner.post(`${C}/location/${company.id}`, { address_1: '1 Convention Blvd', city: 'Atlantic City' }),
    'a second competition location',
  );
  const event = await data(
    owner.post(`${C}/event/entry`, {
      event: { compCoLocID: location.id, dateStart: '2027-03-05', dateEnd: '2027-03-07' },
      entry: [
        { name: 'Solo', priceStudio: 95, priceCustomer: 110, nDancersMin: 1, nDancersMax: 1 },
        { name: 'Small Group', priceStudio: 45, priceCustomer: 55, nDancersMin: 4, nDancersMax: 9 },
      ],
    }),
    'a competition event with its entries',
  );
  return {
    competitionCompany: company.id,
    competitionLocation: location.id,
    competitionEvent: event.id,
    competitionEntry: event.entries[0],
  };
}
