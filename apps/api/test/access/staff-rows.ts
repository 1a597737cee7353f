import { ANY_OWNER, type Expect, type Kit, OWNER_OF_X, type Row, TEACHERS } from './kit';

/** A link's secret that names no invitation: the same 400 for anyone, signed in or not. */
const NO_LINK: Expect = {
  anonymous: 400,
  parentA: 400,
  parentB: 400,
  ownerX: 400,
  ownerY: 400,
  teacherX: 400,
};

/**
 * The access matrix of teachers who sign in (issue 36, decision 061): Staff → Registration is the
 * owner's (studio Y's owner finds none of X's teachers); the invitation link's calls are public, found
 * by the link alone; a teacher's own classes are the teacher's only.
 */
export function staffRows(kit: Kit): Record<string, Row> {
  const freshTeacher = () =>
    kit.made('/api/mystudio/teachers', {
      firstName: 'Ines',
      lastName: kit.unique('Staff'),
      address: '9 Oak Ave',
      city: 'Newark',
      state: 'NJ',
      zipcode: '07102',
      phone: '9735550177',
      email: `${kit.unique('staff').replace(' ', '-')}@matrix.example`,
    });
  return {
    'GET /api/mystudio/staff/registration': {
      access: 'owner',
      expect: ANY_OWNER,
      request: () => ({ url: '/api/mystudio/staff/registration' }),
    },
    'POST /api/mystudio/staff/registration': {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => ({
        url: '/api/mystudio/staff/registration',
        payload: { teacherID: await freshTeacher() },
      }),
    },
    'DELETE /api/mystudio/staff/registration/:id': {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => {
        const id = await freshTeacher();
        const invited = await kit.scene().send('ownerX', {
          method: 'POST',
          url: '/api/mystudio/staff/registration',
          payload: { teacherID: id },
        });
        if (invited.status !== 200) throw new Error(`invite: ${invited.text}`);
        return { url: `/api/mystudio/staff/registration/${id}` };
      },
    },
    'POST /api/staff/invitation': {
      access: 'public',
      expect: NO_LINK,
      request: () => ({ url: '/api/staff/invitation', payload: { token: 'Q'.repeat(43) } }),
    },
    'POST /api/staff/invitation/accept': {
      access: 'public',
      expect: NO_LINK,
      request: () => ({
        url: '/api/staff/invitation/accept',
        payload: { token: 'Q'.repeat(43), password: 'Teach1234' },
      }),
    },
    'GET /api/teacher/classes': {
      access: 'teacher',
      expect: TEACHERS,
      request: () => ({ url: '/api/teacher/classes' }),
    },
  };
}
