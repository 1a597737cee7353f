import type {
  AccountList,
  AccountListItem,
  AnswerOf,
  accountCalls,
  FamilyUser,
  TermsStatus,
} from '@pirouette/domain';
import { session } from '../../../test/fixtures';

export const FAMILY_ID = '0a0a0a0a-0000-4000-8000-000000000001';
export const USER_ID = '0a0a0a0a-0000-4000-8000-000000000002';
export const STUDENT_ID = '0a0a0a0a-0000-4000-8000-000000000003';

export const hartley: AccountListItem = {
  id: FAMILY_ID,
  coAcctMemID: FAMILY_ID,
  lastName: 'Hartley',
  email: 'hartley.family@demo.example',
  phone: '9735550177',
  students: [
    { id: STUDENT_ID, firstName: 'Emma', lastName: 'Hartley' },
    { id: 's2', firstName: 'Noor', lastName: 'Haddad' },
  ],
  balance: null,
  status: 'active',
  createdAt: '2026-09-01T12:00:00.000Z',
};

const family = (i: number, over: Partial<AccountListItem> = {}): AccountListItem => ({
  ...hartley,
  id: `0b0b0b0b-0000-4000-8000-${String(i).padStart(12, '0')}`,
  coAcctMemID: `0b0b0b0b-0000-4000-8000-${String(i).padStart(12, '0')}`,
  lastName: `Family ${i}`,
  email: `family${i}@demo.example`,
  students: [],
  ...over,
});

export function accountList(over: Partial<AccountList> = {}): AccountList {
  return {
    items: [hartley, family(2, { balance: 120.5 })],
    total: 2,
    page: 1,
    pageSize: 10,
    counts: { active: 2, inactive: 1, incomplete: 3 },
    ...over,
  };
}

export const alvarez = family(9, { lastName: 'Alvarez', status: 'inactive' });

export const invitedUser: FamilyUser = {
  id: USER_ID,
  firstName: 'James',
  lastName: 'Hartley',
  phone: '9735550177',
  role: 'Father',
  email: 'james@demo.example',
  login: 'invited',
};

export const accountInfo: AnswerOf<typeof accountCalls.info> = {
  info: {
    id: FAMILY_ID,
    coAcctMemID: FAMILY_ID,
    lastName: 'Hartley',
    address: '15 Park Place',
    address2: '',
    city: 'Montclair',
    state: 'NJ',
    zipcode: '07042',
    phone: '9735550177',
    email: 'hartley.family@demo.example',
    status: 'active',
    createdAt: '2026-09-01T12:00:00.000Z',
  },
  users: [invitedUser],
  contacts: [],
};

export const accountStudents: AnswerOf<typeof accountCalls.students> = {
  students: [
    { id: STUDENT_ID, firstName: 'Emma', lastName: 'Hartley', phone: '', dob: '2016-05-21', gender: 'F' },
  ],
  classes: [],
};

export const accountTerms: TermsStatus[] = [
  {
    id: 't1',
    title: 'studio rules and policies',
    version: 1,
    accepted: true,
    acceptedVersion: 1,
    acceptedAt: '2026-09-01T14:00:00.000Z',
    acceptedBy: 'James Hartley',
    outdated: false,
  },
];

export const accountLog = {
  items: [
    {
      id: 'l1',
      ts: '2026-11-21T14:30:00.000Z',
      action: 'student.added',
      text: 'Student Emma Hartley added',
      by: { name: 'Olivia Bennett', role: 'owner' as const },
    },
  ],
  total: 1,
  page: 1,
  pageSize: 10,
};

export const ownerSession = () => session('owner');
