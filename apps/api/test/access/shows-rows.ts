import { ANY_OWNER, type Kit, OWNER_OF_X, type Row } from './kit';

/**
 * The access matrix of the recital's shows and running order (issue 38 items 1–2, decision 072): every
 * call is the owner's. A new recital is any owner's own; every other call names one of studio X's
 * recitals or shows (made fresh by X's owner), so studio Y's owner finds none. The recital spans years,
 * so the scene's dance number (its dancer's recital switch on) needs a show in it.
 */

const R = '/api/mystudio/recitals';
const S = '/api/mystudio/recital-shows';

export function showsRows({ scene, unique, made }: Kit): Record<string, Row> {
  const recitalBody = () => ({
    name: unique('Spring Recital'),
    venueName: 'Civic Theatre',
    venueAddress: '1 Main St',
    firstDay: '2020-01-01',
    lastDay: '2035-12-31',
    gapSeconds: 30,
    intermissionMinutes: 15,
  });
  const showBody = () => ({ name: unique('Show'), day: '2027-06-05', startsAt: '14:00', doorsAt: '13:30' });
  const recital = () => made(R, recitalBody());
  const show = async () => {
    const recitalId = await recital();
    return { recitalId, showId: await made(`${R}/${recitalId}/shows`, showBody()) };
  };
  /** A show holding the scene's dance number. */
  const placed = async () => {
    const s = await show();
    const res = await scene().send('ownerX', {
      method: 'PUT',
      url: `${R}/${s.recitalId}/numbers/${scene().x.danceNumber}`,
      payload: { showId: s.showId, locked: false },
    });
    if (res.status !== 200) throw new Error(`place: ${res.text}`);
    return s;
  };

  return {
    [`POST ${R}`]: {
      access: 'owner',
      expect: ANY_OWNER,
      request: () => ({ url: R, payload: recitalBody() }),
    },
    [`GET ${R}/:recitalId/numbers`]: {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => ({ url: `${R}/${await recital()}/numbers` }),
    },
    [`PUT ${R}/:recitalId`]: {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => ({ url: `${R}/${await recital()}`, payload: recitalBody() }),
    },
    [`PUT ${R}/:recitalId/archive`]: {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => ({ url: `${R}/${await recital()}/archive`, payload: { archived: true } }),
    },
    [`POST ${R}/:recitalId/shows`]: {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => ({ url: `${R}/${await recital()}/shows`, payload: showBody() }),
    },
    [`PUT ${S}/:showId`]: {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => ({ url: `${S}/${(await show()).showId}`, payload: showBody() }),
    },
    [`DELETE ${S}/:showId`]: {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => ({ url: `${S}/${(await show()).showId}` }),
    },
    [`PUT ${R}/:recitalId/numbers/:numberId`]: {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => {
        const s = await show();
        return {
          url: `${R}/${s.recitalId}/numbers/${scene().x.danceNumber}`,
          payload: { showId: s.showId, locked: true },
        };
      },
    },
    [`POST ${R}/:recitalId/proposal`]: {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => ({ url: `${R}/${(await show()).recitalId}/proposal` }),
    },
    [`PUT ${R}/:recitalId/assignment`]: {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => {
        const s = await show();
        // Every number that needs a show (other rows add dance numbers to X's class): all in this one.
        const board = await scene().send('ownerX', { method: 'GET', url: `${R}/${s.recitalId}/numbers` });
        const numbers = (board.body as [boolean, { numbers: { id: string }[] }])[1].numbers;
        return {
          url: `${R}/${s.recitalId}/assignment`,
          payload: { assignment: numbers.map((n) => ({ numberId: n.id, showId: s.showId })) },
        };
      },
    },
    [`GET ${S}/:showId/order`]: {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => ({ url: `${S}/${(await placed()).showId}/order` }),
    },
    [`PUT ${S}/:showId/order`]: {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => ({
        url: `${S}/${(await placed()).showId}/order`,
        payload: { order: [scene().x.danceNumber], intermissionAfter: null },
      }),
    },
    [`GET ${R}/:recitalId/programme`]: {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => ({ url: `${R}/${(await placed()).recitalId}/programme` }),
    },
    [`GET ${S}/:showId/backstage-list`]: {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => ({ url: `${S}/${(await placed()).showId}/backstage-list` }),
    },
  };
}
