import { z } from 'zod';
import { insufficientIfEmpty, requiredObject, text } from '../fields';

export const TERMS_DOCUMENT_LIMITS = {
  title: 120,
  content: 20_000,
  /** Versions listed for one document, newest first. */
  versionsListed: 500,
} as const;

export const termsDocumentMessages = {
  notFound: 'This document could not be found.',
  nothingChanged: 'Nothing changed.',
} as const;

// Tab, line feed and carriage return are text; every other control character is refused.
// biome-ignore lint/suspicious/noControlCharactersInRegex: that is the point of this pattern
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** A document's text: line breaks kept (normalised to \n), outer blank space trimmed. */
const termsContent = z
  .string()
  .transform((s) => s.replace(/\r\n?/g, '\n'))
  .pipe(
    z
      .string()
      .max(
        TERMS_DOCUMENT_LIMITS.content,
        `The text must be at most ${TERMS_DOCUMENT_LIMITS.content.toLocaleString('en-US')} characters`,
      )
      .refine((s) => !CONTROL.test(s), 'The text contains characters that are not allowed'),
  );

/** A terms document as the owner edits it (000 §3): its current version. */
export const termsDocument = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  version: z.number().int(),
  updatedAt: z.string().describe('ISO 8601 instant of the last edit'),
});
export type TermsDocument = z.infer<typeof termsDocument>;
export const termsDocumentList = z.array(termsDocument);

/** One kept version of a document; `createdBy` is the editor's name, null when unknown. */
export const termsDocumentVersion = z.object({
  id: z.string(),
  version: z.number().int(),
  title: z.string(),
  content: z.string(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});
export type TermsDocumentVersion = z.infer<typeof termsDocumentVersion>;
export const termsDocumentVersionList = z.array(termsDocumentVersion);

/** PUT mystudio/documents/{id}: saves a new version. */
export const updateTermsDocumentInput = requiredObject({
  title: insufficientIfEmpty(text(TERMS_DOCUMENT_LIMITS.title, 'Title')),
  content: insufficientIfEmpty(termsContent),
});
export type UpdateTermsDocumentInput = z.input<typeof updateTermsDocumentInput>;

export const updateTermsDocumentResult = z.object({ msg: z.string(), version: z.number().int() });
