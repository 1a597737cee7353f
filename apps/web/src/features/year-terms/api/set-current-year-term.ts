import type { YearTerm } from '@pirouette/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, seg } from '../../../lib/api-client';
import { meQueryKey } from '../../auth/api/get-me';
import { yearTermsQueryKey } from './get-year-terms';

export const setCurrentYearTerm = (id: string) => api.put<YearTerm>(`/api/mystudio/yearTerms/set/${seg(id)}`);

/** Makes a term the studio's current one; the session carries the term, so it is fetched again. */
export function useSetCurrentYearTerm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setCurrentYearTerm,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: yearTermsQueryKey }),
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
      ]),
  });
}
