import type { ParentAccount } from '@pirouette/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Every change a parent makes to their family invalidates this one key. */
export const parentAccountQueryKey = ['parents', 'account'] as const;

export const getParentAccount = () => api.get<ParentAccount>('/api/parents/account/');

/** GET api/parents/account/: the parent's own family, whole (001 §7 Parent). */
export const parentAccountQueryOptions = () =>
  queryOptions({ queryKey: parentAccountQueryKey, queryFn: getParentAccount });

export const useParentAccount = () => useQuery(parentAccountQueryOptions());
