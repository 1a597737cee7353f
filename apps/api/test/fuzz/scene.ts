import type { InjectOptions } from 'fastify';
import { unzipSync } from 'fflate';
import { expect } from 'vitest';
import type { Db } from '../../src/db/client';
import {
  createContact,
  createFamily,
  createPerson,
  createStudent,
  joinFamily,
  registerInClass,
} from '../factories';
import { signIn } from '../flows';
import { collectRoutes } from '../route-table';
import { type Caller, caller } from '../studios';
import { buildStudiosApp } from '../studios-base';
import { saveCard } from './card-scene';
import {
  type CompetitionRegistrationRecords,
  competitionRegistrationRecords,
} from './competition-registration-scene';
import { type CompetitionRecords, competitionRecords } from './competition-scene';
import { type CostumeRecords, costumeRecords } from './costume-scene';
import { type LedgerRecords, ledgerRecords } from './ledger-scene';
import { type RegistrationRecords, registrationRecords } from './registration-scene';

/**
 * Who calls. X is the studio under test, Y another studio beside it. Parents A and B belong to two
 * families of studio X: A's family holds X's student, B's is another family at the same studio.
 */
export type Actor = 'anonymous' | 'parentA' | 'parentB' | 'ownerX' | 'ownerY' | 'teacherX';
export const ACTORS: readonly Actor[] = ['anonymous', 'teacherX', 'parentA', 'parentB', 'ownerX', 'ownerY'];

/** Who signs in as whom (the fixture's people: twoStudios and createPerson). */
export const CREDENTIALS: Record<Exclude<Actor, 'anonymous'>, { email: string; password: string }> = {
  ownerX: { email: 'owner@studio-a.example', password: 'Studio123' },
  ownerY: { email: 'owner@studio-b.example', password: 'Studio123' },
  parentA: { email: 'parent@studio-a.example', password: 'Parent123' },
  parentB: { email: 'parent-b@studio-a.example', password: 'Parent123' },
  /** The teacher of studio X's class (issue 36): signs in with a teacher's membership. */
  teacherX: { email: 'teacher@studio-a.example', password: 'Teacher123' },
};

/** Studio X's records, one of each kind the routes name. */
export type StudioRecords = {
  company: string;
  membership: string;
  location: string;
  room: string;
  teacher: string;
  term: string;
  classPrice: string;
  privatePrice: string;
  discount: string;
  genre: string;
  document: string;
  /** A plan that is not the default one (whose discount stays 0). */
  plan: string;
  option: string;
  /** A class in `room`, with a dance number, a genre, a requirement and a registered student. */
  class: string;
  danceNumber: string;
  classGenre: string;
  requirement: string;
  student: string;
  registration: string;
  /** The registered student's activity in the dance number. */
  activity: string;
  private: string;
  privateRegistration: string;
  /** Family A (parent A's), which holds `student`; its first user (parent A) and a contact. */
  family: string;
  familyUser: string;
  familyContact: string;
} & RegistrationRecords &
  LedgerRecords &
  CostumeRecords &
  CompetitionRecords &
  CompetitionRegistrationRecords;

export type Answer = {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: answers of every shape
  body: any;
  text: string;
  headers: Record<string, unknown>;
};

/** A new client address per call: the per-client rate limits then never stand in for the answer. */
let addressCount = 0;
export function nextAddress(): string {
  addressCount += 1;
  const n = addressCount;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

const location = (name: string) => ({
  name,
  address: '1 Main St',
  city: 'Newark',
  state: 'NJ',
  zipcode: '07102',
  phone: '9735550100',
});

/** Studio X's records, made through the owner's own calls. */
async function createRecords(
  db: Db,
  owner: Caller,
  company: string,
  membership: string,
): Promise<
  Omit<
    StudioRecords,
    | keyof RegistrationRecords
    | keyof LedgerRecords
    | keyof CostumeRecords
    | keyof CompetitionRecords
    | keyof CompetitionRegistrationRecords
  >
> {
  const ok = async (answer: Promise<{ status: number; body: unknown }>) => {
    const res = await answer;
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // biome-ignore lint/suspicious/noExplicitAny: the data of a [true, data] answer
    return (res.body as [true, any])[1];
  };
  const loc = await ok(
    owner.post('/api/mystudio/locations', {
      loc: location('Main X'),
      rooms: [{ name: 'Studio A' }, { name: 'Studio B' }],
    }),
  );
  const teacher = await ok(
    owner.post('/api/mystudio/teachers', {
      firstName: 'Lena',
      lastName: 'Ortiz',
      address: '9 Oak Ave',
      city: 'Newark',
      state: 'NJ',
      zipcode: '07102',
      phone: '9735550177',
      email: 'lena@studio-x.example',
    }),
  );
  const terms = await ok(owner.get('/api/mystudio/yearTerms'));
  const term = terms[0].id as string;
  const classPrice = await ok(
    owner.post('/api/mystudio/tuition/classes', { yearTermID: term, duration: 60, price: 65 }),
  );
  const privatePrice = await ok(
    owner.post('/api/mystudio/tuition/privates', { yearTermID: term, name: 'Solo', price: 80 }),
  );
  const discount = await ok(
    owner.post('/api/mystudio/discounts', { typeID: 100, vTypeID: 100, value: 0.1, rValue: 100 }),
  );
  const genre = await ok(owner.post('/api/mystudio/genres', { name: 'Flamenco' }));
  const documents = await ok(owner.get('/api/mystudio/documents'));
  const plans = (await ok(owner.get(`/api/mystudio/paymentSystem?yearTermID=${term}`))) as {
    id: string;
    isDefault: boolean;
    options: { id: string }[];
  }[];
  const room = loc.RoomIDs[0] as string;
  const cls = await ok(
    owner.post('/api/mystudio/schedule/class', {
      class: {
        name: 'Jazz X',
        day: 0,
        timeStart: '16:00',
        timeEnd: '17:00',
        yearTermID: term,
        teacherID: teacher.id,
        roomID: room,
        priceID: classPrice.id,
      },
      dncNum: [{ name: 'Number X', genreID: genre.id }],
    }),
  );
  const info = await ok(owner.get(`/api/mystudio/schedule/class/info/${cls.id}`));
  const classGenre = await ok(
    owner.post(`/api/mystudio/schedule/class/${cls.id}/genre`, { genreID: genre.id }),
  );
  const requirement = await ok(
    owner.post(`/api/mystudio/schedule/class/${cls.id}/otherRequirement`, {
      genreID: genre.id,
      levelID: 1,
      isRequired: 1,
    }),
  );
  const family = await createFamily(db, company);
  const familyUser = await joinFamily(db, {
    companyId: company,
    familyId: family.id,
    email: CREDENTIALS.parentA.email,
  });
  const familyContact = await createContact(db, { companyId: company, familyId: family.id });
  const student = await createStudent(db, { companyId: company, familyId: family.id });
  const registration = await registerInClass(db, {
    companyId: company,
    classId: cls.id,
    studentId: student.id,
  });
  const lesson = await ok(
    owner.post('/api/mystudio/privates/', {
      name: 'Solo X',
      teacherID: teacher.id,
      priceID: privatePrice.id,
      genreID: genre.id,
      locationID: loc.LocID,
      type: 1,
    }),
  );
  const terms0 = terms[0] as { dateStart: string };
  const privateRegistration = await ok(
    owner.post('/api/mystudio/privates/reg/student', {
      studentID: student.id,
      privID: lesson.id,
      price: '$80.00',
      dateStart: terms0.dateStart,
    }),
  );
  return {
    company,
    membership,
    family: family.id,
    familyUser,
    familyContact,
    class: cls.id,
    danceNumber: info.dncNum[0].id,
    classGenre: classGenre.id,
    requirement: requirement.otherReqID,
    student: student.id,
    registration: registration.id,
    activity: registration.activityIds[0]!,
    private: lesson.id,
    privateRegistration: privateRegistration.rData.privRegID,
    location: loc.LocID,
    room,
    teacher: teacher.id,
    term,
    classPrice: classPrice.id,
    privatePrice: privatePrice.id,
    discount: discount.id,
    genre: genre.id,
    document: documents[0].id,
    plan: plans.find((p) => !p.isDefault)!.id,
    option: plans[0]!.options[0]!.id,
  };
}

/** Family B of studio X: parent B, a student and a contact of its own. */
async function familyBesideA(db: Db, company: string) {
  await createPerson(db, { email: CREDENTIALS.parentB.email, companyId: company, role: 'user' });
  const family = await createFamily(db, company);
  const user = await joinFamily(db, {
    companyId: company,
    familyId: family.id,
    email: CREDENTIALS.parentB.email,
  });
  const student = await createStudent(db, { companyId: company, familyId: family.id, firstName: 'Bea' });
  const contact = await createContact(db, { companyId: company, familyId: family.id, firstName: 'Bram' });
  return { family: family.id, user, student: student.id, contact };
}

/**
 * The app with its route table, studios X and Y (on a copy of twoStudios' database), a parent of X, a
 * session for each signed-in actor, and one record of studio X of each kind a route names.
 */
export async function buildScene(...options: Parameters<typeof buildStudiosApp>) {
  const {
    built: { t, s: studios },
    routes,
  } = await collectRoutes(() => buildStudiosApp(...options));
  const familyB = await familyBesideA(t.database.db, studios.companyA);
  const sessions = {
    ownerX: await signIn(t, CREDENTIALS.ownerX.email, CREDENTIALS.ownerX.password),
    ownerY: await signIn(t, CREDENTIALS.ownerY.email, CREDENTIALS.ownerY.password),
    parentA: await signIn(t, CREDENTIALS.parentA.email, CREDENTIALS.parentA.password),
    parentB: await signIn(t, CREDENTIALS.parentB.email, CREDENTIALS.parentB.password),
  };
  const tokens: Record<Actor, string | null> = {
    anonymous: null,
    ownerX: sessions.ownerX.token,
    ownerY: sessions.ownerY.token,
    parentA: sessions.parentA.token,
    parentB: sessions.parentB.token,
    teacherX: null,
  };
  const records = await createRecords(
    t.database.db,
    studios.ownerA,
    studios.companyA,
    sessions.ownerX.accts[0]!.id,
  );
  // Family A registered through the wizard, so the registration routes act on a plan of its own.
  const registered = {
    ...records,
    ...(await registrationRecords(studios.ownerA, caller(t, sessions.parentA.token), records)),
  };
  // Family A's books (issue 16): a bill, an item on it, a check payment, a plan payment not paid yet.
  const before = {
    ...registered,
    ...(await ledgerRecords(studios.ownerA, registered)),
    // Costumes (issue 18): a company, a style on the dance number, and the dancer's costume.
    ...(await costumeRecords(studios.ownerA, registered)),
    // Competitions (issue 19): a company, its locations, an event and its entries; the dancer on one.
    ...(await competitionRecords(studios.ownerA)),
  };
  const x: StudioRecords = { ...before, ...(await competitionRegistrationRecords(studios.ownerA, before)) };
  // The teacher of X's class signs in as a teacher of studio X (issue 36).
  await createPerson(t.database.db, {
    email: CREDENTIALS.teacherX.email,
    companyId: studios.companyA,
    role: 'teacher',
    password: CREDENTIALS.teacherX.password,
    teacherId: x.teacher,
  });
  tokens.teacherX = (await signIn(t, CREDENTIALS.teacherX.email, CREDENTIALS.teacherX.password)).token;

  /** One call as an actor (or with `token` instead of the actor's), from a client address of its own. */
  async function send(
    actor: Actor,
    opts: Omit<InjectOptions, 'remoteAddress'> & { token?: string | null },
  ): Promise<Answer> {
    const { token = tokens[actor], headers = {}, ...rest } = opts;
    const res = await t.app.inject({
      ...rest,
      headers: { ...(token ? { 'x-access-token': token } : {}), ...headers },
      remoteAddress: nextAddress(),
    });
    let body: unknown = res.body;
    try {
      body = res.json();
    } catch {
      // not JSON: the text stays
    }
    // An archive (moving out, decision 057) is read as its files' text, so what it holds is checked.
    const zip = res.headers['content-type'] === 'application/zip' && res.statusCode === 200;
    return {
      status: res.statusCode,
      body,
      text: zip ? zipText(res.rawPayload) : res.body,
      headers: res.headers,
    };
  }

  // Family A pays by card (issue 17): its card on file, so the checkout reaches the processor.
  await saveCard(
    (o) => send('parentA', o),
    (o) => send('anonymous', o),
  );

  return {
    t,
    routes,
    studios,
    ownerX: studios.ownerA,
    companyY: studios.companyB,
    familyB,
    tokens,
    x,
    send,
  };
}
export type Scene = Awaited<ReturnType<typeof buildScene>>;

/** The refusal every non-2xx answer must be: `[false, message]`, a 4xx, a short message. */
export function expectRefusal(res: Answer, context: string): void {
  expect(res.status, `${context}: ${res.text.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
  expect(res.status, `${context}: ${res.text.slice(0, 300)}`).toBeLessThan(500);
  expect(
    Array.isArray(res.body) && res.body.length === 2,
    `${context}: not a pair: ${res.text.slice(0, 300)}`,
  ).toBe(true);
  expect(res.body[0], context).toBe(false);
  expect(typeof res.body[1], context).toBe('string');
  expect((res.body[1] as string).length, `${context}: ${res.body[1]}`).toBeGreaterThan(0);
  expect((res.body[1] as string).length, `${context}: ${res.body[1]}`).toBeLessThan(300);
}

/** The text of every file of a ZIP answer, one after the other. */
function zipText(raw: Buffer): string {
  const utf8 = new TextDecoder();
  return Object.values(unzipSync(new Uint8Array(raw)))
    .map((bytes) => utf8.decode(bytes))
    .join('\n');
}
