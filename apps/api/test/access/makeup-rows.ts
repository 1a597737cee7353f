import { addDays, todayInZone, weekdayOf } from '@pirouette/domain';
import { makeupBookings, makeupCredits } from '../../src/db/schema/attendance';
import { classes } from '../../src/db/schema/schedule';
import { ANY_OWNER, type Kit, OWNER_OF_X, PARENT_OF_A, PARENTS, type Row } from './kit';

/**
 * The access matrix of make-ups (issue 36 point 4, decision 064). A parent lists, books and cancels their
 * own family's (parent B finds none of family A's credits or bookings: 404); the owner reads, gives and
 * removes the credits of a family of studio X (studio Y's owner finds none) and keeps the studio's
 * settings; a teacher is refused all of it. Each write acts on a throwaway credit, class or booking.
 */
export function makeupRows({ scene, unique }: Kit): Record<string, Row> {
  const x = () => scene().x;
  const db = () => scene().t.database.db;
  const today = () => todayInZone('America/New_York', scene().t.clock.now());
  /** A class for all ages meeting three days from today, with room to spare: answers it and the date. */
  const meeting = async () => {
    const date = addDays(today(), 3);
    const [row] = await db()
      .insert(classes)
      .values({
        companyId: x().company,
        yearTermId: x().term,
        roomId: x().room,
        teacherId: x().teacher,
        priceId: x().classPrice,
        name: unique('Make-up class'),
        day: weekdayOf(date),
        timeStart: '16:00:00',
        timeEnd: '17:00:00',
        ageMin: 0,
        ageMax: 99,
        nMax: 20,
      })
      .returning({ id: classes.id });
    return { classId: row!.id, date };
  };
  /** An open credit of family A's dancer, given by hand (it relates to any class). */
  const credit = async (state: 'open' | 'booked' = 'open') => {
    const [row] = await db()
      .insert(makeupCredits)
      .values({
        companyId: x().company,
        familyId: x().family,
        studentId: x().student,
        source: 'owner',
        expiresOn: addDays(today(), 30),
        state,
      })
      .returning({ id: makeupCredits.id });
    return row!.id;
  };
  /** A booking of family A's dancer three days ahead (before any cut-off). */
  const booking = async () => {
    const creditId = await credit('booked');
    const m = await meeting();
    const [row] = await db()
      .insert(makeupBookings)
      .values({
        companyId: x().company,
        creditId,
        familyId: x().family,
        studentId: x().student,
        classId: m.classId,
        meetingDate: m.date,
      })
      .returning({ id: makeupBookings.id });
    return row!.id;
  };

  return {
    'GET /api/parents/makeups': {
      access: 'parent',
      expect: PARENTS,
      request: () => ({ url: '/api/parents/makeups' }),
    },
    'POST /api/parents/makeups': {
      access: 'parent',
      expect: PARENT_OF_A,
      request: async () => {
        const m = await meeting();
        return {
          url: '/api/parents/makeups',
          payload: { creditID: await credit(), clSchID: m.classId, date: m.date },
        };
      },
    },
    'DELETE /api/parents/makeups/:id': {
      access: 'parent',
      expect: PARENT_OF_A,
      request: async () => ({ url: `/api/parents/makeups/${await booking()}` }),
    },
    'GET /api/mystudio/account/:id/makeups': {
      access: 'owner',
      expect: OWNER_OF_X,
      request: () => ({ url: `/api/mystudio/account/${x().family}/makeups` }),
    },
    'POST /api/mystudio/account/:id/makeups': {
      access: 'owner',
      expect: OWNER_OF_X,
      request: () => ({
        url: `/api/mystudio/account/${x().family}/makeups`,
        payload: { studentID: x().student, expiresOn: addDays(today(), 14), note: 'Sick week' },
      }),
    },
    'DELETE /api/mystudio/makeups/:id': {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => ({ url: `/api/mystudio/makeups/${await credit()}?note=Moved` }),
    },
    'GET /api/mystudio/attendance/settings': {
      access: 'owner',
      expect: ANY_OWNER,
      request: () => ({ url: '/api/mystudio/attendance/settings' }),
    },
    'PUT /api/mystudio/attendance/settings': {
      access: 'owner',
      expect: ANY_OWNER,
      request: () => ({
        url: '/api/mystudio/attendance/settings',
        payload: { makeupWindowDays: 30, makeupCancelHours: 24, closureGivesMakeups: false },
      }),
    },
  };
}
