import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const getRememberedEmail = () => api.get<{ email: string | null }>('/api/auth/remember');

export const rememberedEmailQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'remember'] as const,
    queryFn: getRememberedEmail,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

export const useRememberedEmail = () => useQuery(rememberedEmailQueryOptions());
