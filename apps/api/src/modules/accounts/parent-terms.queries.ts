import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { termsAcceptances } from '../../db/schema/families';
import { termsDocuments } from '../../db/schema/terms';

/** A studio has two documents; the bound only keeps a broken studio from answering a huge list. */
const DOCUMENTS_LIMIT = 50;

/** The studio's terms documents, each in the version in force, in the documents' order. */
export function listTermsInForce(db: Db, companyId: string) {
  return db
    .select({
      id: termsDocuments.id,
      title: termsDocuments.title,
      content: termsDocuments.content,
      version: termsDocuments.version,
    })
    .from(termsDocuments)
    .where(eq(termsDocuments.companyId, companyId))
    .orderBy(asc(termsDocuments.sortOrder), asc(termsDocuments.createdAt), asc(termsDocuments.id))
    .limit(DOCUMENTS_LIMIT);
}

/**
 * The studio's documents in force, in their order, each with the version the family accepted last (null
 * when never): what a registration asks the family to accept, read in one statement for a batch.
 */
export function termsToAcceptRead(db: Db, companyId: string, familyId: string) {
  return db
    .select({
      id: termsDocuments.id,
      title: termsDocuments.title,
      version: termsDocuments.version,
      lastAccepted: sql<number | null>`(select a.version from ${termsAcceptances} a
        where a.company_id = ${companyId} and a.family_id = ${familyId}
          and a.document_id = terms_documents.id and a.accepted
        order by a.created_at desc, a.id desc limit 1)`,
    })
    .from(termsDocuments)
    .where(eq(termsDocuments.companyId, companyId))
    .orderBy(asc(termsDocuments.sortOrder), asc(termsDocuments.createdAt), asc(termsDocuments.id))
    .limit(DOCUMENTS_LIMIT);
}

/**
 * A document of the studio, its row shared-locked for the rest of the transaction: an owner's edit
 * (which locks it for update to take the next version) waits, so the version accepted is still the
 * one in force when the acceptance is written.
 */
export async function findDocumentInForce(db: Db, companyId: string, id: string) {
  const [row] = await db
    .select({ id: termsDocuments.id, title: termsDocuments.title, version: termsDocuments.version })
    .from(termsDocuments)
    .where(and(eq(termsDocuments.companyId, companyId), eq(termsDocuments.id, id)))
    .limit(1)
    .for('share');
  return row ?? null;
}

/** The version of a document the family accepted last, or null. */
export async function lastAcceptedVersion(db: Db, companyId: string, familyId: string, documentId: string) {
  const [row] = await db
    .select({ version: termsAcceptances.version })
    .from(termsAcceptances)
    .where(
      and(
        eq(termsAcceptances.companyId, companyId),
        eq(termsAcceptances.familyId, familyId),
        eq(termsAcceptances.documentId, documentId),
        eq(termsAcceptances.accepted, true),
      ),
    )
    .orderBy(desc(termsAcceptances.createdAt), desc(termsAcceptances.id))
    .limit(1);
  return row?.version ?? null;
}

export async function insertAcceptance(
  db: Db,
  values: { companyId: string; familyId: string; documentId: string; version: number; userId: string },
) {
  await db.insert(termsAcceptances).values({ ...values, accepted: true });
}
