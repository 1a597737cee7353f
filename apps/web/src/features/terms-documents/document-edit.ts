import type { TermsDocument, UpdateTermsDocumentInput } from '@pirouette/domain';

/** The text as the server will keep it: line breaks as \n, outer blank space trimmed. */
const normalise = (text: string) => text.replace(/\r\n?/g, '\n').trim();

/** True when saving would keep the document as it is (the server refuses that: 'Nothing changed.'). */
export function isUnchanged(doc: Pick<TermsDocument, 'title' | 'content'>, values: UpdateTermsDocumentInput) {
  return normalise(values.title) === doc.title && normalise(values.content) === doc.content;
}

/** Titles are stored as the spec names them ('studio rules and policies'); a heading starts with a capital. */
export const headingOf = (title: string) => title.charAt(0).toUpperCase() + title.slice(1);
