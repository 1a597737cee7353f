import {
  type Actor,
  can,
  messages,
  TERMS_DOCUMENT_LIMITS,
  type TermsDocument,
  type TermsDocumentVersion,
  termsDocumentMessages,
} from '@pirouette/domain';
import type { Db } from '../../db/client';
import type { termsDocuments } from '../../db/schema/terms';
import { AppError, forbidden } from '../../http/errors';
import { audit } from '../../lib/audit';
import { findDocument, listDocuments, listVersions, saveVersion } from './terms-documents.queries';

type Ctx = { db: Db; actor: Actor };

const notFound = () => new AppError('not_found', termsDocumentMessages.notFound);

function presentDocument(row: typeof termsDocuments.$inferSelect): TermsDocument {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The studio's terms documents (000 §3), each at its current version. */
export async function getDocuments({ db, actor }: Ctx): Promise<TermsDocument[]> {
  if (!can(actor, 'studio:read')) throw forbidden();
  return (await listDocuments(db, actor.companyId)).map(presentDocument);
}

export async function getDocumentVersions({
  db,
  actor,
  id,
}: Ctx & { id: string }): Promise<TermsDocumentVersion[]> {
  if (!can(actor, 'studio:read')) throw forbidden();
  if (!(await findDocument(db, actor.companyId, id))) throw notFound();
  const rows = await listVersions(db, actor.companyId, id, TERMS_DOCUMENT_LIMITS.versionsListed);
  return rows.map((r) => ({
    id: r.id,
    version: r.version,
    title: r.title,
    content: r.content,
    createdAt: r.createdAt.toISOString(),
    createdBy: r.firstName == null ? null : `${r.firstName} ${r.lastName ?? ''}`.trim(),
  }));
}

/**
 * Saves an edit as a new version: the old text stays among the versions, so a parent's acceptance
 * keeps naming what they read.
 */
export async function editDocument({
  db,
  actor,
  id,
  title,
  content,
}: Ctx & { id: string; title: string; content: string }): Promise<{ msg: string; version: number }> {
  if (!can(actor, 'studio:manage')) throw forbidden();
  return db.transaction(async (tx) => {
    const doc = await findDocument(tx, actor.companyId, id, true);
    if (!doc) throw notFound();
    if (doc.title === title && doc.content === content) {
      throw new AppError('unprocessable', termsDocumentMessages.nothingChanged);
    }
    const version = doc.version + 1;
    await saveVersion(tx, doc, { version, title, content, userId: actor.userId });
    await audit(tx, {
      action: 'terms_document.update',
      companyId: actor.companyId,
      userId: actor.userId,
      targetType: 'terms_document',
      targetId: id,
      detail: { version },
    });
    return { msg: messages.updateSuccessful, version };
  });
}
