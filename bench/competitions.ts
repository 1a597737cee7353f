/**
 * The competition reads' scene (issue 19) for the bench: the large studio has no competitions, so the
 * owner sets one up through the API as a studio would — a competition company, its venue, an event
 * with its entries — and registers the costume scene's dance number (its dancers who go to
 * competitions) on the event's production entry, each family charged its fee. Answers what the
 * targets read.
 */

type Call = (target: {
  method: 'GET' | 'POST' | 'PUT';
  url: string;
  headers?: Record<string, string>;
  body?: () => string;
}) => Promise<{ data: unknown }>;

const C = '/api/mystudio/competition';

export async function competitionScene(
  call: Call,
  headers: Record<string, string>,
  at: { danceNumberId: string; yearTermId: string; locationId: string },
) {
  const send = async <T>(method: 'POST' | 'PUT', url: string, body: unknown) =>
    (await call({ method, url, headers, body: () => JSON.stringify(body) })).data as T;
  const company = await send<{ id: string }>('POST', `${C}/company`, {
    name: 'Starpower Talent Competition',
    email: 'info@starpower.example',
  });
  const location = await send<{ id: string }>('POST', `${C}/location/${company.id}`, {
    name: 'Meadowlands Expo Center',
    address_1: '355 Plaza Dr',
  });
  const event = await send<{ id: string; entries: string[] }>('POST', `${C}/event/entry`, {
    event: { compCoLocID: location.id, dateStart: '2099-02-26', dateEnd: '2099-02-28' },
    entry: [
      { name: 'Solo', priceStudio: 110, priceCustomer: 125, nDancersMin: 1, nDancersMax: 1 },
      { name: 'Small Group', priceStudio: 55, priceCustomer: 62, nDancersMin: 4, nDancersMax: 9 },
      { name: 'Production', priceStudio: 45, priceCustomer: 50, nDancersMin: 1, nDancersMax: 100 },
    ],
  });
  const production = event.entries[2]!;
  const done = await send<{ nReg: number }>('POST', `${C}/registration/class`, {
    entry: production,
    sReg: [at.danceNumberId],
  });
  const workingLists = JSON.stringify({
    entry: production,
    yrTrm: at.yearTermId,
    loc: at.locationId,
    type: 'cls',
  });
  return { eventId: event.id, entryId: production, registered: done.nReg, workingLists };
}
