import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, seg } from '../../../lib/api-client';
import { accountQueryKey } from './get-account-info';

export type AboutStudio = { option: string | null; notes: string };

/** GET api/mystudio/account/{id}/aboutStudio: how the family heard of the studio. */
export const getAccountAbout = (id: string) =>
  api.get<AboutStudio>(`/api/mystudio/account/${seg(id)}/aboutStudio`);

export const accountAboutQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...accountQueryKey(id), 'aboutStudio'] as const,
    queryFn: () => getAccountAbout(id),
  });

export const useAccountAbout = (id: string) => useQuery(accountAboutQueryOptions(id));
