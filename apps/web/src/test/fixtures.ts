import type { MeResult, Role, YearTerm } from '@pirouette/domain';

export const STUDIO_ID = '11111111-1111-4111-8111-111111111111';
export const OTHER_STUDIO_ID = '22222222-2222-4222-8222-222222222222';

export const yearTerm: YearTerm = {
  id: '33333333-3333-4333-8333-333333333333',
  companyID: STUDIO_ID,
  name: '2026-2027',
  dateStart: '2026-09-01',
  dateEnd: '2027-06-30',
  notes: '',
  isCurrent: true,
};

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

export function session(role: Role, overrides: Partial<MeResult> = {}): MeResult {
  return {
    user: {
      id: '44444444-4444-4444-8444-444444444444',
      nPriv: role,
      cName: 'Demo Dance Academy',
      cID: STUDIO_ID,
      expT: inAnHour(),
      firstName: 'Dana',
      lastName: 'Owens',
      email: role === 'owner' ? 'owner@demo.example' : 'parent@demo.example',
      phone: '5551234567',
      timeZone: 'America/New_York',
    },
    yrTrm: yearTerm,
    nAccts: 1,
    accts: [
      {
        id: '55555555-5555-4555-8555-555555555555',
        cID: STUDIO_ID,
        cName: 'Demo Dance Academy',
        nPriv: role,
      },
    ],
    ...overrides,
  };
}

export const multiSession = (): MeResult =>
  session('owner', {
    nAccts: 2,
    accts: [
      {
        id: '55555555-5555-4555-8555-555555555555',
        cID: STUDIO_ID,
        cName: 'Demo Dance Academy',
        nPriv: 'owner',
      },
      {
        id: '66666666-6666-4666-8666-666666666666',
        cID: OTHER_STUDIO_ID,
        cName: 'Second Position Ballet',
        nPriv: 'user',
      },
    ],
  });
