import { LIST_REFRESH_THROTTLE_MS, type TermsDocument } from '@pirouette/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const documentsQueryKey = ['mystudio', 'documents'] as const;

export const getDocuments = () => api.get<TermsDocument[]>('/api/mystudio/documents');

export const documentsQueryOptions = () =>
  queryOptions({ queryKey: documentsQueryKey, queryFn: getDocuments, staleTime: LIST_REFRESH_THROTTLE_MS });

export const useDocuments = () => useQuery(documentsQueryOptions());
