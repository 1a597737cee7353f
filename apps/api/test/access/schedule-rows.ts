import { ANY_OWNER, type Kit, OWNER_OF_X, type Row } from './kit';

/** The access matrix of the class schedule, private lessons and form inputs (issue 5). */
export function scheduleRows({ scene, made, fresh, unique }: Kit): Record<string, Row> {
  const x = () => scene().x;
  let slot = 0;
  /** A class of X in a room of its own, so no two made classes ever overlap. */
  const classBody = async () => ({
    name: unique('Class'),
    day: ++slot % 7,
    timeStart: '16:00',
    timeEnd: '17:00',
    yearTermID: x().term,
    teacherID: x().teacher,
    roomID: await fresh.room(),
    priceID: x().classPrice,
  });
  const freshClass = async () =>
    made('/api/mystudio/schedule/class', { class: await classBody(), dncNum: [] });
  const danceNumber = (clSchID: string, genreID: string) => ({
    clSchID,
    name: unique('Number'),
    genreID,
    songName: 'Song',
    songArtist: 'Artist',
    songLength: '2:30',
    costume: 1,
  });
  const privateBody = () => ({
    name: unique('Solo'),
    teacherID: x().teacher,
    priceID: x().privatePrice,
    genreID: x().genre,
    locationID: x().location,
    type: 1,
  });
  const S = '/api/mystudio/schedule';

  return {
    // The schedule.
    'GET /api/mystudio/schedule/': {
      access: 'owner',
      expect: ANY_OWNER,
      request: () => ({ url: `${S}/` }),
    },
    'POST /api/mystudio/schedule/': {
      access: 'owner',
      expect: ANY_OWNER,
      request: () => ({ url: `${S}/`, payload: {} }),
    },
    'GET /api/mystudio/schedule/class/list/:roomID': {
      access: 'owner',
      expect: OWNER_OF_X,
      request: () => ({ url: `${S}/class/list/${x().room}` }),
    },
    'GET /api/mystudio/schedule/class/list/:yearTermID/:roomID': {
      access: 'owner',
      expect: OWNER_OF_X,
      request: () => ({ url: `${S}/class/list/${x().term}/${x().room}` }),
    },
    'GET /api/mystudio/schedule/class/info/:id': {
      access: 'owner',
      expect: OWNER_OF_X,
      request: () => ({ url: `${S}/class/info/${x().class}` }),
    },
    'POST /api/mystudio/schedule/class': {
      // X's room, teacher and price: Y's owner is told they are not found.
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => ({ url: `${S}/class`, payload: { class: await classBody(), dncNum: [] } }),
    },
    'PUT /api/mystudio/schedule/class/:id': {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => ({ url: `${S}/class/${await freshClass()}`, payload: await classBody() }),
    },
    'DELETE /api/mystudio/schedule/class/:id/room/:roomID': {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => {
        const body = await classBody();
        const id = await made(`${S}/class`, { class: body, dncNum: [] });
        return { url: `${S}/class/${id}/room/${body.roomID}` };
      },
    },
    'PUT /api/mystudio/schedule/class/:id/minGenreRequired': {
      access: 'owner',
      expect: OWNER_OF_X,
      request: () => ({ url: `${S}/class/${x().class}/minGenreRequired`, payload: { minGenreRequired: 1 } }),
    },
    'POST /api/mystudio/schedule/class/:id/genre': {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => ({
        url: `${S}/class/${x().class}/genre`,
        payload: { genreID: await fresh.genre() },
      }),
    },
    'DELETE /api/mystudio/schedule/class/:id/genre/:clsGenreID': {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => {
        const id = await made(`${S}/class/${x().class}/genre`, { genreID: await fresh.genre() });
        return { url: `${S}/class/${x().class}/genre/${id}` };
      },
    },
    'POST /api/mystudio/schedule/class/:id/otherRequirement': {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => ({
        url: `${S}/class/${x().class}/otherRequirement`,
        payload: { genreID: await fresh.genre(), levelID: 2, isRequired: 1 },
      }),
    },
    'PUT /api/mystudio/schedule/class/:id/otherRequirement': {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => ({
        url: `${S}/class/${x().class}/otherRequirement`,
        payload: { otherReqID: x().requirement, genreID: await fresh.genre(), levelID: 3, isRequired: 0 },
      }),
    },
    'DELETE /api/mystudio/schedule/class/:id/otherRequirement/:otherReqID': {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => {
        const id = await made(`${S}/class/${x().class}/otherRequirement`, {
          genreID: await fresh.genre(),
          levelID: 4,
          isRequired: 1,
        });
        return { url: `${S}/class/${x().class}/otherRequirement/${id}` };
      },
    },
    'GET /api/mystudio/schedule/danceNumbers': {
      // Any owner's own studio's numbers; the term named is X's, which only X's owner finds.
      access: 'owner',
      expect: OWNER_OF_X,
      request: () => ({ url: `${S}/danceNumbers?yrTrmID=${x().term}` }),
    },
    'POST /api/mystudio/schedule/class/danceNumber': {
      access: 'owner',
      expect: OWNER_OF_X,
      request: () => ({ url: `${S}/class/danceNumber`, payload: danceNumber(x().class, x().genre) }),
    },
    'PUT /api/mystudio/schedule/class/danceNumber/:clSchID/:dncNumID': {
      access: 'owner',
      expect: OWNER_OF_X,
      request: () => {
        const { clSchID: _, ...fields } = danceNumber(x().class, x().genre);
        return { url: `${S}/class/danceNumber/${x().class}/${x().danceNumber}`, payload: fields };
      },
    },
    'DELETE /api/mystudio/schedule/class/danceNumber/:clSchID/:dncNumID/:count': {
      // A class without registrations: the count the owner saw is the minimum, 1.
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => {
        const cls = await freshClass();
        const id = await made(`${S}/class/danceNumber`, danceNumber(cls, x().genre));
        return { url: `${S}/class/danceNumber/${cls}/${id}/1` };
      },
    },
    'PUT /api/mystudio/schedule/class/danceNumberActivity/:dncNumActID': {
      access: 'owner',
      expect: OWNER_OF_X,
      request: () => ({
        url: `${S}/class/danceNumberActivity/${x().activity}`,
        payload: { step: 2, status: ++slot % 2 },
      }),
    },

    // Private lessons.
    'GET /api/mystudio/privates': {
      access: 'owner',
      expect: ANY_OWNER,
      request: () => ({ url: '/api/mystudio/privates/' }),
    },
    'GET /api/mystudio/privates/list/:locID': {
      access: 'owner',
      expect: OWNER_OF_X,
      request: () => ({ url: `/api/mystudio/privates/list/${x().location}` }),
    },
    'GET /api/mystudio/privates/:id': {
      access: 'owner',
      expect: OWNER_OF_X,
      request: () => ({ url: `/api/mystudio/privates/${x().private}` }),
    },
    'POST /api/mystudio/privates': {
      access: 'owner',
      expect: OWNER_OF_X,
      request: () => ({ url: '/api/mystudio/privates/', payload: privateBody() }),
    },
    'PUT /api/mystudio/privates': {
      access: 'owner',
      expect: OWNER_OF_X,
      request: () => ({ url: '/api/mystudio/privates/', payload: { id: x().private, ...privateBody() } }),
    },
    'DELETE /api/mystudio/privates/:id': {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => ({
        url: `/api/mystudio/privates/${await made('/api/mystudio/privates/', privateBody())}`,
      }),
    },
    'PUT /api/mystudio/privates/reg/:regID': {
      access: 'owner',
      expect: OWNER_OF_X,
      request: () => ({
        url: `/api/mystudio/privates/reg/${x().privateRegistration}`,
        payload: { step: 3, status: ++slot % 2 },
      }),
    },
    'POST /api/mystudio/privates/reg/student': {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => ({
        url: '/api/mystudio/privates/reg/student',
        payload: {
          studentID: x().student,
          privID: await made('/api/mystudio/privates/', privateBody()),
          price: '$70.00',
          dateStart: '2026-10-01',
        },
      }),
    },

    // Form inputs.
    'GET /api/mystudio/inputs/competition/entries': {
      access: 'owner',
      expect: ANY_OWNER,
      request: () => ({ url: '/api/mystudio/inputs/competition/entries' }),
    },
    'GET /api/mystudio/inputs/classform': {
      access: 'owner',
      expect: ANY_OWNER,
      request: () => ({ url: '/api/mystudio/inputs/classform' }),
    },
    'GET /api/mystudio/inputs/dncNumForm': {
      access: 'owner',
      expect: ANY_OWNER,
      request: () => ({ url: '/api/mystudio/inputs/dncNumForm' }),
    },
    'GET /api/mystudio/inputs/privateForm': {
      access: 'owner',
      expect: ANY_OWNER,
      request: () => ({ url: '/api/mystudio/inputs/privateForm' }),
    },
    'GET /api/mystudio/inputs/student': {
      access: 'owner',
      expect: ANY_OWNER,
      request: () => ({ url: '/api/mystudio/inputs/student?q=a' }),
    },
    'GET /api/mystudio/inputs/yearTerms': {
      access: 'owner',
      expect: ANY_OWNER,
      request: () => ({ url: '/api/mystudio/inputs/yearTerms' }),
    },
  };
}
