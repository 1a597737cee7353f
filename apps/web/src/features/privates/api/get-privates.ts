import type { PrivatesAnswer } from '@pirouette/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Every privates call lives under this key, so a write refreshes the lists and the open lesson alike. */
export const privatesQueryKey = ['mystudio', 'privates'] as const;

export type PrivatesFilter = { yrTrmID: string | null; locID: string | null };

export const getPrivates = ({ yrTrmID, locID }: PrivatesFilter) => {
  const query = new URLSearchParams();
  if (yrTrmID) query.set('yrTrmID', yrTrmID);
  if (locID) query.set('locID', locID);
  const search = query.toString();
  return api.get<PrivatesAnswer>(`/api/mystudio/privates/${search ? `?${search}` : ''}`);
};

/** The term's teachers, locations and the private lessons of one location (the chosen one, else the server's). */
export const privatesQueryOptions = (filter: PrivatesFilter) =>
  queryOptions({
    queryKey: [...privatesQueryKey, 'list', filter],
    queryFn: () => getPrivates(filter),
    // Switching location keeps the last list on screen instead of flashing a skeleton.
    placeholderData: keepPreviousData,
  });

export const usePrivates = (filter: PrivatesFilter, enabled = true) =>
  useQuery({ ...privatesQueryOptions(filter), enabled });
