import type { ParentAccount } from '@pirouette/domain';

/** The demo Patel family as GET api/parents/account/ answers it. */
export const FAMILY_ID = '8a241726-4877-481f-8608-f0a6553d498f';
export const DEV_ID = '150fe343-5aa5-42d1-8034-e2412a1bd1ab';
export const ANIKA_ID = '57f325f5-a271-4a01-8326-f4aa4a2fc2ca';
export const PRIYA_ID = 'd69be91f-f19f-48c8-9085-ad79b7aa0826';
export const RAJ_ID = 'adcaab1f-6936-4f1b-b38d-9e0a86fd038b';

const registration = {
  clSchID: '78cf642d-3b12-40f0-8804-42287d8f55e2',
  teacher: 'Camille Durand',
  room: 'Studio A',
  location: 'Main Street Studio',
  level: 1,
  Pr_0: 65,
  Pr_i: 65,
  Pr_f: 65,
  nTh: 0,
  iStatus: 10,
  status: 1,
  status_clsReg: 1,
  status_clsRegAct: 1 as const,
  approved: true,
  Date_i: '2026-09-01',
  Date_f: '2027-06-30',
  isDropped: false,
};

export const patelFamily = (): ParentAccount => ({
  acctInfo: {
    id: FAMILY_ID,
    coAcctMemID: FAMILY_ID,
    lastName: 'Patel',
    address: '15 Park Place',
    address2: '',
    city: 'Montclair',
    state: 'NJ',
    zipcode: '07042',
    phone: '9735550150',
    email: 'parent@demo.example',
    status: 'active',
    createdAt: '2026-08-01T12:00:00.000Z',
  },
  users: [
    {
      id: PRIYA_ID,
      firstName: 'Dana',
      lastName: 'Owens',
      phone: '9735550123',
      role: 'Mother',
      email: 'parent@demo.example',
      login: 'active',
    },
    {
      id: '99999999-9999-4999-8999-999999999999',
      firstName: 'Sam',
      lastName: 'Patel',
      phone: '9735550188',
      role: 'Father',
      email: 'sam@example.com',
      login: 'invited',
    },
  ],
  contacts: [{ id: RAJ_ID, firstName: 'Raj', lastName: 'Patel', phone: '9735550199', role: 'Grandparent' }],
  stds: [
    { id: DEV_ID, firstName: 'Dev', lastName: 'Patel', phone: '', dob: '2018-07-02', gender: 'M' },
    {
      id: ANIKA_ID,
      firstName: 'Anika',
      lastName: 'Patel',
      phone: '9735550111',
      dob: '2015-03-14',
      gender: 'F',
    },
  ],
  cls: [
    {
      ...registration,
      clsRegID: '7171b850-c7b8-4628-bd57-42a655eb756d',
      acctStudentID: DEV_ID,
      name: 'Ballet 1',
      day: 0,
      timeStart: '17:00:00',
      timeEnd: '18:00:00',
    },
    {
      ...registration,
      clsRegID: '2cc536a5-3242-44d7-a955-07a135e75d4f',
      acctStudentID: DEV_ID,
      name: 'Tap 1',
      day: 3,
      timeStart: '16:30:00',
      timeEnd: '17:15:00',
      iStatus: -1,
      isDropped: true,
    },
  ],
  tuit: null,
  trmCond: [
    {
      id: 'cc68ce4b-90d6-4e08-a6bd-f7dd51777ef1',
      title: 'studio rules and policies',
      version: 2,
      accepted: true,
      acceptedVersion: 2,
      acceptedAt: '2026-08-20T01:30:00.000Z',
      acceptedBy: 'Dana Owens',
      outdated: false,
    },
    {
      id: '8ba5b383-9e2c-43ba-8c64-55c65519fdfc',
      title: 'media release and liability waiver',
      version: 1,
      accepted: false,
      acceptedVersion: null,
      acceptedAt: null,
      acceptedBy: null,
      outdated: false,
    },
  ],
  aReg: true,
});
