import { z } from 'zod';
import { requiredObject, requiredRecordId, requiredWhole } from '../fields';
import { messages } from '../messages';

/**
 * A parent reads and accepts the studio's terms from the portal (issue 13 item 16): each document in
 * the version now in force, accepted by name and version, so an acceptance always says what was read.
 */

/** GET api/parents/account/terms: the studio's terms documents, each in the version in force. */
export const parentTermsDocument = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  /** The version the parent reads, named again when they accept it. */
  version: z.number().int(),
});
export type ParentTermsDocument = z.infer<typeof parentTermsDocument>;
export const parentTermsAnswer = z.array(parentTermsDocument);

/** POST api/parents/account/terms: the document and the version the parent read. */
export const acceptTermsInput = requiredObject({
  coTermID: requiredRecordId,
  version: requiredWhole(1, 1_000_000, messages.insufficientData),
});
export type AcceptTermsInput = z.infer<typeof acceptTermsInput>;

export const termsAcceptanceMessages = {
  accepted: (title: string, version: number) => `Thank you: you accepted the ${title}, version ${version}.`,
  alreadyAccepted: (title: string, version: number) =>
    `You have already accepted the ${title}, version ${version}.`,
  /** The owner saved a new version while the parent was reading the old one. */
  changed:
    'The terms changed while you were reading them. Please read them again and accept the new version.',
} as const;
