import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Access, allows } from '../src/http/access';
import { attendanceReportRows } from './access/attendance-report-rows';
import { bankRows } from './access/bank-rows';
import { booksRows } from './access/books-rows';
import { calendarFeedRows } from './access/calendar-feed-rows';
import { cardRows } from './access/card-rows';
import { closureRows } from './access/closure-rows';
import { competitionOverviewRows } from './access/competition-overview-rows';
import { competitionRegistrationRows } from './access/competition-registration-rows';
import { competitionRows } from './access/competition-rows';
import { costumeRows } from './access/costume-rows';
import { dataExportRows } from './access/data-export-rows';
import { depositsClosingRows } from './access/deposits-closing-rows';
import { doorRows } from './access/door-rows';
import { familyCompetitionRows } from './access/family-competition-rows';
import { familyCostumeRows } from './access/family-costume-rows';
import { familyRows } from './access/family-rows';
import { feeRows } from './access/fees-rows';
import { importRows } from './access/import-rows';
import { ANY_OWNER, EVERYONE, type Kit, type Outcome, OWNER_OF_X, type Row, SIGNED_IN } from './access/kit';
import { ledgerRows } from './access/ledger-rows';
import { makeupRows } from './access/makeup-rows';
import { payoutRows } from './access/payout-rows';
import { recitalReportRows } from './access/recital-report-rows';
import { recitalRows } from './access/recital-rows';
import { registrationRows } from './access/registration-rows';
import { rollRows } from './access/roll-rows';
import { scheduleRows } from './access/schedule-rows';
import { showsRows } from './access/shows-rows';
import { staffRows } from './access/staff-rows';
import { ticketRows } from './access/tickets-rows';
import { waitlistRows } from './access/waitlist-rows';
import { createPerson } from './factories';
import { codeIn, lastMailTo, linkTokenIn, parentRegistration, registration, signIn } from './flows';
import { changedTables, type Snapshotter, snapshotter } from './fuzz/db-snapshot';
import { ACTORS, type Actor, buildScene, CREDENTIALS, expectRefusal, type Scene } from './fuzz/scene';
import { routeKey } from './route-table';

/**
 * The access matrix: every route the server registers × every actor → what must happen, run against
 * studio X's records. 'allowed' means the call did its work (2xx, `[true, data]`); a number is the
 * refusal the actor must get: 401 not signed in, 403 the wrong role, 404 a record of another studio
 * (which must look like no record at all). A refused call must leave the database as it was.
 *
 * A route registered without a row here fails the suite, and so does a row whose route is gone or
 * whose declared access level is not the one the server registers.
 */

let s: Scene;
let snap: Snapshotter;

let counter = 0;
const unique = (prefix: string) => `${prefix} ${++counter}`;
const uniqueEmail = (prefix: string) => `${prefix}-${++counter}@matrix.example`;

/** Studio X's owner makes a throwaway record for a call that changes or deletes one. */
async function made(url: string, payload: Record<string, unknown>): Promise<string> {
  const res = await s.ownerX.post(url, payload);
  if (res.status !== 200) throw new Error(`${url}: ${JSON.stringify(res.body)}`);
  const data = res.body[1];
  return data.id ?? data.LocID ?? data.otherReqID;
}

const place = (name: string) => ({
  name,
  address: '1 Main St',
  city: 'Newark',
  state: 'NJ',
  zipcode: '07102',
  phone: '9735550100',
});
const teacher = () => ({
  firstName: 'Ada',
  lastName: unique('Tanz'),
  address: '9 Oak Ave',
  city: 'Newark',
  state: 'NJ',
  zipcode: '07102',
  phone: '9735550177',
  email: uniqueEmail('teacher'),
});
const termFields = () => ({
  name: unique('Term'),
  dateStart: '2030-01-05',
  dateEnd: '2030-06-20',
  notes: '',
});
// Durations differ from one price to the next, so no two prices of a term ever look alike.
const classPrice = () => ({ yearTermID: s.x.term, duration: 15 + (++counter % 280), price: 40 });
const privatePrice = () => ({ yearTermID: s.x.term, name: unique('Duet'), nDancers: 2, price: 90 });
const discount = { typeID: 200, vTypeID: 200, value: 500, rValue: 1 };

const fresh = {
  term: () => made('/api/mystudio/yearTerms/new', termFields()),
  location: () => made('/api/mystudio/locations', { loc: place(unique('Annex')), rooms: [{ name: 'Hall' }] }),
  room: () => made('/api/mystudio/locations/room', { locationID: s.x.location, name: unique('Room') }),
  teacher: () => made('/api/mystudio/teachers', teacher()),
  classPrice: () => made('/api/mystudio/tuition/classes', classPrice()),
  privatePrice: () => made('/api/mystudio/tuition/privates', privatePrice()),
  discount: () => made('/api/mystudio/discounts', discount),
  genre: () => made('/api/mystudio/genres', { name: unique('Genre') }),
};

/** A registration code for a new address, mailed as a visitor would ask for it. */
async function codeFor(email: string): Promise<string> {
  const res = await s.send('anonymous', { method: 'GET', url: `/api/registration/confirm/email/${email}` });
  if (res.status !== 200) throw new Error(`code: ${res.text}`);
  return codeIn((await lastMailTo(s.t, email)).subject);
}

/** An address proved with its code, ready to register a studio. */
async function provedEmail(): Promise<string> {
  const email = uniqueEmail('studio');
  const code = await codeFor(email);
  const res = await s.send('anonymous', {
    method: 'GET',
    url: `/api/registration/email/validate/${email}/${code}`,
  });
  if (res.status !== 200) throw new Error(`validate: ${res.text}`);
  return email;
}

/** A parent of studio X who can sign in. */
const person = async (verified = true) => {
  const email = uniqueEmail('parent');
  await createPerson(s.t.database.db, { email, companyId: s.x.company, role: 'user', verified });
  return email;
};

/** The token of a mailed link, as its recipient would follow it. */
async function linkToken(email: string, path: string): Promise<string> {
  return linkTokenIn((await lastMailTo(s.t, email)).text, path);
}

/** A fresh session of the actor, for a call that ends or moves its session. */
async function freshToken(actor: Actor): Promise<string | null> {
  if (actor === 'anonymous') return null;
  return (await signIn(s.t, CREDENTIALS[actor].email, CREDENTIALS[actor].password)).token;
}

const studioDetails = {
  name: 'Renamed Studio',
  address: '2 Broad St',
  city: 'Newark',
  state: 'NJ',
  zipcode: '07102',
  phone: '9735550111',
  email: 'hello@renamed.example',
  timeZone: 'America/New_York',
};

const kit: Kit = { scene: () => s, unique, made, fresh };

/** THE TABLE: every route × actor. Keys are `METHOD path` exactly as the route is registered. */
const matrix: Record<string, Row> = {
  ...scheduleRows(kit),
  ...familyRows(kit),
  ...registrationRows(kit),
  ...waitlistRows(kit),
  ...ledgerRows(kit),
  ...cardRows(kit),
  ...bankRows(kit),
  ...payoutRows(kit),
  ...costumeRows(kit),
  ...familyCostumeRows(kit),
  ...competitionRows(kit),
  ...competitionRegistrationRows(kit),
  ...competitionOverviewRows(kit),
  ...familyCompetitionRows(kit),
  ...calendarFeedRows(kit),
  ...booksRows(kit),
  ...depositsClosingRows(kit),
  ...importRows(kit),
  ...dataExportRows(kit),
  ...rollRows(kit),
  ...closureRows(kit),
  ...attendanceReportRows(kit),
  ...staffRows(kit),
  ...makeupRows(kit),
  ...recitalRows(kit),
  ...showsRows(kit),
  ...doorRows(kit),
  ...feeRows(kit),
  ...recitalReportRows(kit),
  ...ticketRows(kit),
  // Health, sign-in and the session.
  'GET /api/health': { access: 'public', expect: EVERYONE, request: () => ({ url: '/api/health' }) },
  'POST /api/auth/login': {
    access: 'public',
    expect: EVERYONE,
    request: () => ({
      url: '/api/auth/login',
      payload: { email: 'login@studio-a.example', password: 'Parent123' },
    }),
  },
  'POST /api/auth/authlogin': {
    access: 'public',
    expect: EVERYONE,
    request: () => ({
      url: '/api/auth/authlogin',
      payload: { email: 'login@studio-a.example', password: 'Parent123' },
    }),
  },
  // The spec's user and company information (000 §7): one's own session and studio.
  'GET /api/x_AOS': { access: 'signed-in', expect: SIGNED_IN, request: () => ({ url: '/api/x_AOS' }) },
  'GET /api/x_AOS/comp': {
    access: 'signed-in',
    expect: SIGNED_IN,
    request: () => ({ url: '/api/x_AOS/comp' }),
  },
  // Nobody signed in is an answer (null), not 401 (decision 041).
  'GET /api/auth/me': { access: 'optional', expect: EVERYONE, request: () => ({ url: '/api/auth/me' }) },
  'GET /api/auth/authuser': {
    access: 'signed-in',
    expect: SIGNED_IN,
    request: () => ({ url: '/api/auth/authuser' }),
  },
  'GET /api/auth/logout': {
    access: 'optional',
    expect: EVERYONE,
    request: async (actor) => ({ url: '/api/auth/logout', token: await freshToken(actor) }),
  },
  'GET /api/auth/authlogout': {
    access: 'optional',
    expect: EVERYONE,
    request: async (actor) => ({ url: '/api/auth/authlogout', token: await freshToken(actor) }),
  },
  'GET /api/auth/userAccount/:id': {
    // The membership of X's owner: only its own person may move a session to it.
    access: 'signed-in',
    expect: { anonymous: 401, parentA: 404, parentB: 404, ownerX: 'allowed', ownerY: 404, teacherX: 404 },
    request: async (actor) => ({
      url: `/api/auth/userAccount/${s.x.membership}`,
      token: await freshToken(actor),
    }),
  },
  'GET /api/auth/remember': {
    access: 'public',
    expect: EVERYONE,
    request: () => ({ url: '/api/auth/remember' }),
  },

  // Registration: public, each call with its own address or link.
  'GET /api/registration/confirm/email/:email': {
    access: 'public',
    expect: EVERYONE,
    request: () => ({ url: `/api/registration/confirm/email/${uniqueEmail('code')}` }),
  },
  'GET /api/registration/email/validate/:email/:code': {
    access: 'public',
    expect: EVERYONE,
    request: async () => {
      const email = uniqueEmail('validate');
      return { url: `/api/registration/email/validate/${email}/${await codeFor(email)}` };
    },
  },
  'GET /api/registration/email/validate/:email': {
    // Hidden: the same call without its code answers the spec's "code required", to everyone.
    access: 'public',
    expect: { anonymous: 400, parentA: 400, parentB: 400, ownerX: 400, ownerY: 400, teacherX: 400 },
    request: () => ({ url: `/api/registration/email/validate/${uniqueEmail('nocode')}` }),
  },
  'POST /api/registration/account': {
    access: 'public',
    expect: EVERYONE,
    request: async () => ({ url: '/api/registration/account', payload: registration(await provedEmail()) }),
  },
  'PUT /api/registration/verify/email/:hash': {
    access: 'public',
    expect: EVERYONE,
    request: async () => {
      const email = await person(false);
      // Signing in with an unverified address mails a fresh verification link.
      await s.send('anonymous', {
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: 'Parent123' },
      });
      return { url: `/api/registration/verify/email/${await linkToken(email, '/verify/email/nt/')}` };
    },
  },
  'GET /api/registration/change/pass/:email': {
    access: 'public',
    expect: EVERYONE,
    request: async () => ({ url: `/api/registration/change/pass/${await person()}` }),
  },
  'PUT /api/registration/change/pass': {
    access: 'public',
    expect: EVERYONE,
    request: async () => {
      const email = await person();
      await s.send('anonymous', { method: 'GET', url: `/api/registration/change/pass/${email}` });
      const token = await linkToken(email, '/verify/email/pass/');
      return { url: '/api/registration/change/pass', payload: { token, password: 'Newpass123' } };
    },
  },
  'POST /api/registration/parent/:id': {
    // Anyone may register a family at X through its link, each with an address of their own.
    access: 'public',
    expect: EVERYONE,
    request: async () => {
      const res = await s.send('anonymous', {
        method: 'GET',
        url: `/api/registration/parent/company/${s.x.company}`,
      });
      return {
        url: `/api/registration/parent/${s.x.company}`,
        payload: parentRegistration(uniqueEmail('family'), res.body[1].terms),
      };
    },
  },
  'GET /api/registration/parent/:id/email/:email': {
    // The first step of X's sign-up asks whether a new address can register: anyone may.
    access: 'public',
    expect: EVERYONE,
    request: () => ({ url: `/api/registration/parent/${s.x.company}/email/${uniqueEmail('check')}` }),
  },
  'GET /api/registration/parent/company/:id': {
    access: 'public',
    expect: EVERYONE,
    request: () => ({ url: `/api/registration/parent/company/${s.x.company}` }),
  },

  // Year terms.
  'GET /api/mystudio/yearTerms': {
    access: 'owner',
    expect: ANY_OWNER,
    request: () => ({ url: '/api/mystudio/yearTerms' }),
  },
  'GET /api/mystudio/yearTerms/counts': {
    access: 'owner',
    expect: ANY_OWNER,
    request: () => ({ url: '/api/mystudio/yearTerms/counts' }),
  },
  'POST /api/mystudio/yearTerms/new': {
    access: 'owner',
    expect: ANY_OWNER,
    request: () => ({ url: '/api/mystudio/yearTerms/new', payload: termFields() }),
  },
  'PUT /api/mystudio/yearTerms': {
    // New dates rebuild the term's payment system: a throwaway term, so X's plans keep their ids.
    access: 'owner',
    expect: OWNER_OF_X,
    request: async () => ({
      url: '/api/mystudio/yearTerms',
      payload: {
        id: await fresh.term(),
        data: { ...termFields(), dateStart: '2031-01-05', dateEnd: '2031-06-20' },
      },
    }),
  },
  'DELETE /api/mystudio/yearTerms/:id': {
    access: 'owner',
    expect: OWNER_OF_X,
    request: async () => ({ url: `/api/mystudio/yearTerms/${await fresh.term()}` }),
  },
  'PUT /api/mystudio/yearTerms/set/:id': {
    access: 'owner',
    expect: OWNER_OF_X,
    request: async () => ({ url: `/api/mystudio/yearTerms/set/${await fresh.term()}` }),
  },

  // Locations and rooms.
  'GET /api/mystudio/locations': {
    access: 'owner',
    expect: ANY_OWNER,
    request: () => ({ url: '/api/mystudio/locations' }),
  },
  'POST /api/mystudio/locations': {
    access: 'owner',
    expect: ANY_OWNER,
    request: () => ({
      url: '/api/mystudio/locations',
      payload: { loc: place(unique('Annex')), rooms: [{ name: 'Hall' }] },
    }),
  },
  'PUT /api/mystudio/locations': {
    access: 'owner',
    expect: OWNER_OF_X,
    request: () => ({
      url: '/api/mystudio/locations',
      payload: { id: s.x.location, data: place(unique('Main')) },
    }),
  },
  'DELETE /api/mystudio/locations/:id': {
    access: 'owner',
    expect: OWNER_OF_X,
    request: async () => ({ url: `/api/mystudio/locations/${await fresh.location()}` }),
  },
  'POST /api/mystudio/locations/room': {
    access: 'owner',
    expect: OWNER_OF_X,
    request: () => ({
      url: '/api/mystudio/locations/room',
      payload: { locationID: s.x.location, name: unique('Room') },
    }),
  },
  'PUT /api/mystudio/locations/room': {
    access: 'owner',
    expect: OWNER_OF_X,
    request: () => ({
      url: '/api/mystudio/locations/room',
      payload: { id: s.x.room, data: { name: unique('Studio') } },
    }),
  },
  'DELETE /api/mystudio/locations/room/:id': {
    access: 'owner',
    expect: OWNER_OF_X,
    request: async () => ({ url: `/api/mystudio/locations/room/${await fresh.room()}` }),
  },

  // Teachers.
  'GET /api/mystudio/teachers': {
    access: 'owner',
    expect: ANY_OWNER,
    request: () => ({ url: '/api/mystudio/teachers' }),
  },
  'POST /api/mystudio/teachers': {
    access: 'owner',
    expect: ANY_OWNER,
    request: () => ({ url: '/api/mystudio/teachers', payload: teacher() }),
  },
  'PUT /api/mystudio/teachers/:id': {
    access: 'owner',
    expect: OWNER_OF_X,
    request: () => ({ url: `/api/mystudio/teachers/${s.x.teacher}`, payload: teacher() }),
  },
  'DELETE /api/mystudio/teachers/:id': {
    access: 'owner',
    expect: OWNER_OF_X,
    request: async () => ({ url: `/api/mystudio/teachers/${await fresh.teacher()}` }),
  },

  // Terms documents.
  'GET /api/mystudio/documents': {
    access: 'owner',
    expect: ANY_OWNER,
    request: () => ({ url: '/api/mystudio/documents' }),
  },
  'GET /api/mystudio/documents/:id/versions': {
    access: 'owner',
    expect: OWNER_OF_X,
    request: () => ({ url: `/api/mystudio/documents/${s.x.document}/versions` }),
  },
  'PUT /api/mystudio/documents/:id': {
    access: 'owner',
    expect: OWNER_OF_X,
    request: () => ({
      url: `/api/mystudio/documents/${s.x.document}`,
      payload: { title: 'Studio policies', content: unique('Classes start on time. Version') },
    }),
  },

  // Tuition prices.
  'GET /api/mystudio/tuition/classes': {
    access: 'owner',
    expect: OWNER_OF_X,
    request: () => ({ url: `/api/mystudio/tuition/classes?yearTermID=${s.x.term}` }),
  },
  'POST /api/mystudio/tuition/classes': {
    access: 'owner',
    expect: OWNER_OF_X,
    request: () => ({ url: '/api/mystudio/tuition/classes', payload: classPrice() }),
  },
  'PUT /api/mystudio/tuition/classes': {
    access: 'owner',
    expect: OWNER_OF_X,
    request: () => ({
      url: '/api/mystudio/tuition/classes',
      payload: { id: s.x.classPrice, data: { ...classPrice(), applyDiscount: true } },
    }),
  },
  'DELETE /api/mystudio/tuition/classes/:id': {
    access: 'owner',
    expect: OWNER_OF_X,
    request: async () => ({ url: `/api/mystudio/tuition/classes/${await fresh.classPrice()}` }),
  },
  'GET /api/mystudio/tuition/privates': {
    access: 'owner',
    expect: OWNER_OF_X,
    request: () => ({ url: `/api/mystudio/tuition/privates?yearTermID=${s.x.term}` }),
  },
  'POST /api/mystudio/tuition/privates': {
    access: 'owner',
    expect: OWNER_OF_X,
    request: () => ({ url: '/api/mystudio/tuition/privates', payload: privatePrice() }),
  },
  'PUT /api/mystudio/tuition/privates': {
    access: 'owner',
    expect: OWNER_OF_X,
    request: () => ({
      url: '/api/mystudio/tuition/privates',
      payload: { id: s.x.privatePrice, data: { ...privatePrice(), applyDiscount: false } },
    }),
  },
  'DELETE /api/mystudio/tuition/privates/:id': {
    access: 'owner',
    expect: OWNER_OF_X,
    request: async () => ({ url: `/api/mystudio/tuition/privates/${await fresh.privatePrice()}` }),
  },

  // Payment system.
  'GET /api/mystudio/paymentSystem': {
    access: 'owner',
    expect: OWNER_OF_X,
    request: () => ({ url: `/api/mystudio/paymentSystem?yearTermID=${s.x.term}` }),
  },
  'PUT /api/mystudio/paymentSystem/plan/:id': {
    access: 'owner',
    expect: OWNER_OF_X,
    request: () => ({ url: `/api/mystudio/paymentSystem/plan/${s.x.plan}`, payload: { discount: 0.05 } }),
  },
  'PUT /api/mystudio/paymentSystem/option/:id': {
    access: 'owner',
    expect: OWNER_OF_X,
    request: () => ({
      url: `/api/mystudio/paymentSystem/option/${s.x.option}`,
      payload: { dayPaymentDue: 10 },
    }),
  },

  // Discounts.
  'GET /api/mystudio/discounts': {
    access: 'owner',
    expect: ANY_OWNER,
    request: () => ({ url: '/api/mystudio/discounts' }),
  },
  'POST /api/mystudio/discounts': {
    access: 'owner',
    expect: ANY_OWNER,
    request: () => ({ url: '/api/mystudio/discounts', payload: discount }),
  },
  'PUT /api/mystudio/discounts/order': {
    // Every discount of X, in reverse: Y's owner is told they are not found.
    access: 'owner',
    expect: OWNER_OF_X,
    request: async () => {
      const ids = ((await s.ownerX.get('/api/mystudio/discounts')).body[1] as { id: string }[]).map(
        (d) => d.id,
      );
      return { url: '/api/mystudio/discounts/order', payload: { ids: ids.reverse() } };
    },
  },
  'PUT /api/mystudio/discounts/:id': {
    access: 'owner',
    expect: OWNER_OF_X,
    request: () => ({
      url: `/api/mystudio/discounts/${s.x.discount}`,
      payload: { typeID: 100, vTypeID: 100, value: 0.15, rValue: 100 },
    }),
  },
  'DELETE /api/mystudio/discounts/:id': {
    access: 'owner',
    expect: OWNER_OF_X,
    request: async () => ({ url: `/api/mystudio/discounts/${await fresh.discount()}` }),
  },

  // Genres and levels.
  'GET /api/mystudio/genres': {
    access: 'owner',
    expect: ANY_OWNER,
    request: () => ({ url: '/api/mystudio/genres?all=1' }),
  },
  'POST /api/mystudio/genres': {
    access: 'owner',
    expect: ANY_OWNER,
    request: () => ({ url: '/api/mystudio/genres', payload: { name: unique('Genre') } }),
  },
  'PUT /api/mystudio/genres/:id': {
    access: 'owner',
    expect: OWNER_OF_X,
    request: () => ({ url: `/api/mystudio/genres/${s.x.genre}`, payload: { name: unique('Flamenco') } }),
  },
  'PUT /api/mystudio/genres/:id/retire': {
    access: 'owner',
    expect: OWNER_OF_X,
    request: async () => ({ url: `/api/mystudio/genres/${await fresh.genre()}/retire` }),
  },
  'PUT /api/mystudio/genres/:id/restore': {
    access: 'owner',
    expect: OWNER_OF_X,
    request: async () => {
      const id = await fresh.genre();
      await s.ownerX.put(`/api/mystudio/genres/${id}/retire`);
      return { url: `/api/mystudio/genres/${id}/restore` };
    },
  },
  'GET /api/mystudio/levels': {
    access: 'owner',
    expect: ANY_OWNER,
    request: () => ({ url: '/api/mystudio/levels' }),
  },

  // The setup checklist.
  'GET /api/mystudio/setup': {
    access: 'owner',
    expect: ANY_OWNER,
    request: () => ({ url: '/api/mystudio/setup' }),
  },
  'POST /api/mystudio/setup/:step': {
    access: 'owner',
    expect: ANY_OWNER,
    request: () => ({ url: '/api/mystudio/setup/parentLink' }),
  },

  // Studio settings.
  'GET /api/mystudio/settings': {
    access: 'owner',
    expect: ANY_OWNER,
    request: () => ({ url: '/api/mystudio/settings' }),
  },
  'PUT /api/mystudio/settings/studio': {
    access: 'owner',
    expect: ANY_OWNER,
    request: () => ({ url: '/api/mystudio/settings/studio', payload: studioDetails }),
  },
  'PUT /api/mystudio/settings/money': {
    access: 'owner',
    expect: ANY_OWNER,
    request: () => ({ url: '/api/mystudio/settings/money', payload: { siblingIndex: 'student+class' } }),
  },

  // The embedded mail viewer (registered only without SMTP): public by design, outside the API.
  'GET /dev/mail.json': { access: 'public', expect: EVERYONE, request: () => ({ url: '/dev/mail.json' }) },
  'GET /dev/mail': { access: 'public', expect: EVERYONE, request: () => ({ url: '/dev/mail' }) },
};

/** Whether a role-bound access level lets a signed-in actor's role in (http/access.ts `allows`). */
function roleAllows(access: 'owner' | 'parent' | 'teacher' | 'staff', actor: Exclude<Actor, 'anonymous'>) {
  const role = actor.startsWith('owner') ? 'owner' : actor.startsWith('parent') ? 'user' : 'teacher';
  return allows(access, role);
}

/** What an access level allows, whatever the route: a row that says otherwise is a mistake in the table. */
function levelAllows(access: Access, actor: Actor, outcome: Outcome): boolean {
  switch (access) {
    case 'public':
    case 'optional':
      return outcome !== 401 && outcome !== 403;
    // No session opens it, whoever holds one: only the processor's credentials (webhooks.test.ts).
    case 'processor':
      return outcome === 401;
    case 'signed-in':
      return (actor === 'anonymous') === (outcome === 401);
    case 'owner':
    case 'parent':
    case 'teacher':
    case 'staff':
      if (actor === 'anonymous') return outcome === 401;
      return (outcome === 403) === !roleAllows(access, actor);
  }
}

beforeAll(async () => {
  s = await buildScene();
  snap = await snapshotter(s.t.database.db);
  await createPerson(s.t.database.db, {
    email: 'login@studio-a.example',
    companyId: s.x.company,
    role: 'user',
  });
});
afterAll(async () => {
  await s?.t.close();
});

describe('the access matrix', () => {
  it('has exactly one row for every registered route, with the access level the route declares', () => {
    const registered = new Map(s.routes.map((r) => [routeKey(r), r.access]));
    const missing = [...registered.keys()].filter((key) => !(key in matrix));
    const gone = Object.keys(matrix).filter((key) => !registered.has(key));
    expect(missing, 'routes without a row in the access matrix').toEqual([]);
    expect(gone, 'rows of routes the server no longer registers').toEqual([]);
    expect(registered.size, 'a route registered twice').toBe(s.routes.length);
    const misdeclared = Object.entries(matrix)
      .filter(([key, row]) => registered.has(key) && registered.get(key) !== row.access)
      .map(
        ([key, row]) => `${key}: the row says '${row.access}', the route declares '${registered.get(key)}'`,
      );
    expect(misdeclared, 'routes whose declared access level is not the one the matrix expects').toEqual([]);
  });

  it('expects of every route only what its access level allows', () => {
    const wrong = Object.entries(matrix).flatMap(([key, row]) =>
      ACTORS.filter((actor) => !levelAllows(row.access, actor, row.expect[actor])).map(
        (actor) => `${key} × ${actor}: ${row.expect[actor]} under '${row.access}'`,
      ),
    );
    expect(wrong).toEqual([]);
  });

  const xIds = () => Object.values(s.x);
  const familyAIds = () => [
    s.x.family,
    s.x.familyUser,
    s.x.familyContact,
    s.x.student,
    s.x.registration,
    s.x.enrolment,
    s.x.pending,
    s.x.bill,
    s.x.item,
    s.x.payment,
    s.x.planPayment,
  ];

  it.each(Object.keys(matrix))('%s', async (key) => {
    const row = matrix[key]!;
    const method = key.slice(0, key.indexOf(' ')) as 'GET' | 'POST' | 'PUT' | 'DELETE';
    for (const actor of ACTORS) {
      const outcome = row.expect[actor];
      const call = await row.request(actor);
      const context = `${key} × ${actor} (${call.url})`;
      const before = outcome === 'allowed' ? null : await snap.whole();
      const res = await s.send(actor, {
        method,
        url: call.url,
        ...(call.payload === undefined ? {} : { payload: call.payload as object }),
        ...(call.token === undefined ? {} : { token: call.token }),
      });
      if (outcome === 'allowed') {
        expect.soft(res.status, `${context}: ${res.text.slice(0, 300)}`).toBeGreaterThanOrEqual(200);
        expect.soft(res.status, `${context}: ${res.text.slice(0, 300)}`).toBeLessThan(300);
        // A file (the accountant's CSV, decision 052; an archive, 057) is the answer itself, not `[true, data]`.
        const type = String(res.headers['content-type'] ?? '');
        const file = type.startsWith('text/csv') || type === 'application/zip';
        if (call.url.startsWith('/api/') && !file) expect.soft(res.body?.[0], context).toBe(true);
        // Studio Y's owner, allowed into their own studio, sees nothing of X's.
        if (actor === 'ownerY' && row.access !== 'public') {
          for (const id of xIds()) expect.soft(res.text, `${context} shows X's ${id}`).not.toContain(id);
        }
        // Parent B, allowed into their own family, sees nothing of family A's.
        if (actor === 'parentB') {
          for (const id of familyAIds()) {
            expect.soft(res.text, `${context} shows family A's ${id}`).not.toContain(id);
          }
        }
      } else {
        expect.soft(res.status, `${context}: ${res.text.slice(0, 300)}`).toBe(outcome);
        expectRefusal(res, context);
        const after = await snap.whole();
        expect.soft(changedTables(before!, after), `${context} changed the database`).toEqual([]);
      }
    }
  });
});
