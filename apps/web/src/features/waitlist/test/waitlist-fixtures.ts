import type { WaitlistEntry } from '@pirouette/domain';
import { EMMA, FAMILY, LEO, LYRICAL } from '../../class-registration/lib/builder.fixture';

/** The Riveras' entries (for tests): Leo waits #2 for Lyrical 2, Emma has a place offered in it. */
export const LEO_WAITING = 'a1000000-0000-4000-8000-000000000001';
export const EMMA_OFFER = 'a1000000-0000-4000-8000-000000000002';

export function entry(more: Partial<WaitlistEntry> & Pick<WaitlistEntry, 'id'>): WaitlistEntry {
  return {
    clSchID: LYRICAL,
    className: 'Lyrical 2',
    stdID: LEO,
    student: 'Leo Rivera',
    coAcctMemID: FAMILY,
    family: 'Rivera',
    status: 'waiting',
    position: null,
    offeredAt: null,
    expiresAt: null,
    createdAt: '2026-11-10T15:00:00.000Z',
    ...more,
  };
}

export const riveraEntries = (): WaitlistEntry[] => [
  entry({ id: LEO_WAITING, position: 2 }),
  entry({
    id: EMMA_OFFER,
    stdID: EMMA,
    student: 'Emma Rivera',
    status: 'offered',
    offeredAt: '2026-11-21T15:00:00.000Z',
    expiresAt: '2026-11-22T15:00:00.000Z',
  }),
];
