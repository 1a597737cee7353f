import {
  type Calls,
  OWNER_REGISTRATION,
  openClass,
  ownerBuilderUrl,
  ownerRegisters,
  ownerSubmission,
  PARENT_REGISTRATION,
  type Pair,
  parentRegisters,
  parentSubmission,
  pendingRegistrations,
} from '../fuzz/registration-scene';
import type { Actor } from '../fuzz/scene';
import { ANY_OWNER, type Kit, OWNER_OF_X, PARENT_OF_A, PARENTS, type Row } from './kit';

/**
 * The access matrix of class registration (issue 15). A parent's calls act on their own family (the
 * session names it): parent B submits for family B and finds none of family A's registrations (404).
 * The owner's calls act on any family of studio X, so studio Y's owner finds none (404). Each write
 * the allowed actor sends is one that goes through: a new class for the dancer, a drop of a
 * registration that counts, a restore of a dropped one, an approval of a pending one.
 */
export function registrationRows({ scene, fresh, unique }: Kit): Record<string, Row> {
  const x = () => scene().x;
  const as = (actor: Actor): Calls => ({
    get: (url) => scene().send(actor, { method: 'GET', url }),
    post: (url, payload = {}) => scene().send(actor, { method: 'POST', url, payload }),
    put: (url, payload) => scene().send(actor, { method: 'PUT', url, ...(payload ? { payload } : {}) }),
  });
  const owner = () => as('ownerX');
  const parentA = () => as('parentA');
  let day = 0;
  /**
   * A class family A's dancer (or family B's) may join, in the current term: another row makes a
   * throwaway term current, so X's own is made current again first.
   */
  const freshClass = async () => {
    const res = await owner().put(`/api/mystudio/yearTerms/set/${x().term}`);
    if (res.status !== 200) throw new Error(`the term: ${JSON.stringify(res.body)}`);
    return openClass(owner(), x(), { name: unique('Lyrical'), roomID: await fresh.room(), day: ++day % 7 });
  };
  const mia = async (): Promise<Pair> => ({ studentId: x().student, classId: await freshClass() });
  /** A registration of family A that counts, made by the owner. */
  const registered = async () => (await ownerRegisters(owner(), x().family, [await mia()]))[0]!;
  /** A registration of family A that the owner dropped. */
  const dropped = async () => {
    const id = await registered();
    const res = await owner().put(`${OWNER_REGISTRATION}/drop/${id}`, {});
    if (res.status !== 200) throw new Error(`drop: ${JSON.stringify(res.body)}`);
    return id;
  };
  const pending = async (n: number) => {
    const adds: Pair[] = [];
    for (let i = 0; i < n; i++) adds.push(await mia());
    return pendingRegistrations(owner(), parentA(), adds);
  };
  /** What a refused caller sends: a well-formed submission, so that only who sends it refuses it. */
  const someSubmission = () => ({
    regList: [{ stdID: x().student, clSchID: x().openClass, isNew: true, price: 65 }],
    regDate: '2026-11-21',
  });
  const own = (actor: Actor) => (actor === 'parentA' ? x().student : scene().familyB.student);
  const isParent = (actor: Actor) => actor === 'parentA' || actor === 'parentB';

  return {
    // The parent's own family.
    'GET /api/parents/registration/': {
      access: 'parent',
      expect: PARENTS,
      request: () => ({ url: PARENT_REGISTRATION }),
    },
    'GET /api/parents/registration/activity': {
      access: 'parent',
      expect: PARENTS,
      request: () => ({ url: '/api/parents/registration/activity' }),
    },
    'POST /api/parents/registration/': {
      // Parent A adds a class to family A's plan; parent B's family registers for the first time.
      access: 'parent',
      expect: PARENTS,
      request: async (actor) => {
        if (!isParent(actor)) return { url: PARENT_REGISTRATION, payload: someSubmission() };
        const adds = [{ studentId: own(actor), classId: await freshClass() }];
        const builder = (await as(actor).get(PARENT_REGISTRATION)).body[1];
        return { url: PARENT_REGISTRATION, payload: parentSubmission(builder, adds) };
      },
    },
    'POST /api/parents/registration/:id': {
      access: 'parent',
      expect: PARENT_OF_A,
      request: async (actor) => {
        if (actor !== 'parentA') return { url: `${PARENT_REGISTRATION}${x().enrolment}`, payload: {} };
        const [id] = await parentRegisters(parentA(), [await mia()]);
        const res = await parentA().put(`/api/parents/registration/drop/${id}`, {});
        if (res.status !== 200) throw new Error(`drop: ${JSON.stringify(res.body)}`);
        return { url: `${PARENT_REGISTRATION}${id}`, payload: {} };
      },
    },
    'PUT /api/parents/registration/drop/:id': {
      access: 'parent',
      expect: PARENT_OF_A,
      request: async (actor) => {
        const id = actor === 'parentA' ? (await parentRegisters(parentA(), [await mia()]))[0] : x().enrolment;
        return { url: `/api/parents/registration/drop/${id}`, payload: {} };
      },
    },
    'GET /api/parents/tuition/schedule': {
      access: 'parent',
      expect: PARENTS,
      request: () => ({ url: '/api/parents/tuition/schedule' }),
    },
    'GET /api/parents/tuition/discount/plans': {
      access: 'parent',
      expect: PARENTS,
      request: () => ({ url: '/api/parents/tuition/discount/plans' }),
    },

    // The owner's, for any family of the studio.
    'GET /api/myStudio/schedule/class/registration/activity/:coAcctMemID': {
      access: 'owner',
      expect: OWNER_OF_X,
      request: () => ({ url: ownerBuilderUrl(x().family) }),
    },
    'POST /api/mystudio/schedule/class/registration': {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async (actor) => {
        if (actor !== 'ownerX') {
          return { url: OWNER_REGISTRATION, payload: { ...someSubmission(), aMemID: x().family } };
        }
        const adds = [await mia()];
        const builder = (await owner().get(ownerBuilderUrl(x().family))).body[1];
        return { url: OWNER_REGISTRATION, payload: ownerSubmission(builder, adds) };
      },
    },
    'POST /api/mystudio/schedule/class/registration/:id': {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async (actor) => ({
        url: `${OWNER_REGISTRATION}/${actor === 'ownerX' ? await dropped() : x().enrolment}`,
        payload: {},
      }),
    },
    'PUT /api/mystudio/schedule/class/registration/drop/:id': {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async (actor) => ({
        url: `${OWNER_REGISTRATION}/drop/${actor === 'ownerX' ? await registered() : x().enrolment}`,
        payload: {},
      }),
    },
    'PUT /api/mystudio/schedule/class/registration/status/:clsRegID': {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async (actor) => ({
        url: `${OWNER_REGISTRATION}/status/${actor === 'ownerX' ? (await pending(1))[0] : x().pending}`,
        payload: { status: 1 },
      }),
    },
    'PUT /api/mystudio/schedule/class/registration/status': {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async (actor) => ({
        url: `${OWNER_REGISTRATION}/status`,
        payload: { ids: actor === 'ownerX' ? await pending(2) : [x().pending], status: 1 },
      }),
    },
    'POST /api/mystudio/schedule/class/registration/status/preview': {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async (actor) => ({
        url: `${OWNER_REGISTRATION}/status/preview`,
        payload: { ids: actor === 'ownerX' ? await pending(1) : [x().pending] },
      }),
    },
    'GET /api/mystudio/schedule/class/registration/pending': {
      access: 'owner',
      expect: ANY_OWNER,
      request: () => ({ url: `${OWNER_REGISTRATION}/pending` }),
    },
    'GET /api/mystudio/schedule/class/registration/pending/count': {
      access: 'owner',
      expect: ANY_OWNER,
      request: () => ({ url: `${OWNER_REGISTRATION}/pending/count` }),
    },
    'GET /api/mystudio/paymentSystem/account/:coAcctMemID': {
      access: 'owner',
      expect: OWNER_OF_X,
      request: () => ({ url: `/api/mystudio/paymentSystem/account/${x().family}` }),
    },
    'GET /api/mystudio/account/:id/paymentSchedule': {
      access: 'owner',
      expect: OWNER_OF_X,
      request: () => ({ url: `/api/mystudio/account/${x().family}/paymentSchedule` }),
    },
    'GET /api/mystudio/account/:id/studentRegistration': {
      access: 'owner',
      expect: OWNER_OF_X,
      request: () => ({ url: `/api/mystudio/account/${x().family}/studentRegistration` }),
    },
  };
}
