import { eq } from 'drizzle-orm';
import { waitlistEntries } from '../../src/db/schema/enrolment';
import { classes } from '../../src/db/schema/schedule';
import { type Calls, openClass } from '../fuzz/registration-scene';
import type { Actor } from '../fuzz/scene';
import { type Kit, OWNER_OF_X, PARENT_OF_A, PARENTS, type Row } from './kit';

const WAITLIST = '/api/parents/registration/waitlist';

/**
 * The access matrix of the waitlist (issue 15 point 5). A parent acts on their own family's entries
 * (parent B finds none of family A's: 404); the owner on a class of studio X (studio Y's owner finds
 * none). Each write the allowed actor sends goes through: joining a full class, accepting an open offer,
 * declining, reordering, offering a free place, removing.
 */
export function waitlistRows({ scene, fresh, unique }: Kit): Record<string, Row> {
  const x = () => scene().x;
  const db = () => scene().t.database.db;
  const as = (actor: Actor): Calls => ({
    get: (url) => scene().send(actor, { method: 'GET', url }),
    post: (url, payload = {}) => scene().send(actor, { method: 'POST', url, payload }),
    put: (url, payload) => scene().send(actor, { method: 'PUT', url, ...(payload ? { payload } : {}) }),
  });
  const owner = () => as('ownerX');
  let day = 0;
  /** A class of the current term with no place left (its size set to nothing): one to wait for. */
  const fullClass = async () => {
    const res = await owner().put(`/api/mystudio/yearTerms/set/${x().term}`);
    if (res.status !== 200) throw new Error(`the term: ${JSON.stringify(res.body)}`);
    const id = await openClass(owner(), x(), {
      name: unique('Waitlist'),
      roomID: await fresh.room(),
      day: ++day % 7,
    });
    await db().update(classes).set({ nMax: 0 }).where(eq(classes.id, id));
    return id;
  };
  const studentOf = (actor: Actor) => (actor === 'parentB' ? scene().familyB.student : x().student);
  /** Family A's dancer waiting for a full class; `status` sets the entry as an offer when asked. */
  const waiting = async (status: 'waiting' | 'offered' = 'waiting') => {
    const classId = await fullClass();
    const res = await as('parentA').post(WAITLIST, { stdID: x().student, clSchID: classId });
    if (res.status !== 200) throw new Error(`join: ${JSON.stringify(res.body)}`);
    const id = (res.body[1] as { id: string }).id;
    if (status === 'offered') {
      // An offer holds a place: the class gets one, and the entry holds it for a day.
      await db().update(classes).set({ nMax: 1 }).where(eq(classes.id, classId));
      const until = new Date(scene().t.clock.now().getTime() + 24 * 3600_000);
      await db()
        .update(waitlistEntries)
        .set({ status: 'offered', offeredAt: scene().t.clock.now(), offerExpiresAt: until })
        .where(eq(waitlistEntries.id, id));
    }
    return { id, classId };
  };
  /** Some other studio-X class and entry, for the actors the row refuses. */
  const someEntry = async () => waiting();

  return {
    'GET /api/parents/registration/waitlist': {
      access: 'parent',
      expect: PARENTS,
      request: () => ({ url: WAITLIST }),
    },
    'POST /api/parents/registration/waitlist': {
      access: 'parent',
      expect: PARENTS,
      request: async (actor) => ({
        url: WAITLIST,
        payload: { stdID: studentOf(actor), clSchID: await fullClass() },
      }),
    },
    'POST /api/parents/registration/waitlist/:id/accept': {
      access: 'parent',
      expect: PARENT_OF_A,
      request: async () => ({ url: `${WAITLIST}/${(await waiting('offered')).id}/accept`, payload: {} }),
    },
    'POST /api/parents/registration/waitlist/:id/decline': {
      access: 'parent',
      expect: PARENT_OF_A,
      request: async () => ({ url: `${WAITLIST}/${(await waiting()).id}/decline` }),
    },
    'GET /api/mystudio/schedule/class/:id/waitlist': {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => ({ url: `/api/mystudio/schedule/class/${(await someEntry()).classId}/waitlist` }),
    },
    'PUT /api/mystudio/schedule/class/:id/waitlist/order': {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => {
        const { id, classId } = await waiting();
        return { url: `/api/mystudio/schedule/class/${classId}/waitlist/order`, payload: { ids: [id] } };
      },
    },
    'POST /api/mystudio/schedule/class/:id/waitlist/:entryId/offer': {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => {
        const { id, classId } = await waiting();
        await db().update(classes).set({ nMax: 1 }).where(eq(classes.id, classId));
        return { url: `/api/mystudio/schedule/class/${classId}/waitlist/${id}/offer` };
      },
    },
    'DELETE /api/mystudio/schedule/class/:id/waitlist/:entryId': {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => {
        const { id, classId } = await waiting();
        return { url: `/api/mystudio/schedule/class/${classId}/waitlist/${id}` };
      },
    },
  };
}
