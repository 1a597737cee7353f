import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { termsDocuments, termsDocumentVersions } from '../../db/schema/terms';
import { users } from '../../db/schema/users';

/** A studio has two documents; the bound only keeps a broken studio from answering a huge list. */
const DOCUMENTS_LIMIT = 50;

export function listDocuments(db: Db, companyId: string) {
  return db
    .select()
    .from(termsDocuments)
    .where(eq(termsDocuments.companyId, companyId))
    .orderBy(asc(termsDocuments.sortOrder), asc(termsDocuments.createdAt), asc(termsDocuments.id))
    .limit(DOCUMENTS_LIMIT);
}

/** A document of the studio; `lock` holds its row so that two edits cannot take the same version. */
export async function findDocument(db: Db, companyId: string, id: string, lock = false) {
  const query = db
    .select()
    .from(termsDocuments)
    .where(and(eq(termsDocuments.companyId, companyId), eq(termsDocuments.id, id)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** A document's versions, newest first, with the name of whoever saved each. */
export function listVersions(db: Db, companyId: string, documentId: string, limit: number) {
  return db
    .select({
      id: termsDocumentVersions.id,
      version: termsDocumentVersions.version,
      title: termsDocumentVersions.title,
      content: termsDocumentVersions.content,
      createdAt: termsDocumentVersions.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(termsDocumentVersions)
    .leftJoin(users, eq(users.id, termsDocumentVersions.createdByUserId))
    .where(
      and(eq(termsDocumentVersions.companyId, companyId), eq(termsDocumentVersions.documentId, documentId)),
    )
    .orderBy(desc(termsDocumentVersions.version))
    .limit(limit);
}

/** Makes `version` the document's current text and keeps it among its versions. */
export async function saveVersion(
  db: Db,
  doc: { companyId: string; id: string },
  values: { version: number; title: string; content: string; userId: string },
) {
  const [row] = await db
    .update(termsDocuments)
    .set({ title: values.title, content: values.content, version: values.version, updatedAt: sql`now()` })
    .where(and(eq(termsDocuments.companyId, doc.companyId), eq(termsDocuments.id, doc.id)))
    .returning({ updatedAt: termsDocuments.updatedAt });
  await db.insert(termsDocumentVersions).values({
    companyId: doc.companyId,
    documentId: doc.id,
    version: values.version,
    title: values.title,
    content: values.content,
    createdByUserId: values.userId,
    createdAt: row!.updatedAt,
  });
}
