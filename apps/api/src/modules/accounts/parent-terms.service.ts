import {
  type AcceptTermsInput,
  type Actor,
  FAMILY_LOG_ACTIONS,
  type MessageResult,
  type ParentTermsDocument,
  termsAcceptanceMessages,
  termsDocumentMessages,
} from '@pirouette/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../http/errors';
import { logFamily } from '../../kernel/family-log';
import { findFamily, ownFamily } from '../../kernel/family-scope';
import { findDocumentInForce, insertAcceptance, listTermsInForce } from './parent-terms.queries';

type Ctx = { db: Db; actor: Actor };

/** GET api/parents/account/terms: the studio's terms documents to read, in the versions in force. */
export async function getParentTerms({ db, actor }: Ctx): Promise<ParentTermsDocument[]> {
  ownFamily(actor);
  return listTermsInForce(db, actor.companyId);
}

/**
 * POST api/parents/account/terms: the parent accepts a document in the version they read, for their
 * own family. Only the version in force may be accepted (an owner's newer version answers 409, and the
 * parent reads again); the acceptance records who and when, and the family's log tells of it, in one
 * transaction. Accepting a version the family has already accepted changes nothing.
 */
export async function acceptParentTerms({
  db,
  actor,
  input,
}: Ctx & { input: AcceptTermsInput }): Promise<MessageResult> {
  const familyId = ownFamily(actor);
  const { companyId, userId } = actor;
  return db.transaction(async (tx) => {
    // The family's row first, as every change to a family takes it: two parents of one family
    // accepting at once are written one after the other, and the second finds the first's.
    await findFamily(tx, companyId, familyId, { lock: true });
    const doc = await findDocumentInForce(tx, companyId, familyId, input.coTermID);
    if (!doc) throw new AppError('not_found', termsDocumentMessages.notFound);
    if (doc.version !== input.version) throw new AppError('conflict', termsAcceptanceMessages.changed);
    if (doc.lastAccepted === doc.version) {
      return { msg: termsAcceptanceMessages.alreadyAccepted(doc.title, doc.version) };
    }
    await insertAcceptance(tx, { companyId, familyId, documentId: doc.id, version: doc.version, userId });
    await logFamily(tx, {
      actor,
      familyId,
      action: FAMILY_LOG_ACTIONS.termsAccepted,
      detail: { documentId: doc.id, title: doc.title, version: doc.version },
    });
    return { msg: termsAcceptanceMessages.accepted(doc.title, doc.version) };
  });
}
