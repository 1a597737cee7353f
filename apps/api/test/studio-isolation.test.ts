import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app';
import { registerStudio, signIn } from './flows';

/**
 * Two studios set up the same things through the calls an owner's screens make; neither sees, changes
 * or deletes the other's. The studio of every query comes from the session, never from the request.
 */
let t: TestApp;
const tokens: Record<'a' | 'b', string> = { a: '', b: '' };
const made: Record<'a' | 'b', Record<string, string>> = { a: {}, b: {} };

const as = (who: 'a' | 'b') => ({ 'x-access-token': tokens[who] });
const call = (who: 'a' | 'b', method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.call({ method, url, headers: as(who), ...(payload ? { payload } : {}) });

async function setUp(who: 'a' | 'b') {
  const ids = made[who];
  const loc = await call(who, 'POST', '/api/mystudio/locations', {
    loc: {
      name: `Main ${who}`,
      address: '1 Main St',
      city: 'Newark',
      state: 'NJ',
      zipcode: '07102',
      phone: '9735550100',
    },
    rooms: [
      { name: 'Studio A', description: '' },
      { name: 'Studio B', description: '' },
    ],
  });
  expect(loc.status).toBe(200);
  ids.location = loc.body[1].LocID;
  ids.room = loc.body[1].RoomIDs[0];
  const teacher = await call(who, 'POST', '/api/mystudio/teachers', {
    firstName: 'Lena',
    lastName: `Ortiz ${who}`,
    address: '9 Oak Ave',
    city: 'Newark',
    state: 'NJ',
    zipcode: '07102',
    phone: '9735550177',
    email: `lena.${who}@studio.example`,
  });
  expect(teacher.status).toBe(200);
  ids.teacher = teacher.body[1].id;
  const term = await call(who, 'POST', '/api/mystudio/yearTerms/new', {
    name: 'Summer 2027',
    dateStart: '2027-07-01',
    dateEnd: '2027-08-31',
    notes: '',
  });
  expect(term.status).toBe(200);
  ids.term = term.body[1].id;
  const price = await call(who, 'POST', '/api/mystudio/tuition/classes', {
    yearTermID: ids.term,
    duration: 60,
    price: 65,
    applyDiscount: true,
  });
  expect(price.status).toBe(200);
  ids.price = price.body[1].id;
  const discount = await call(who, 'POST', '/api/mystudio/discounts', {
    typeID: 100,
    vTypeID: 100,
    value: 0.1,
    rValue: 100,
  });
  expect(discount.status).toBe(200);
  ids.discount = discount.body[1].id;
  const genre = await call(who, 'POST', '/api/mystudio/genres', { name: `Flamenco ${who}` });
  expect(genre.status).toBe(200);
  ids.genre = genre.body[1].id;
  ids.document = (await call(who, 'GET', '/api/mystudio/documents')).body[1][0].id;
  ids.plan = (await call(who, 'GET', `/api/mystudio/paymentSystem?yearTermID=${ids.term}`)).body[1][0].id;
}

beforeAll(async () => {
  t = await buildTestApp();
  await registerStudio(t, 'owner@studio-a.example');
  await registerStudio(t, 'owner@studio-b.example');
  tokens.a = (await signIn(t, 'owner@studio-a.example')).token;
  tokens.b = (await signIn(t, 'owner@studio-b.example')).token;
  await setUp('a');
  await setUp('b');
});
afterAll(async () => {
  await t.close();
});

const ids = (body: [boolean, { id: string }[]]) => body[1].map((x) => x.id);

describe('two studios side by side', () => {
  it.each([
    ['/api/mystudio/locations', 'location'],
    ['/api/mystudio/teachers', 'teacher'],
    ['/api/mystudio/yearTerms', 'term'],
    ['/api/mystudio/discounts', 'discount'],
    ['/api/mystudio/genres', 'genre'],
    ['/api/mystudio/documents', 'document'],
  ])('%s lists only the studio’s own', async (url, key) => {
    const a = ids((await call('a', 'GET', url)).body);
    const b = ids((await call('b', 'GET', url)).body);
    expect(a).toContain(made.a[key]);
    expect(a).not.toContain(made.b[key]);
    expect(b).toContain(made.b[key]);
    expect(b).not.toContain(made.a[key]);
  });

  it("keeps term-scoped lists apart, even when asked for the other studio's term", async () => {
    const own = await call('a', 'GET', `/api/mystudio/tuition/classes?yearTermID=${made.a.term}`);
    expect(ids(own.body)).toEqual([made.a.price]);
    const other = await call('a', 'GET', `/api/mystudio/tuition/classes?yearTermID=${made.b.term}`);
    expect(other.status).toBe(404);
    const plans = await call('a', 'GET', `/api/mystudio/paymentSystem?yearTermID=${made.b.term}`);
    expect(plans.status).toBe(404);
  });

  it("refuses to change or delete the other studio's records, and they stay as they were", async () => {
    const b = made.b;
    const attempts: [string, 'PUT' | 'DELETE', string, object?][] = [
      [
        'location',
        'PUT',
        '/api/mystudio/locations',
        {
          id: b.location,
          data: {
            name: 'Taken',
            address: '1 Main St',
            city: 'Newark',
            state: 'NJ',
            zipcode: '07102',
            phone: '9735550100',
          },
        },
      ],
      ['location', 'DELETE', `/api/mystudio/locations/${b.location}`],
      [
        'room',
        'PUT',
        '/api/mystudio/locations/room',
        { id: b.room, data: { name: 'Taken', description: '' } },
      ],
      ['room', 'DELETE', `/api/mystudio/locations/room/${b.room}`],
      ['teacher', 'DELETE', `/api/mystudio/teachers/${b.teacher}`],
      ['term', 'PUT', `/api/mystudio/yearTerms/set/${b.term}`],
      ['term', 'DELETE', `/api/mystudio/yearTerms/${b.term}`],
      ['price', 'DELETE', `/api/mystudio/tuition/classes/${b.price}`],
      ['discount', 'DELETE', `/api/mystudio/discounts/${b.discount}`],
      ['genre', 'PUT', `/api/mystudio/genres/${b.genre}`, { name: 'Taken' }],
      ['document', 'PUT', `/api/mystudio/documents/${b.document}`, { title: 'Taken', content: 'Taken' }],
      ['plan', 'PUT', `/api/mystudio/paymentSystem/plan/${b.plan}`, { discount: 0 }],
    ];
    for (const [what, method, url, payload] of attempts) {
      const res = await call('a', method, url, payload);
      expect(res.status, `${method} ${what}`).toBe(404);
    }
    const locations = (await call('b', 'GET', '/api/mystudio/locations')).body[1];
    expect(locations).toHaveLength(1);
    expect(locations[0]).toMatchObject({ name: 'Main b' });
    expect(locations[0].rooms).toHaveLength(2);
    expect(ids((await call('b', 'GET', '/api/mystudio/teachers')).body)).toEqual([b.teacher]);
    expect(ids((await call('b', 'GET', '/api/mystudio/discounts')).body)).toEqual([b.discount]);
    const terms = (await call('b', 'GET', '/api/mystudio/yearTerms')).body[1];
    expect(terms.find((x: { id: string }) => x.id === b.term)).toMatchObject({ isCurrent: false });
    const genres = (await call('b', 'GET', '/api/mystudio/genres')).body[1];
    expect(genres.map((g: { name: string }) => g.name)).toContain('Flamenco b');
  });
});
