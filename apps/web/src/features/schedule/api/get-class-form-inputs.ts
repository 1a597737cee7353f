import type { ClassFormInputs } from '@pirouette/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const classFormInputsQueryKey = ['mystudio', 'inputs', 'classform'] as const;

/** GET mystudio/inputs/classform: teachers, rooms, the term's class prices, genres, levels, year terms. */
export const getClassFormInputs = (yearTermID: string | null) =>
  api.get<ClassFormInputs>(
    `/api/mystudio/inputs/classform${yearTermID ? `?yearTermID=${encodeURIComponent(yearTermID)}` : ''}`,
  );

export const classFormInputsQueryOptions = (yearTermID: string | null) =>
  queryOptions({
    queryKey: [...classFormInputsQueryKey, yearTermID] as const,
    queryFn: () => getClassFormInputs(yearTermID),
  });

export const useClassFormInputs = (yearTermID: string | null) =>
  useQuery(classFormInputsQueryOptions(yearTermID));
