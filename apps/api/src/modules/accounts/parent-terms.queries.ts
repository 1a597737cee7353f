import { and, asc, eq, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { termsAcceptances } from '../../db/schema/families';
import { termsDocuments } from '../../db/schema/terms';

/** A studio has two documents; the bound only keeps a broken studio from answering a huge list. */
const DOCUMENTS_LIMIT = 50;

/** A select of terms documents narrowed to the studio's in force, in the documents' order. */
function inForce<T extends PgSelect>(query: T, companyId: string) {
  return query
    .where(eq(termsDocuments.companyId, companyId))
    .orderBy(asc(termsDocuments.sortOrder), asc(termsDocuments.createdAt), asc(termsDocuments.id))
    .limit(DOCUMENTS_LIMIT);
}

const shown = {
  id: termsDocuments.id,
  title: termsDocuments.title,
  content: termsDocuments.content,
  version: termsDocuments.version,
};

/** The studio's terms documents, each in the version in force, in the documents' order. */
export function listTermsInForce(db: Db, companyId: string) {
  return inForce(db.select(shown).from(termsDocuments).$dynamic(), companyId);
}

/**
 * The version of the document read beside it the family accepted last (null when never): the rule, in
 * one place, for a registration, the builder and the account's page. The document's id is written out
 * (Drizzle would write a column of the outer table unqualified, which the subquery reads as its own).
 */
function lastAcceptedOf(companyId: string, familyId: string) {
  return sql<number | null>`(select a.version from ${termsAcceptances} a
    where a.company_id = ${companyId} and a.family_id = ${familyId}
      and a.document_id = terms_documents.id and a.accepted
    order by a.created_at desc, a.id desc limit 1)`;
}

/**
 * The studio's documents in force, in their order, each with the version the family accepted last (null
 * when never): what a registration asks the family to accept, read in one statement for a batch.
 */
export function termsToAcceptRead(db: Db, companyId: string, familyId: string) {
  const fields = {
    id: termsDocuments.id,
    title: termsDocuments.title,
    version: termsDocuments.version,
    lastAccepted: lastAcceptedOf(companyId, familyId),
  };
  return inForce(db.select(fields).from(termsDocuments).$dynamic(), companyId);
}

/** termsToAcceptRead with each document's text, for the builder to show (a read for a batch). */
export function termsToShowRead(db: Db, companyId: string, familyId: string) {
  const fields = { ...shown, lastAccepted: lastAcceptedOf(companyId, familyId) };
  return inForce(db.select(fields).from(termsDocuments).$dynamic(), companyId);
}

/**
 * A document of the studio with the version the family accepted last, its row shared-locked for the
 * rest of the transaction: an owner's edit (which locks it for update to take the next version) waits,
 * so the version accepted is still the one in force when the acceptance is written.
 */
export async function findDocumentInForce(db: Db, companyId: string, familyId: string, id: string) {
  const [row] = await db
    .select({
      id: termsDocuments.id,
      title: termsDocuments.title,
      version: termsDocuments.version,
      lastAccepted: lastAcceptedOf(companyId, familyId),
    })
    .from(termsDocuments)
    .where(and(eq(termsDocuments.companyId, companyId), eq(termsDocuments.id, id)))
    .limit(1)
    .for('share', { of: termsDocuments });
  return row ?? null;
}

export async function insertAcceptance(
  db: Db,
  values: { companyId: string; familyId: string; documentId: string; version: number; userId: string },
) {
  await db.insert(termsAcceptances).values({ ...values, accepted: true });
}
