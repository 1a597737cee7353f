import { FAMILY_LOG_ACTIONS } from '@pirouette/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTwoStudios } from '../../../test/studios-base';
import { auditLog } from '../../db/schema/security';
import { ACCOUNT, deskFamily, ok, registeredFamily } from './accounts.fixture';

const { t, s } = useTwoStudios();
let patel = '';
let desk = '';

beforeAll(async () => {
  patel = await registeredFamily(t, s.companyA, 'patel@parents.example');
  desk = await deskFamily(s.a, { user: { lastName: 'Ivanova' } });
});

const get = (path: string) => s.a.get(`${ACCOUNT}/${path}`);

describe('GET api/myStudio/account/{id}/logs', () => {
  const entry = (action: string, detail: Record<string, unknown>, at: string, userId: string | null) => ({
    companyId: s.companyA,
    userId,
    action,
    targetType: 'family',
    targetId: patel,
    detail,
    createdAt: new Date(at),
  });

  it('tells the changes in words, newest first, with who made them, a page at a time', async () => {
    await t.database.db.insert(auditLog).values([
      entry(
        FAMILY_LOG_ACTIONS.personAdded,
        { type: 'student', name: 'Mia Patel' },
        '2030-02-01T10:00:00Z',
        s.a.userId,
      ),
      entry(
        FAMILY_LOG_ACTIONS.personUpdated,
        { type: 'user', name: 'Priya Patel', changes: ['phone', 'firstName'] },
        '2030-02-02T10:00:00Z',
        null,
      ),
      entry(FAMILY_LOG_ACTIONS.contactInfoUpdated, { changes: ['city'] }, '2030-02-03T10:00:00Z', s.a.userId),
      // Another family's entry, and the studio B owner's: never in this log.
      { ...entry(FAMILY_LOG_ACTIONS.personRemoved, {}, '2030-02-04T10:00:00Z', null), targetId: desk },
      { ...entry(FAMILY_LOG_ACTIONS.personRemoved, {}, '2030-02-04T10:00:00Z', null), companyId: s.companyB },
    ]);
    const first = await ok(s.a.get(`/api/myStudio/account/${patel}/logs?pageSize=2`));
    expect(first).toMatchObject({ total: 4, page: 1, pageSize: 2 });
    expect(first.items).toEqual([
      {
        id: expect.any(String),
        ts: '2030-02-03T10:00:00.000Z',
        action: 'family.contact_info_updated',
        text: 'Contact information updated: city',
        by: { name: 'Ana Lopez', role: 'owner' },
      },
      {
        id: expect.any(String),
        ts: '2030-02-02T10:00:00.000Z',
        action: 'family.person_updated',
        text: 'User Priya Patel updated: phone, first name',
        by: { name: 'System', role: 'system' },
      },
    ]);
    const second = await ok(s.a.get(`/api/mystudio/account/${patel}/logs?pageSize=2&page=2`));
    expect(second.items.map((i: { text: string; by: unknown }) => [i.text, i.by])).toEqual([
      ['Student Mia Patel added', { name: 'Ana Lopez', role: 'owner' }],
      [
        "Family registered through the studio's link, with 2 students and 1 contact",
        { name: 'Priya Patel', role: 'parent' },
      ],
    ]);
    expect((await ok(s.a.get(`${ACCOUNT}/${patel}/logs?page=3&pageSize=2`))).items).toEqual([]);
  });

  it('refuses a page size over 100', async () => {
    expect((await get(`${patel}/logs?pageSize=101`)).status).toBe(400);
  });
});

describe('GET api/mystudio/account/{id}/toc', () => {
  it("answers every terms document with the family's acceptance, outdated once the document changes", async () => {
    const before = await ok(get(`${patel}/toc`));
    expect(before).toHaveLength(2);
    for (const doc of before) {
      expect(doc).toEqual({
        id: expect.any(String),
        title: expect.any(String),
        version: 1,
        accepted: true,
        acceptedVersion: 1,
        acceptedAt: expect.stringMatching(/Z$/),
        acceptedBy: 'Priya Patel',
        outdated: false,
      });
    }
    const edited = before[0];
    await ok(s.a.put(`/api/mystudio/documents/${edited.id}`, { title: edited.title, content: 'New rules.' }));
    const after = await ok(get(`${patel}/toc`));
    expect(
      after.map((d: { id: string; version: number; outdated: boolean; acceptedVersion: number }) => [
        d.id,
        d.version,
        d.acceptedVersion,
        d.outdated,
      ]),
    ).toEqual([
      [edited.id, 2, 1, true],
      [before[1].id, 1, 1, false],
    ]);
    // A family made at the front desk has accepted nothing.
    expect((await ok(get(`${desk}/toc`)))[0]).toMatchObject({
      accepted: false,
      acceptedVersion: null,
      acceptedAt: null,
      acceptedBy: null,
      outdated: false,
    });
  });
});
