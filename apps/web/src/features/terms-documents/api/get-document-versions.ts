import type { TermsDocumentVersion } from '@pirouette/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, seg } from '../../../lib/api-client';
import { documentsQueryKey } from './get-documents';

/** Under the documents' key, so that saving a document refreshes its history too. */
export const documentVersionsQueryKey = (id: string) => [...documentsQueryKey, id, 'versions'] as const;

export const getDocumentVersions = (id: string) =>
  api.get<TermsDocumentVersion[]>(`/api/mystudio/documents/${seg(id)}/versions`);

export const documentVersionsQueryOptions = (id: string) =>
  queryOptions({ queryKey: documentVersionsQueryKey(id), queryFn: () => getDocumentVersions(id) });

export const useDocumentVersions = (id: string | null) =>
  useQuery({ ...documentVersionsQueryOptions(id ?? ''), enabled: !!id });
