import type { CreatedResult, YearTermFieldsInput } from '@pirouette/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { yearTermsQueryKey } from './get-year-terms';

export const createYearTerm = (body: YearTermFieldsInput) =>
  api.post<CreatedResult>('/api/mystudio/yearTerms/new', body);

/** A new term; the server generates its payment plans with it. */
export function useCreateYearTerm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createYearTerm,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: yearTermsQueryKey }),
  });
}
