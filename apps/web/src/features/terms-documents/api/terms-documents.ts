import { LIST_REFRESH_THROTTLE_MS, termsDocumentCalls } from '@pirouette/domain';
import { skipToken, useQuery } from '@tanstack/react-query';
import { callQuery, scopeOf, useCall, useCallMutation } from '../../../lib/call';

/** Every document query: a document's versions are under the documents' path, so an edit refreshes them too. */
const documents = scopeOf(termsDocumentCalls.list);

export const useDocuments = () =>
  useCall(termsDocumentCalls.list, undefined, { staleTime: LIST_REFRESH_THROTTLE_MS });

/** A document's versions, newest first; nothing is asked while no document is chosen. */
export const useDocumentVersions = (id: string | null) =>
  useQuery(
    id
      ? callQuery(termsDocumentCalls.versions, { params: { id } })
      : { queryKey: [...documents, 'no document'], queryFn: skipToken },
  );

export const useUpdateDocument = () => useCallMutation(termsDocumentCalls.edit, { invalidates: [documents] });
