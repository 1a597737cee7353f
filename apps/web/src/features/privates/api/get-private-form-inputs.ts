import type { PrivateFormInputs } from '@pirouette/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, seg } from '../../../lib/api-client';

export const privateFormInputsQueryKey = ['mystudio', 'inputs', 'privateForm'] as const;

export const getPrivateFormInputs = (yearTermID: string | null) =>
  api.get<PrivateFormInputs>(
    `/api/mystudio/inputs/privateForm${yearTermID ? `?yearTermID=${seg(yearTermID)}` : ''}`,
  );

/** The options of the private-lesson form: teachers, the term's private prices, genres, locations, types. */
export const privateFormInputsQueryOptions = (yearTermID: string | null) =>
  queryOptions({
    queryKey: [...privateFormInputsQueryKey, yearTermID],
    queryFn: () => getPrivateFormInputs(yearTermID),
    staleTime: 30_000,
  });

export const usePrivateFormInputs = (yearTermID: string | null, enabled = true) =>
  useQuery({ ...privateFormInputsQueryOptions(yearTermID), enabled });
