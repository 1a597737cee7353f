import { DEFAULT_TERMS, messages, termsDocumentMessages } from '@pirouette/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { targetAuditCount as auditCount, UNKNOWN_ID } from '../../../test/studios';
import { useTwoStudios } from '../../../test/studios-base';
import { termsDocuments, termsDocumentVersions } from '../../db/schema/terms';

const { t, s } = useTwoStudios();

const URL = '/api/mystudio/documents';
type Doc = { id: string; title: string; content: string; version: number; updatedAt: string };

const documentsOf = async (who: 'a' | 'b') => (await s[who].get(URL)).body[1] as Doc[];
const rowOf = async (id: string) =>
  (await t.database.db.select().from(termsDocuments).where(eq(termsDocuments.id, id)))[0]!;
const versionCount = async (id: string) =>
  (await t.database.db.select().from(termsDocumentVersions).where(eq(termsDocumentVersions.documentId, id)))
    .length;

describe('GET api/mystudio/documents', () => {
  it("answers the studio's two seeded documents at version 1, and only its own", async () => {
    const res = await s.a.get('/api/myStudio/Documents');
    expect(res.status).toBe(200);
    const docs = res.body[1] as Doc[];
    expect(docs.map((d) => [d.title, d.content, d.version])).toEqual(
      DEFAULT_TERMS.map((d) => [d.title, d.content, 1]),
    );
    expect(Number.isNaN(Date.parse(docs[0]!.updatedAt))).toBe(false);
    const theirs = await documentsOf('b');
    expect(theirs).toHaveLength(2);
    expect(theirs.map((d) => d.id)).not.toContain(docs[0]!.id);
  });

  it("refuses a parent's token with 403 and no session with 401", async () => {
    expect(await s.parent.get(URL)).toMatchObject({ status: 403, body: [false, messages.forbidden] });
    expect((await s.anonymous.get(URL)).status).toBe(401);
  });
});

describe('PUT api/mystudio/documents/{id}', () => {
  it('saves each edit as the next version, audited, keeping line breaks', async () => {
    const [rules] = await documentsOf('a');
    const content = 'Tuition is due on the 1st.\r\nNo refunds.\n\nBe kind.';
    const first = await s.a.put(`${URL}/${rules!.id}`, { title: 'Studio rules and policies', content });
    expect(first).toMatchObject({
      status: 200,
      body: [true, { msg: messages.updateSuccessful, version: 2 }],
    });
    expect(await rowOf(rules!.id)).toMatchObject({
      title: 'Studio rules and policies',
      content: 'Tuition is due on the 1st.\nNo refunds.\n\nBe kind.',
      version: 2,
    });
    const second = await s.a.put(`${URL}/${rules!.id}`, {
      title: 'Studio rules and policies',
      content: 'v3',
    });
    expect(second.body).toEqual([true, { msg: messages.updateSuccessful, version: 3 }]);
    expect(await versionCount(rules!.id)).toBe(3);
    expect(await auditCount(t, 'terms_document.update', rules!.id)).toBe(2);
    const after = (await documentsOf('a')).find((d) => d.id === rules!.id)!;
    expect(after).toMatchObject({ content: 'v3', version: 3 });
    expect(Date.parse(after.updatedAt)).toBeGreaterThanOrEqual(Date.parse(rules!.updatedAt));
  });

  it("refuses an edit that changes nothing: 'Nothing changed.'", async () => {
    const [, waiver] = await documentsOf('a');
    const res = await s.a.put(`${URL}/${waiver!.id}`, {
      title: ` ${waiver!.title} `,
      content: `${waiver!.content}\n`,
    });
    expect(res).toMatchObject({ status: 422, body: [false, termsDocumentMessages.nothingChanged] });
    expect((await rowOf(waiver!.id)).version).toBe(1);
    expect(await versionCount(waiver!.id)).toBe(1);
  });

  it.each([
    [{ content: 'Text' }, messages.insufficientData],
    [{ title: '  ', content: 'Text' }, messages.insufficientData],
    [{ title: 'Title' }, messages.insufficientData],
    [{ title: 'Title', content: ' \n ' }, messages.insufficientData],
    [{}, messages.insufficientData],
    [{ title: 'x'.repeat(121), content: 'Text' }, 'Title must be at most 120 characters'],
    [{ title: 'Line\nbreak', content: 'Text' }, 'Title contains characters that are not allowed'],
    [{ title: 'Title', content: 'x'.repeat(20_001) }, 'The text must be at most 20,000 characters'],
    [{ title: 'Title', content: 'Bell \u0007' }, 'The text contains characters that are not allowed'],
  ])('refuses %j with its message', async (body, message) => {
    const [, waiver] = await documentsOf('a');
    expect(await s.a.put(`${URL}/${waiver!.id}`, body)).toMatchObject({
      status: 400,
      body: [false, message],
    });
    expect((await rowOf(waiver!.id)).version).toBe(1);
  });

  it('takes content of exactly 20 000 characters', async () => {
    const [, waiver] = await documentsOf('b');
    const res = await s.b.put(`${URL}/${waiver!.id}`, { title: waiver!.title, content: 'y'.repeat(20_000) });
    expect(res.body).toEqual([true, { msg: messages.updateSuccessful, version: 2 }]);
  });

  it('refuses a malformed id with 400', async () => {
    expect(await s.a.put(`${URL}/abc`, { title: 'T', content: 'C' })).toMatchObject({
      status: 400,
      body: [false, messages.invalidId],
    });
  });

  it("answers 404 for another studio's document and changes nothing", async () => {
    const [theirs] = await documentsOf('b');
    expect(await s.a.put(`${URL}/${theirs!.id}`, { title: 'Mine', content: 'Now' })).toMatchObject({
      status: 404,
      body: [false, termsDocumentMessages.notFound],
    });
    expect(await rowOf(theirs!.id)).toMatchObject({ title: theirs!.title, version: theirs!.version });
    expect((await s.a.put(`${URL}/${UNKNOWN_ID}`, { title: 'T', content: 'C' })).status).toBe(404);
  });

  it("refuses a parent's token with 403", async () => {
    const [rules] = await documentsOf('a');
    expect((await s.parent.put(`${URL}/${rules!.id}`, { title: 'T', content: 'C' })).status).toBe(403);
    expect((await rowOf(rules!.id)).version).toBe(rules!.version);
  });

  it('leaves the parent sign-up page reading the current version', async () => {
    const [rules] = await documentsOf('a');
    await s.a.put(`${URL}/${rules!.id}`, { title: rules!.title, content: 'What parents read now.' });
    const res = await t.call({ method: 'GET', url: `/api/registration/parent/company/${s.a.companyId}` });
    expect(res.body[1].terms).toContainEqual({
      id: rules!.id,
      title: rules!.title,
      content: 'What parents read now.',
      version: rules!.version + 1,
    });
  });
});

describe('GET api/mystudio/documents/{id}/versions', () => {
  it('answers the versions newest first, with who saved each', async () => {
    const [rules] = await documentsOf('b');
    await s.b.put(`${URL}/${rules!.id}`, { title: 'Rules', content: 'Second text' });
    const res = await s.b.get(`${URL}/${rules!.id}/versions`);
    expect(res.status).toBe(200);
    const versions = res.body[1];
    expect(versions).toHaveLength(2);
    expect(versions[0]).toMatchObject({
      version: 2,
      title: 'Rules',
      content: 'Second text',
      createdBy: 'Ana Lopez',
    });
    expect(versions[1]).toMatchObject({
      version: 1,
      title: DEFAULT_TERMS[0].title,
      content: DEFAULT_TERMS[0].content,
    });
    expect(versions[0].id).toHaveLength(36);
    expect(Number.isNaN(Date.parse(versions[0].createdAt))).toBe(false);
  });

  it('refuses a malformed id with 400', async () => {
    expect(await s.a.get(`${URL}/nope/versions`)).toMatchObject({
      status: 400,
      body: [false, messages.invalidId],
    });
  });

  it("answers 404 for another studio's document", async () => {
    const [theirs] = await documentsOf('b');
    expect(await s.a.get(`${URL}/${theirs!.id}/versions`)).toMatchObject({
      status: 404,
      body: [false, termsDocumentMessages.notFound],
    });
  });

  it("refuses a parent's token with 403", async () => {
    const [rules] = await documentsOf('a');
    expect((await s.parent.get(`${URL}/${rules!.id}/versions`)).status).toBe(403);
  });
});
